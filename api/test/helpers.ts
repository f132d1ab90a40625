import { env, SELF } from "cloudflare:test";
import { checkResponse, endpointFor } from "@contract/check-response";
import { allEndpoints } from "@contract/index";
import { newPublicId } from "@api/lib/ids";
import { hashPassword } from "@api/lib/password";

export const BASE = "http://localhost:5173";
export const REDIRECT_URI = `${BASE}/auth/callback`;
export const PASSWORD = "correct horse battery";

let passwordHash: Promise<string> | null = null;

export interface TestUser {
  id: number;
  publicId: string;
  email: string;
}

export interface UserOverrides {
  role?: "host" | "staff";
  type?: "individual" | "company";
  onboardingStatus?: "in_progress" | "finished";
  commercialModel?: "subscription" | "commission";
  biddingTag?: string | null;
  kycApplicable?: boolean;
  features?: string[];
  companyName?: string | null;
}

/** Inserts a user straight into D1; every test makes its own. */
export async function createUser(overrides: UserOverrides = {}): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const publicId = newPublicId("usr");
  const email = `${publicId}@test.example`;
  const row = await env.DB.prepare(
    `INSERT INTO users (public_id, email, password_hash, role, type, first_name, last_name, company_name, onboarding_status, commercial_model, bidding_tag, kyc_applicable, features)
     VALUES (?, ?, ?, ?, ?, 'Test', 'Host', ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      publicId,
      email,
      await passwordHash,
      overrides.role ?? "host",
      overrides.type ?? "individual",
      overrides.companyName ?? null,
      overrides.onboardingStatus ?? "finished",
      overrides.commercialModel ?? "subscription",
      overrides.biddingTag ?? null,
      overrides.kycApplicable ? 1 : 0,
      JSON.stringify(overrides.features ?? ["bookings", "inquiries"]),
    )
    .first<{ id: number }>();
  return { id: row!.id, publicId, email };
}

function base64Url(bytes: Uint8Array) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export async function webClientId(): Promise<string> {
  const response = await SELF.fetch(`${BASE}/`);
  return ((await response.json()) as { webClientId: string }).webClientId;
}

export async function pkce() {
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(32)));
  const challenge = base64Url(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier))));
  return { verifier, challenge };
}

export async function authorizeQuery(clientId: string, challenge: string, redirectUri = REDIRECT_URI) {
  return new URLSearchParams({
    response_type: "code",
    client_id: clientId,
    redirect_uri: redirectUri,
    state: base64Url(crypto.getRandomValues(new Uint8Array(16))),
    code_challenge: challenge,
    code_challenge_method: "S256",
    scope: "host",
  }).toString();
}

export function postJson(path: string, body: unknown, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export function tokenRequest(fields: Record<string, string>) {
  return SELF.fetch(`${BASE}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

/** The whole authorization code flow with PKCE, as the web app runs it. */
export async function signIn(email: string, password = PASSWORD): Promise<Tokens> {
  const clientId = await webClientId();
  const { verifier, challenge } = await pkce();
  const query = await authorizeQuery(clientId, challenge);
  const login = await postJson("/oauth/login", { authorizeQuery: query, email, password });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { redirectTo } = (await login.json()) as { redirectTo: string };
  const code = new URL(redirectTo).searchParams.get("code")!;
  const token = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
  if (token.status !== 200) throw new Error(`token failed: ${token.status} ${await token.text()}`);
  return (await token.json()) as Tokens;
}

/**
 * A call to the host API as a signed-in client: a JSON body, or a multipart form (FormData). An
 * answer of a declared endpoint (contract/) must match its declaration (status and body schema), or
 * the test fails here.
 */
export async function api(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const url = new URL(`${BASE}/api/app${path}`);
  const form = body instanceof FormData;
  const response = await SELF.fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined || form ? {} : { "content-type": "application/json" }), ...headers },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const endpoint = endpointFor(allEndpoints, method, url.pathname);
  if (endpoint) {
    const contentType = response.headers.get("content-type") ?? "";
    const text = /json/i.test(contentType) || !contentType ? await response.clone().text() : "";
    const problems = checkResponse(endpoint, response.status, text ? JSON.parse(text) : null, contentType);
    if (problems.length) throw new Error(`The answer does not match the contract:\n${problems.join("\n")}`);
  }
  return response;
}

/**
 * A plan paid the way a host who pays through checkout pays it (decision 036): a checkout at the local
 * test provider (a first subscription for `unitId`, or a change of `subscriptionId`), paid on its page,
 * whose webhook starts the plan. Answers the host's subscription afterwards (GET /v2/user/subscription).
 */
export async function payForPlan(token: string, body: { planItemPriceId: string; couponCode?: string; unitId?: string; subscriptionId?: string }) {
  const opened = await api(token, "POST", "/subscriptions/checkout", body);
  if (opened.status !== 201) throw new Error(`The checkout answered ${opened.status}: ${await opened.text()}`);
  const { url } = (await opened.json()) as { url: string };
  const paid = await SELF.fetch(`${BASE}${url}`, { method: "POST", body: new URLSearchParams({ outcome: "pay" }), redirect: "manual" });
  if (paid.status !== 303) throw new Error(`The provider's page answered ${paid.status}`);
  return api(token, "GET", "/v2/user/subscription");
}

const OWNER_COLUMNS = ["host_user_id", "user_id", "subject_user_id", "staff_user_id"];

/**
 * Every row that belongs to one user, in every table (found by its owner column), to prove that a
 * request by someone else changed none of them.
 */
export async function ownedRowsDigest(userId: number): Promise<string> {
  const tables = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name != 'd1_migrations' ORDER BY name",
  ).all<{ name: string }>();
  const parts: string[] = [];
  for (const { name } of tables.results) {
    const columns = (await env.DB.prepare(`PRAGMA table_info("${name}")`).all<{ name: string }>()).results.map((c) => c.name);
    const owner = name === "users" ? "id" : OWNER_COLUMNS.find((c) => columns.includes(c));
    if (!owner) continue;
    const rows = await env.DB.prepare(`SELECT * FROM "${name}" WHERE "${owner}" = ? ORDER BY rowid`).bind(userId).all();
    parts.push(`${name}:${JSON.stringify(rows.results)}`);
  }
  return parts.join("\n");
}
