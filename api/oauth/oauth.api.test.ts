import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { recordKey } from "@api/lib/caller-scope";
import { api, authorizeQuery, BASE, createUser, pkce, PASSWORD, postJson, REDIRECT_URI, signIn, tokenRequest, webClientId } from "@api/test/helpers";

describe("sign-in through the authorization server", () => {
  it("runs the authorization code flow with PKCE and gives a working access token", async () => {
    const user = await createUser();
    const tokens = await signIn(user.email);
    expect(tokens.expires_in).toBeLessThanOrEqual(900);
    const info = await api(tokens.access_token, "GET", "/user/info");
    expect(info.status).toBe(200);
    expect(((await info.json()) as { userId: string }).userId).toBe(user.publicId);
  });

  it("sends the authorization request on to the sign-in page, or to registration on screen_hint=signup", async () => {
    const clientId = await webClientId();
    const { challenge } = await pkce();
    const query = await authorizeQuery(clientId, challenge);
    const toLogin = await SELF.fetch(`${BASE}/oauth/authorize?${query}`, { redirect: "manual" });
    expect(toLogin.status).toBe(302);
    expect(toLogin.headers.get("location")).toBe(`/login?${query}`);
    const toRegister = await SELF.fetch(`${BASE}/oauth/authorize?${query}&screen_hint=signup`, { redirect: "manual" });
    expect(toRegister.headers.get("location")).toMatch(/^\/register\?/);
  });

  it("refuses a redirect URI that is not registered exactly", async () => {
    const clientId = await webClientId();
    const { challenge } = await pkce();
    const query = await authorizeQuery(clientId, challenge, "https://evil.example/auth/callback");
    const response = await SELF.fetch(`${BASE}/oauth/authorize?${query}`, { redirect: "manual" });
    expect(response.status).toBe(400);
  });

  it("refuses a code exchange without the right PKCE verifier, and a code used twice", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const { verifier, challenge } = await pkce();
    const query = await authorizeQuery(clientId, challenge);
    const login = await postJson("/oauth/login", { authorizeQuery: query, email: user.email, password: PASSWORD });
    const code = new URL(((await login.json()) as { redirectTo: string }).redirectTo).searchParams.get("code")!;
    const wrong = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: "x".repeat(43), redirect_uri: REDIRECT_URI, client_id: clientId });
    expect(wrong.status).toBe(400);
    const right = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
    // A failed attempt spends the code too; either way a code never works twice.
    const again = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, redirect_uri: REDIRECT_URI, client_id: clientId });
    expect(again.status).toBe(400);
    expect([200, 400]).toContain(right.status);
  });

  it("rotates refresh tokens", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const first = await signIn(user.email);
    const refreshed = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(refreshed.status).toBe(200);
    const second = (await refreshed.json()) as { access_token: string; refresh_token: string };
    expect(second.refresh_token).not.toBe(first.refresh_token);
    // Using the new token retires the old one.
    const third = await tokenRequest({ grant_type: "refresh_token", refresh_token: second.refresh_token, client_id: clientId });
    expect(third.status).toBe(200);
    const stale = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(stale.status).toBe(400);
  });

  it("revokes the grant when a refresh token is used again after rotation (RFC 9700 §4.14.2)", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const first = await signIn(user.email);
    const rotated = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(rotated.status).toBe(200);
    const second = (await rotated.json()) as { access_token: string; refresh_token: string };
    // The retired token comes back (a thief, or the client it was stolen from): reuse is detected.
    const reused = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: "invalid_grant" });
    // The whole grant is gone: its current refresh token and its access token no longer work.
    const successor = await tokenRequest({ grant_type: "refresh_token", refresh_token: second.refresh_token, client_id: clientId });
    expect(successor.status).toBe(400);
    expect((await api(second.access_token, "GET", "/user/info")).status).toBe(401);
    // Other sign-ins of the same user keep working.
    const other = await signIn(user.email);
    expect((await api(other.access_token, "GET", "/user/info")).status).toBe(200);
  });

  it("keeps an access token's record where the web's in-process calls check it (decision 024), and deletes it with the grant", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const first = await signIn(user.email);
    const key = await recordKey(first.access_token);
    expect(key).not.toBeNull();
    expect(await env.OAUTH_KV.get(key!, "json")).toMatchObject({ expiresAt: expect.any(Number) });
    const rotated = await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(rotated.status).toBe(200);
    // A retired refresh token used again revokes the grant: the access token's record is gone.
    await tokenRequest({ grant_type: "refresh_token", refresh_token: first.refresh_token, client_id: clientId });
    expect(await env.OAUTH_KV.get(key!)).toBeNull();
  });

  it("does not revoke anything for a made-up refresh token", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const tokens = await signIn(user.email);
    const [userId, grantId] = tokens.refresh_token.split(":");
    for (let i = 0; i < 2; i++) {
      const forged = await tokenRequest({ grant_type: "refresh_token", refresh_token: `${userId}:${grantId}:forged`, client_id: clientId });
      expect(forged.status).toBe(400);
    }
    const real = await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId });
    expect(real.status).toBe(200);
  });

  it("refuses a code exchange without redirect_uri when the authorization request had one (RFC 6749 §4.1.3)", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const { verifier, challenge } = await pkce();
    const login = await postJson("/oauth/login", { authorizeQuery: await authorizeQuery(clientId, challenge), email: user.email, password: PASSWORD });
    const code = new URL(((await login.json()) as { redirectTo: string }).redirectTo).searchParams.get("code")!;
    const without = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId });
    expect(without.status).toBe(400);
    expect(await without.json()).toMatchObject({ error: "invalid_request" });
    const other = await tokenRequest({ grant_type: "authorization_code", code, code_verifier: verifier, client_id: clientId, redirect_uri: "http://127.0.0.1/auth/callback" });
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("answers a wrong password with an errors-list error and no token", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const { challenge } = await pkce();
    const response = await postJson("/oauth/login", { authorizeQuery: await authorizeQuery(clientId, challenge), email: user.email, password: "wrong password" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Validation failed",
      errors: [{ field: null, message: "The email or password is not correct.", type: "invalid_credentials" }],
    });
  });

  it("locks an account out after five failed attempts, even with the right password", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const { challenge } = await pkce();
    const query = await authorizeQuery(clientId, challenge);
    for (let i = 0; i < 5; i++) {
      const failed = await postJson("/oauth/login", { authorizeQuery: query, email: user.email, password: `wrong-${i}` }, { "cf-connecting-ip": `198.51.100.${i}` });
      expect(failed.status).toBe(400);
    }
    const locked = await postJson("/oauth/login", { authorizeQuery: query, email: user.email, password: PASSWORD }, { "cf-connecting-ip": "198.51.100.99" });
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as { errors: { type: string }[] }).errors[0]!.type).toBe("locked_out");
    // The fifth failure just happened: the lock lasts the whole 15-minute window.
    const retryAfter = Number(locked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it("says when a lockout ends: when the failure that reached the limit leaves the window", async () => {
    const user = await createUser();
    const clientId = await webClientId();
    const { challenge } = await pkce();
    const query = await authorizeQuery(clientId, challenge);
    // Five failures, the oldest ten minutes ago: the lock ends when it is fifteen minutes old.
    const statement = env.DB.prepare("INSERT INTO sign_in_attempts (subject, attempted_at) VALUES (?, ?)");
    await env.DB.batch([10, 8, 6, 4, 2].map((minutesAgo) => statement.bind(`account:${user.email}`, Date.now() - minutesAgo * 60_000)));
    const locked = await postJson("/oauth/login", { authorizeQuery: query, email: user.email, password: PASSWORD }, { "cf-connecting-ip": "198.51.100.42" });
    expect(locked.status).toBe(429);
    const retryAfter = Number(locked.headers.get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(4 * 60);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
  });

  it("locks out an address that tries many accounts", async () => {
    const clientId = await webClientId();
    const { challenge } = await pkce();
    const query = await authorizeQuery(clientId, challenge);
    const headers = { "cf-connecting-ip": "203.0.113.7" };
    for (let i = 0; i < 20; i++) {
      await postJson("/oauth/login", { authorizeQuery: query, email: `nobody-${i}@test.example`, password: "whatever" }, headers);
    }
    const user = await createUser();
    const locked = await postJson("/oauth/login", { authorizeQuery: query, email: user.email, password: PASSWORD }, headers);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
  });

  it("validates the sign-in body: malformed JSON, missing fields", async () => {
    const malformed = await SELF.fetch(`${BASE}/oauth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: "Malformed JSON body" });
    const missing = await postJson("/oauth/login", { email: "not-an-email" });
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { errors: { field: string; type: string }[] };
    expect(body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "email", type: "email_invalid" }),
        expect.objectContaining({ field: "password", type: "required" }),
      ]),
    );
  });
});

describe("registration", () => {
  it("creates an account and signs it in; the same email cannot register twice", async () => {
    const clientId = await webClientId();
    const { challenge } = await pkce();
    const email = `new-${crypto.randomUUID()}@test.example`;
    const body = { authorizeQuery: await authorizeQuery(clientId, challenge), type: "company", firstName: "Ada", lastName: "Host", companyName: "Ada Stays", email, password: "a long enough password", locale: "fr_FR" };
    const created = await postJson("/oauth/sign-up", body);
    expect(created.status).toBe(201);
    expect(((await created.json()) as { redirectTo: string }).redirectTo).toMatch(/^http:\/\/localhost:5173\/auth\/callback\?code=/);
    const row = await env.DB.prepare("SELECT type, company_name, locale, onboarding_status, password_hash FROM users WHERE email = ?").bind(email).first<Record<string, string>>();
    expect(row).toMatchObject({ type: "company", company_name: "Ada Stays", locale: "fr_FR", onboarding_status: "in_progress" });
    expect(row!.password_hash).toMatch(/^pbkdf2\$100000\$/);
    const twice = await postJson("/oauth/sign-up", { ...body, email: email.toUpperCase() });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { errors: { field: string; type: string }[] }).errors[0]).toMatchObject({ field: "email", type: "email_taken" });
  });

  it("requires a company name for a company, and a long enough password", async () => {
    const clientId = await webClientId();
    const { challenge } = await pkce();
    const response = await postJson("/oauth/sign-up", {
      authorizeQuery: await authorizeQuery(clientId, challenge),
      type: "company",
      firstName: "Ada",
      lastName: "Host",
      email: `x-${crypto.randomUUID()}@test.example`,
      password: "short",
    });
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: { field: string; type: string }[] };
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "password", type: "password_too_short" }),
        expect.objectContaining({ field: "companyName", type: "required" }),
      ]),
    );
  });
});
