/**
 * Resets the local D1 database to the demo data: `node scripts/seed.ts` (Node 22+ strips the types).
 * It writes SQL and hands it to `wrangler d1 execute --local`, the same path migrations take.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashPassword } from "../api/lib/password.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-data.ts";

const quote = (value: string | number | boolean | null) =>
  value === null ? "NULL" : typeof value === "number" ? String(value) : typeof value === "boolean" ? (value ? "1" : "0") : `'${value.replace(/'/g, "''")}'`;

function isoDate(daysFromNow: number) {
  return new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);
}

const statements: string[] = [
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
const file = join(dir, "seed.sql");
writeFileSync(file, statements.join("\n"));
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", file, ...process.argv.slice(2)], { stdio: ["ignore", "ignore", "inherit"] });
console.log(`Seeded ${DEMO_ACCOUNTS.length} demo accounts.`);
