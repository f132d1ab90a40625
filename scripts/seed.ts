/**
 * Resets a local state to the demo data: `node scripts/seed.ts [--persist-to <dir>]` (Node 22+
 * strips the types; default .wrangler/state, wrangler's own). The database starts empty and
 * migrated; then the demo accounts and their data are made as hosts and staff make them: over HTTP,
 * through the host API (scripts/api-worker.ts) and its rules (registration, eligibility, how the
 * host pays, properties, units, photos, prices, calendar verification, subscription, publishing)
 * and the staff endpoints (features, identity verification, rejecting a unit).
 *
 * Staff accounts are made as the team that runs the marketplace makes them: through the operator's
 * endpoint (scripts/create-staff.ts, decision 041). What no service makes yet is written as SQL,
 * each named in `withoutService`: a registration number our team found wrong. Guests' bookings, requests and
 * inquiries arrive through the public listing page's endpoint and the channel intake, and their reviews
 * through the guest's own API (scripts/seed-bookings.ts).
 */
import { execFileSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApiWorker } from "./api-worker.ts";
import { createStaff, localOperatorToken } from "./create-staff.ts";
import { seedBenchHost, seedCalendarYear } from "./demo-calendar.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount } from "./demo-data.ts";
import { DEMO_PROPERTIES, type DemoUnit } from "./demo-properties.ts";
import { encodePng } from "./png.ts";
import { runScheduledJobs, seedBookingHistory, seedBookings, seedDemoReviews } from "./seed-bookings.ts";
import { seedDac7Host, seedInsightsHost } from "./demo-volume.ts";
import { seedBenchInbox, seedMessages } from "./seed-messages.ts";
import { DEMO_GUEST, seedDemoGuest } from "./seed-guest.ts";

const persistIndex = process.argv.indexOf("--persist-to");
const persistTo = persistIndex > 0 ? process.argv[persistIndex + 1]! : ".wrangler/state";
const NEW_ACCOUNT_FEATURES = ["bookings", "inquiries", "overview"];

const quote = (value: string | number) => (typeof value === "number" ? String(value) : `'${value.replace(/'/g, "''")}'`);

function wrangler(args: string[]) {
  execFileSync("node_modules/.bin/wrangler", [...args, "--local", "--persist-to", persistTo], { stdio: ["ignore", "ignore", "inherit"] });
}

function executeSql(statements: string[]) {
  const file = join(mkdtempSync(join(tmpdir(), "seed-")), "seed.sql");
  writeFileSync(file, statements.join("\n"));
  wrangler(["d1", "execute", "DB", "--file", file]);
}

/** A client of the host API, signed in as one account (authorization code with PKCE, as any client). */
class Client {
  private readonly origin: string;
  private readonly token: string;

  constructor(origin: string, token: string) {
    this.origin = origin;
    this.token = token;
  }

  async call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const form = body instanceof FormData;
    const response = await fetch(`${this.origin}/api/app${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}`, ...(body === undefined || form ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
    return (text ? JSON.parse(text) : null) as T;
  }
}

const base64Url = (bytes: Buffer) => bytes.toString("base64url");

/**
 * A plan with a price, for a host who pays through checkout, is paid the way the host pays it: a
 * checkout at the local test provider, paid on its page; its signed webhook starts the plan (decision 036).
 */
async function payForPlan(origin: string, host: Client, body: { planItemPriceId: string; unitId: string }) {
  const { url } = await host.call<{ url: string }>("POST", "/subscriptions/checkout", body);
  const paid = await fetch(`${origin}${url}`, { method: "POST", body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
  if (paid.status !== 303) throw new Error(`The test provider's page answered ${paid.status}: ${await paid.text()}`);
}

/** Registers (`/oauth/sign-up`) or signs in (`/oauth/login`) through the web client's authorization request. */
async function authorize(origin: string, endpoint: "/oauth/sign-up" | "/oauth/login", body: object): Promise<Client> {
  const { webClientId } = (await (await fetch(`${origin}/`)).json()) as { webClientId: string };
  const verifier = base64Url(randomBytes(32));
  const redirectUri = `${origin}/auth/callback`;
  const authorizeQuery = new URLSearchParams({
    response_type: "code",
    client_id: webClientId,
    redirect_uri: redirectUri,
    state: base64Url(randomBytes(16)),
    code_challenge: base64Url(createHash("sha256").update(verifier).digest()),
    code_challenge_method: "S256",
    scope: "host",
  }).toString();
  const answer = await fetch(`${origin}${endpoint}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ authorizeQuery, ...body }) });
  if (!answer.ok) throw new Error(`${endpoint} answered ${answer.status}: ${await answer.text()}`);
  const code = new URL(((await answer.json()) as { redirectTo: string }).redirectTo).searchParams.get("code")!;
  const token = await fetch(`${origin}/oauth/token`, {
    method: "POST",
    body: new URLSearchParams({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: redirectUri, client_id: webClientId }),
  });
  if (!token.ok) throw new Error(`/oauth/token answered ${token.status}: ${await token.text()}`);
  return new Client(origin, ((await token.json()) as { access_token: string }).access_token);
}

/** One colour, fading downwards: a real photo-sized image without shipping binary files. */
function photoOf([r, g, b]: [number, number, number]): FormData {
  const bytes = encodePng(1600, 1067, (_x, y) => {
    const shade = 1 - (y / 1067) * 0.35;
    return [Math.round(r * shade), Math.round(g * shade), Math.round(b * shade)];
  });
  const form = new FormData();
  form.append("photos", new File([bytes], "photo.png", { type: "image/png" }));
  return form;
}

function roomsOf(unit: DemoUnit) {
  return [
    ...Array.from({ length: unit.bedrooms }, (_, i) => ({ type: "bedroom", beds: [{ type: i === 0 ? "double" : "single", count: i === 0 ? 1 : 2 }] })),
    { type: "living_room", beds: unit.bedrooms === 0 ? [{ type: "sofa_bed", count: 1 }] : [] },
    { type: "bath_room", beds: [] },
  ];
}

/** States no service makes yet, written after the services made everything else. */
const withoutService: string[] = [];

/** A host as they make their account and listings; staff switch what only staff switch. */
async function seedHost(origin: string, staff: Client, account: DemoAccount) {
  const host = await authorize(origin, "/oauth/sign-up", {
    type: account.type,
    firstName: account.firstName,
    lastName: account.lastName,
    ...(account.companyName ? { companyName: account.companyName } : {}),
    email: account.email,
    password: DEMO_PASSWORD,
    locale: account.locale,
  });
  const { userId } = await host.call<{ userId: string }>("GET", "/user/info");
  const properties = DEMO_PROPERTIES.filter((p) => p.host === account.email);
  await host.call("POST", "/user/init-onboarding", { countryCode: properties[0]?.address.countryCode ?? "DE", hostRole: "owner" });
  // The demo hosts have taken the welcome tour already (a newly registered host is shown it).
  await host.call("PUT", "/user/interaction", { interactions: [{ interactionType: "welcomeTour", interacted: true }] });
  // How the host pays is chosen during onboarding, before the first unit is published.
  if (account.commercialModel !== "subscription") await host.call("PATCH", "/user/info", { commercialModel: account.commercialModel });
  for (const feature of new Set([...NEW_ACCOUNT_FEATURES, ...account.features])) {
    const enabled = account.features.includes(feature);
    if (enabled !== NEW_ACCOUNT_FEATURES.includes(feature)) await staff.call("PUT", `/staff/hosts/${userId}/features/${feature}`, { enabled });
  }
  if (account.kycApplicable) await staff.call("PUT", `/staff/hosts/${userId}/identity-verification`, { applicable: true });
  let subscribed = false;
  const publishedUnitIds: string[] = [];
  for (const property of properties) {
    const { address } = property;
    const created = await host.call<{ id: string; unitIds: string[] }>("POST", "/properties", { propertyType: property.type, accommodationType: property.accommodationType, title: property.title });
    await host.call("PUT", `/properties/${created.id}/location`, {
      location: {
        countryCode: address.countryCode,
        ...(address.stateOrProvince ? { stateOrProvince: address.stateOrProvince } : {}),
        city: address.city,
        street: address.street,
        houseNumberOrName: address.houseNumberOrName,
        postalCode: address.postalCode,
        latitude: address.latitude,
        longitude: address.longitude,
      },
    });
    for (const [position, unit] of property.units.entries()) {
      const unitId = created.unitIds[position] ?? (await host.call<{ propertyUnitPublicId: string }>("POST", `/properties/${created.id}/units`, { title: unit.title })).propertyUnitPublicId;
      await host.call("PATCH", `/property-unit/${unitId}`, {
        title: unit.title,
        ...(unit.description ? { description: unit.description } : {}),
        maxGuests: unit.maxGuests,
        propertySize: unit.size,
        rooms: roomsOf(unit),
        amenities: ["wifi", "heating", "washing_machine"],
        ...(unit.registrationNumber ? { registrationNumber: unit.registrationNumber } : {}),
        ...(unit.nationalIdentificationCode ? { nationalIdentificationCode: unit.nationalIdentificationCode } : {}),
      });
      if (unit.photo) await host.call("POST", `/property-unit/${unitId}/photos`, photoOf(unit.photo));
      if (unit.nightlyPrice) await host.call("PATCH", `/property-unit/${unitId}/price-configuration`, { nightlyPrice: unit.nightlyPrice });
      // A year of prices (a summer season, weekends, the year-end) and a few blocks: the calendar is alive on first run.
      if (unit.nightlyPrice) await seedCalendarYear(host, unitId, unit.nightlyPrice, DEMO_PROPERTIES.indexOf(property) * 3 + position);
      if (unit.listingSteps) await host.call("PUT", `/property-unit/${unitId}/listing-progress`, { steps: unit.listingSteps });
      if (unit.state === "PUBLISHED" || unit.state === "UNPUBLISHED") {
        if (account.planItemPriceId && !subscribed) {
          // The plan's tier asks for a verified calendar: the unit is listed nowhere else.
          await host.call("POST", `/property-unit/${unitId}/verify-calendar/vrbo/data`, { isListed: false });
          await host.call("GET", `/property-unit/${unitId}/verify-calendar/vrbo/verify`);
          if (account.features.includes("subscriptionCheckout")) await payForPlan(origin, host, { planItemPriceId: account.planItemPriceId, unitId });
          else await host.call("POST", "/subscriptions", { planItemPriceId: account.planItemPriceId, unitId });
          subscribed = true;
        }
        await host.call("PATCH", `/property-unit/${unitId}/publish`);
        if (unit.state === "PUBLISHED") publishedUnitIds.push(unitId);
      }
      if (unit.state === "UNPUBLISHED") await host.call("PATCH", `/property-unit/${unitId}/unpublish`);
      if (unit.state === "REJECTED_BY_STAFF") await staff.call("POST", `/staff/units/${unitId}/reject`, { reason: unit.rejectionReason });
      // No staff endpoint rejects a registration number yet: our team's finding is written as it is stored.
      if (unit.registrationNumberRejected) withoutService.push(`UPDATE property_units SET registration_number_rejected = 1 WHERE public_id = ${quote(unitId)};`);
    }
  }
  if (account.idealGuest) await host.call("PATCH", "/user/guest-preferences", { ...account.idealGuest, completed: true });
  await seedBookings(origin, host, account, publishedUnitIds);
  await seedDemoReviews(origin, host, await seedBookingHistory(origin, host, account, publishedUnitIds));
  await seedMessages(host);
  // The demo guest of the README's guest area: a booking of the agency's first unit, and a first exchange.
  if (account.email === DEMO_GUEST_HOST && publishedUnitIds[0]) demoGuestCode = await seedDemoGuest(origin, host, publishedUnitIds[0]);
  // The hybrid host then chooses its bidding tag in the account's pricing model (§7 billing-tag), as a
  // commission host may once onboarding finished (publishing the first unit finished it).
  if (account.biddingTag) await host.call("PUT", `/user/billing-tag/${account.biddingTag}/save`);
}

const DEMO_GUEST_HOST = "agency@demo.stayhost.example";
const progress = (line: string) => console.log(`[seed] ${line}`);
let demoGuestCode: string | null = null;

// A fresh, migrated database, bucket and key-value store (sessions and tokens of a former run go too).
for (const store of ["d1", "r2", "kv"]) rmSync(join(persistTo, "v3", store), { recursive: true, force: true });
wrangler(["d1", "migrations", "apply", "DB"]);

const staffAccounts = DEMO_ACCOUNTS.filter((a) => a.role === "staff");
const operatorToken = localOperatorToken();
const api = await startApiWorker(persistTo, { operatorToken });
try {
  // Staff accounts are made by the team that runs the marketplace, with the operator's token (decision 041).
  for (const a of staffAccounts) await createStaff(api.origin, operatorToken, { email: a.email, firstName: a.firstName, lastName: a.lastName, password: DEMO_PASSWORD, locale: a.locale });
  const staff = await authorize(api.origin, "/oauth/login", { email: staffAccounts[0]!.email, password: DEMO_PASSWORD });
  for (const account of DEMO_ACCOUNTS.filter((a) => a.role === "host")) await seedHost(api.origin, staff, account);
  // Past stays are completed and collect reviews as the cron would have done.
  await runScheduledJobs(api.origin);
  // `npm run bench` measures the multi-unit calendar of a host with 50 units (scripts/demo-calendar.ts).
  if (process.argv.includes("--bench-host")) await seedBenchHost((body) => authorize(api.origin, "/oauth/sign-up", body), DEMO_PASSWORD);
  // `npm run bench` measures the inbox of a host with 500 conversations: the agency's (scripts/seed-messages.ts).
  if (process.argv.includes("--bench-host")) await seedBenchInbox(api.origin, await authorize(api.origin, "/oauth/login", { email: "agency@demo.stayhost.example", password: DEMO_PASSWORD }));
  // `npm run bench` measures the insights of a host with 10 000 bookings and the DAC7 report of 100 000 (scripts/demo-volume.ts).
  const signUp = (body: object) => authorize(api.origin, "/oauth/sign-up", body);
  if (process.argv.includes("--insights-host")) await seedInsightsHost(api.origin, signUp, staff, DEMO_PASSWORD, progress);
  if (process.argv.includes("--dac7-host")) await seedDac7Host(api.origin, signUp, staff, DEMO_PASSWORD, progress);
  // Their past stays too are completed and their review collection ended, as the cron would have done:
  // left confirmed, every list of stays around today read them as stays not yet over.
  if (process.argv.includes("--insights-host") || process.argv.includes("--dac7-host")) await runScheduledJobs(api.origin);
} finally {
  await api.stop();
}
if (withoutService.length) executeSql(withoutService);
console.log(`Seeded ${DEMO_ACCOUNTS.length} demo accounts and ${DEMO_PROPERTIES.length} properties through the host API.`);
if (demoGuestCode) console.log(`Demo guest: booking code ${demoGuestCode} with ${DEMO_GUEST.email}, at /guest/login?code=${demoGuestCode}`);
