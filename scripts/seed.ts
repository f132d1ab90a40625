/**
 * Resets the local D1 database to the demo data: `node scripts/seed.ts` (Node 22+ strips the types).
 * It writes SQL and hands it to `wrangler d1 execute --local`, the same path migrations take.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../api/lib/password.ts";
import { propertyStateFromUnits } from "../domain/listing-status.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-data.ts";
import { DEMO_PROPERTIES } from "./demo-properties.ts";
import { encodePng } from "./png.ts";

const quote = (value: string | number | boolean | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : typeof value === "boolean" ? (value ? "1" : "0") : `'${value.replace(/'/g, "''")}'`;

function isoDate(daysFromNow: number) {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

const statements: string[] = [
  "DELETE FROM unit_photos;",
  "DELETE FROM property_units;",
  "DELETE FROM properties;",
  "DELETE FROM booking_requests;",
  "DELETE FROM user_interactions;",
  "DELETE FROM audit_log;",
  "DELETE FROM impersonations;",
  "DELETE FROM sign_in_attempts;",
  "DELETE FROM users;",
];

for (const account of DEMO_ACCOUNTS) {
  const hash = await hashPassword(DEMO_PASSWORD);
  statements.push(
    `INSERT INTO users (public_id, email, password_hash, role, type, first_name, last_name, company_name, locale, onboarding_status, commercial_model, bidding_tag, kyc_applicable, kyc_status, features) VALUES (${[
      account.publicId,
      account.email,
      hash,
      account.role,
      account.type,
      account.firstName,
      account.lastName,
      account.companyName,
      account.locale,
      account.onboardingStatus,
      account.commercialModel,
      account.biddingTag,
      account.kycApplicable,
      account.kycStatus,
      JSON.stringify(account.features),
    ]
      .map(quote)
      .join(", ")});`,
  );
  for (let i = 0; i < account.pendingRequests; i++) {
    const checkIn = 14 + i * 7;
    statements.push(
      `INSERT INTO booking_requests (public_id, host_user_id, status, check_in, check_out, expires_at) SELECT ${quote(`brq_${account.publicId.slice(4)}${String(i).padStart(3, "0")}`)}, id, 'REQUESTED', ${quote(isoDate(checkIn))}, ${quote(isoDate(checkIn + 5))}, ${Date.now() + (24 + i) * 3_600_000} FROM users WHERE public_id = ${quote(account.publicId)};`,
    );
  }
}

const dir = mkdtempSync(join(tmpdir(), "seed-"));
const photoUploads: { key: string; file: string }[] = [];
for (const property of DEMO_PROPERTIES) {
  const a = property.address;
  statements.push(
    `INSERT INTO properties (public_id, host_user_id, property_type, state, title, accommodation_type, country_code, state_or_province, city, street, house_number_or_name, postal_code, latitude, longitude) SELECT ${quote(property.publicId)}, id, ${[
      property.type, propertyStateFromUnits(property.units.map((u) => u.state)), property.title, property.accommodationType,
      a.countryCode, a.stateOrProvince ?? null, a.city, a.street, a.houseNumberOrName, a.postalCode, a.latitude, a.longitude,
    ].map(quote).join(", ")} FROM users WHERE public_id = ${quote(property.host)};`,
  );
  property.units.forEach((unit, position) => {
    const unitId = `unt_${property.publicId.slice(4, 18)}${position}`;
    const rooms = JSON.stringify([
      ...Array.from({ length: unit.bedrooms }, (_, i) => ({ type: "bedroom", beds: [{ type: i === 0 ? "double" : "single", count: i === 0 ? 1 : 2 }] })),
      { type: "living_room", beds: unit.bedrooms === 0 ? [{ type: "sofa_bed", count: 1 }] : [] },
      { type: "bath_room", beds: [] },
    ]);
    statements.push(
      `INSERT INTO property_units (public_id, property_id, host_user_id, state, position, title, description, size_square_metres, max_guests, rooms, amenities, registration_number, registration_number_rejected, national_identification_code, rejection_reason, links, published_at, listing_steps) SELECT ${quote(unitId)}, p.id, p.host_user_id, ${[unit.state, position, unit.title, unit.description, unit.size, unit.maxGuests, rooms, JSON.stringify(["wifi", "heating", "washing_machine"]), unit.registrationNumber ?? null, unit.registrationNumberRejected ?? false, unit.nationalIdentificationCode ?? null, unit.rejectionReason ?? null, "[]", unit.state === "PUBLISHED" ? Date.now() : null, JSON.stringify(unit.listingSteps ?? [])].map(quote).join(", ")} FROM properties p WHERE p.public_id = ${quote(property.publicId)};`,
    );
    if (unit.photo) {
      const key = `photos/demo-${unitId}`;
      const [r, g, b] = unit.photo;
      // One colour, fading downwards: a real photo-sized image without shipping binary files.
      const bytes = encodePng(1600, 1067, (_x, y) => {
        const shade = 1 - (y / 1067) * 0.35;
        return [Math.round(r * shade), Math.round(g * shade), Math.round(b * shade)];
      });
      const file = join(dir, `${unitId}.png`);
      writeFileSync(file, bytes);
      photoUploads.push({ key, file });
      statements.push(
        `INSERT INTO unit_photos (public_id, unit_id, host_user_id, storage_key, mime_type, width, height, bytes, position, is_cover) SELECT ${quote(`pho_${unitId.slice(4)}`)}, id, host_user_id, ${quote(key)}, 'image/png', 1600, 1067, ${bytes.byteLength}, 0, 1 FROM property_units WHERE public_id = ${quote(unitId)};`,
      );
    }
  });
}
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join("\n"));
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...process.argv.slice(2)], { stdio: ["ignore", "ignore", "inherit"] });
// One at a time: parallel writers to the local R2 state collide.
for (const { key, file: photo } of photoUploads) {
  execFileSync("npx", ["wrangler", "r2", "object", "put", `host-app-files/${key}`, "--file", photo, "--content-type", "image/png", "--local", ...process.argv.slice(2)], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}
console.log(`Seeded ${DEMO_ACCOUNTS.length} demo accounts, ${DEMO_PROPERTIES.length} properties, ${photoUploads.length} photos.`);
