import { createHash, randomBytes } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { png } from "@api/test/png";

const base64Url = (bytes: Buffer) => bytes.toString("base64url");

/**
 * Signs a host in to the host API the way any OAuth client does (authorization code + PKCE), so
 * that a test can create its own data through the API's real endpoints.
 */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const start = await request.get("/redirect/login", { maxRedirects: 0 });
  const clientId = new URL(start.headers()["location"]!).searchParams.get("client_id")!;
  const origin = new URL(start.url()).origin;
  const verifier = base64Url(randomBytes(32));
  const challenge = base64Url(createHash("sha256").update(verifier).digest());
  const redirectUri = `${origin}/auth/callback`;
  const query = new URLSearchParams({ response_type: "code", client_id: clientId, redirect_uri: redirectUri, state: base64Url(randomBytes(16)), code_challenge: challenge, code_challenge_method: "S256", scope: "host" });
  const login = await request.post("/oauth/login", { data: { authorizeQuery: query.toString(), email, password } });
  expect(login.status()).toBe(200);
  const code = new URL(((await login.json()) as { redirectTo: string }).redirectTo).searchParams.get("code")!;
  const token = await request.post("/oauth/token", { form: { grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: redirectUri, client_id: clientId } });
  expect(token.status()).toBe(200);
  return ((await token.json()) as { access_token: string }).access_token;
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

/**
 * Creates a single-unit property; `complete` adds description, address and a photo, `nightlyPrice`
 * a price, `stepsDone` the wizard's progress; `publish` publishes it (with a price of 100 unless
 * `nightlyPrice` says otherwise: publishing needs one).
 */
export async function createProperty(request: APIRequestContext, token: string, spec: PropertySpec) {
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post("/api/app/properties", { headers, data: { propertyType: "single", accommodationType: "apartment", title: spec.title } });
  expect(created.status()).toBe(201);
  const property = (await created.json()) as { id: string; unitIds: string[] };
  const unitId = property.unitIds[0]!;
  if (spec.complete) {
    await request.patch(`/api/app/property-unit/${unitId}`, { headers, data: { description: `${spec.title}, bright and quiet.` } });
    const location = await request.put(`/api/app/properties/${property.id}/location`, {
      headers,
      data: { location: { countryCode: spec.countryCode ?? "DE", city: "Hamburg", street: "Elbchaussee", houseNumberOrName: "7", postalCode: spec.postalCode ?? "22763" } },
    });
    expect(location.status()).toBe(200);
    const photo = await request.post(`/api/app/property-unit/${unitId}/photos`, {
      headers,
      multipart: { photos: { name: "front.png", mimeType: "image/png", buffer: Buffer.from(png(1200, 800)) } },
    });
    expect(photo.status()).toBe(201);
  }
  const nightlyPrice = spec.nightlyPrice ?? (spec.publish ? 10_000 : undefined);
  if (nightlyPrice !== undefined) {
    expect((await request.patch(`/api/app/property-unit/${unitId}/price-configuration`, { headers, data: { nightlyPrice } })).status()).toBe(200);
  }
  if (spec.stepsDone) expect((await request.put(`/api/app/property-unit/${unitId}/listing-progress`, { headers, data: { steps: spec.stepsDone } })).status()).toBe(200);
  if (spec.publish) expect((await request.patch(`/api/app/property-unit/${unitId}/publish`, { headers })).status()).toBe(200);
  return { id: property.id, unitId };
}
