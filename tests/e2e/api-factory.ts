import { createHash, randomBytes } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { png } from "@api/test/png";

const base64Url = (bytes: Buffer) => bytes.toString("base64url");

const tokens = new Map<string, { token: string; at: number }>();
/** Well inside the access token's 15 minutes, so that a test never starts with one about to expire. */
const TOKEN_KEPT_MS = 10 * 60_000;

/**
 * Signs a host in to the host API the way any OAuth client does (authorization code + PKCE), so
 * that a test can create its own data through the API's real endpoints. A worker signs each account
 * in to each server once and keeps its access token while it is fresh (it lives 15 minutes,
 * ACCESS_TOKEN_TTL_SECONDS): a fresh host's setup (newHost) and its test share one sign-in, the demo
 * accounts' tests one per worker.
 */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const start = await request.get("/redirect/login", { maxRedirects: 0 });
  const origin = new URL(start.url()).origin;
  const key = `${origin}\n${email}\n${password}`;
  const kept = tokens.get(key);
  if (kept && Date.now() - kept.at < TOKEN_KEPT_MS) return kept.token;
  const at = Date.now();
  const clientId = new URL(start.headers()["location"]!).searchParams.get("client_id")!;
  const verifier = base64Url(randomBytes(32));
  const challenge = base64Url(createHash("sha256").update(verifier).digest());
  const redirectUri = `${origin}/auth/callback`;
  const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, state: base64Url(randomBytes(16)), code_challenge: challenge, code_challenge_method: "S256", scope: "host" });
  const login = await request.post("/oauth/login", { data: { authorizeQuery: query.toString(), email, password } });
  expect(login.status()).toBe(200);
  const code = new URL(((await login.json()) as { redirectTo: string }).redirectTo).searchParams.get("code")!;
  const answer = await request.post("/oauth/token", { form: { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: redirectUri, client_id: clientId } });
  expect(answer.status()).toBe(200);
  const token = ((await answer.json()) as { access_token: string }).access_token;
  tokens.set(key, { token, at });
  return token;
}

export interface PropertySpec {
  title: string;
  countryCode?: string;
  postalCode?: string;
  complete?: boolean;
  publish?: boolean;
  /** Nightly price in cents. */
  nightlyPrice?: number;
  /** Listing steps to mark done, as a host who filled them in. */
  stepsDone?: readonly string[];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
/** The photo the factories upload, encoded once per worker. */
const PHOTO = Buffer.from(png(1200, 800));
const photoUpload = (name: string) => ({ photos: { name, mimeType: "image/png", buffer: PHOTO } });

/**
 * A host on the subscription model publishes only under a running subscription: one without takes
 * the premium plan (three unit-publish credits) for this unit, its calendar verified as the plan asks.
 */
export async function ensureSubscription(request: APIRequestContext, token: string, unitId: string) {
  const headers = bearer(token);
  const { commercialModel } = (await (await request.get("/api/app/user/info", { headers })).json()) as { commercialModel: string };
  if (commercialModel !== "subscription") return;
  const { subscription } = (await (await request.get("/api/app/v2/user/subscription", { headers })).json()) as { subscription: unknown };
  if (subscription) return;
  expect((await request.post(`/api/app/property-unit/${unitId}/verify-calendar/vrbo/data`, { headers, data: { isListed: false } })).status()).toBe(200);
  expect((await request.get(`/api/app/property-unit/${unitId}/verify-calendar/vrbo/verify`, { headers })).status()).toBe(200);
  await subscribe(request, token, { planItemPriceId: "subscription-premium-EUR-yearly", unitId });
}

/**
 * Takes a plan for a unit as a host does: directly, or, where the host pays through checkout and the
 * plan has a price (the API then refuses it with plan_checkout_required), through a checkout at the
 * local test provider, paid on its page; its webhook starts the plan (decision 036).
 */
export async function subscribe(request: APIRequestContext, token: string, body: { planItemPriceId: string; unitId: string; couponCode?: string }) {
  const headers = bearer(token);
  const direct = await request.post("/api/app/subscriptions", { headers, data: body });
  if (direct.status() === 201) return;
  expect(((await direct.json()) as { errors?: { type?: string }[] }).errors?.map((e) => e.type)).toEqual(["plan_checkout_required"]);
  const checkout = await request.post("/api/app/subscriptions/checkout", { headers, data: body });
  expect(checkout.status()).toBe(201);
  const { url } = (await checkout.json()) as { url: string };
  expect((await request.post(url, { form: { outcome: "pay" }, maxRedirects: 0 })).status()).toBe(303);
}

/**
 * Creates a single-unit property; `complete` adds description, address and a photo, `nightlyPrice`
 * a price, `stepsDone` the wizard's progress; `publish` publishes it (with a price of 100 unless
 * `nightlyPrice` says otherwise, and for a subscription host under a running subscription:
 * publishing needs both).
 */
export async function createProperty(request: APIRequestContext, token: string, spec: PropertySpec) {
  const headers = bearer(token);
  const created = await request.post("/api/app/properties", { headers, data: { propertyType: "single", accommodationType: "apartment", title: spec.title } });
  expect(created.status()).toBe(201);
  const property = (await created.json()) as { id: string; unitIds: string[] };
  const unitId = property.unitIds[0]!;
  if (spec.complete) {
    await request.patch(`/api/app/property-unit/${unitId}`, { headers, data: { description: `${spec.title}, bright and quiet.` } });
    await saveLocation(request, token, property.id, { countryCode: spec.countryCode ?? "DE", postalCode: spec.postalCode ?? "22763" });
    expect((await request.post(`/api/app/property-unit/${unitId}/photos`, { headers, multipart: photoUpload("front.png") })).status()).toBe(201);
  }
  const nightlyPrice = spec.nightlyPrice ?? (spec.publish ? 10_000 : undefined);
  if (nightlyPrice !== undefined) await setNightlyPrice(request, token, unitId, nightlyPrice);
  if (spec.stepsDone) await markStepsDone(request, token, unitId, spec.stepsDone);
  if (spec.publish) {
    await ensureSubscription(request, token, unitId);
    expect((await request.patch(`/api/app/property-unit/${unitId}/publish`, { headers })).status()).toBe(200);
  }
  return { id: property.id, unitId };
}

/** Saves a property's address (in Hamburg unless said otherwise), as the wizard's location steps do. */
export async function saveLocation(request: APIRequestContext, token: string, propertyId: string, at: { countryCode?: string; postalCode?: string } = {}) {
  const location = { countryCode: at.countryCode ?? "DE", city: "Hamburg", street: "Elbchaussee", houseNumberOrName: "7", postalCode: at.postalCode ?? "22763" };
  expect((await request.put(`/api/app/properties/${propertyId}/location`, { headers: bearer(token), data: { location } })).status()).toBe(200);
}

async function setNightlyPrice(request: APIRequestContext, token: string, unitId: string, nightlyPrice: number) {
  expect((await request.patch(`/api/app/property-unit/${unitId}/price-configuration`, { headers: bearer(token), data: { nightlyPrice } })).status()).toBe(200);
}

/**
 * Answers what the wizard asks of every unit, from guests and rooms to the nightly price (cents):
 * two guests in a bedroom with a double bed, a photo, Wi-Fi, `title` and a description.
 */
export async function describeUnit(request: APIRequestContext, token: string, unitId: string, title: string, nightlyPrice = 11_000) {
  const headers = bearer(token);
  const unit = { title, description: `${title}: bright, quiet and close to the water.`, maxGuests: 2, rooms: [{ type: "bedroom", beds: [{ type: "double", count: 1 }] }, { type: "bath_room", beds: [] }], amenities: ["wifi"] };
  expect((await request.patch(`/api/app/property-unit/${unitId}`, { headers, data: unit })).status()).toBe(200);
  expect((await request.post(`/api/app/property-unit/${unitId}/photos`, { headers, multipart: photoUpload(`${title}.png`) })).status()).toBe(201);
  await setNightlyPrice(request, token, unitId, nightlyPrice);
}

/** Uploads `count` more photos to a unit through the API; answers the unit's photo ids in their order. */
export async function addPhotos(request: APIRequestContext, token: string, unitId: string, count: number) {
  const headers = bearer(token);
  for (let n = 1; n <= count; n++) expect((await request.post(`/api/app/property-unit/${unitId}/photos`, { headers, multipart: photoUpload(`photo-${n}.png`) })).status()).toBe(201);
  const { items } = (await (await request.get(`/api/app/property-unit/${unitId}/photos`, { headers })).json()) as { items: { id: string }[] };
  return items.map((photo) => photo.id);
}

/** Marks listing steps of a unit done, besides those it has done already, as a host who filled them in. */
export async function markStepsDone(request: APIRequestContext, token: string, unitId: string, steps: readonly string[]) {
  const headers = bearer(token);
  const progress = `/api/app/property-unit/${unitId}/listing-progress`;
  const current = await request.get(progress, { headers });
  expect(current.status()).toBe(200);
  const done = ((await current.json()) as { steps: string[] }).steps;
  expect((await request.put(progress, { headers, data: { steps: [...done, ...steps] } })).status()).toBe(200);
}
