import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { recordKey } from "@api/lib/caller-scope";
import { BASE, createUser, signIn, tokenRequest, webClientId, type Tokens } from "@api/test/helpers";

/** A page's shell call in the web's process with this token (api/test-worker.ts): after its first, checked in the call's batch. */
const shellPage = (token: string) => SELF.fetch(`${BASE}/test-page/shell`, { headers: { Authorization: `Bearer ${token}` } });

const revoked = async (key: string) => (await env.DB.prepare("select key from oauth_revocations where key = ?").bind(key).first()) !== null;

/** The grant key of a token (`<userId>:<grantId>:<secret>`). */
const grantKey = (token: string) => `grant:${token.split(":").slice(0, 2).join(":")}`;

/** A host signed in whose token a page already used twice (the second time without the provider). */
async function signedInPage(): Promise<Tokens> {
  const user = await createUser();
  const tokens = await signIn(user.email);
  for (let i = 0; i < 2; i++) expect((await shellPage(tokens.access_token)).status).toBe(200);
  return tokens;
}

describe("revocations recorded in D1 for the pages' token check (decision 003's addendum)", () => {
  it("a refresh token used twice revokes the grant: recorded with the access token's record, and the next page refuses the token", async () => {
    const tokens = await signedInPage();
    const clientId = await webClientId();
    expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId })).status).toBe(200);
    expect((await tokenRequest({ grant_type: "refresh_token", refresh_token: tokens.refresh_token, client_id: clientId })).status).toBe(400);
    expect(await revoked(grantKey(tokens.access_token))).toBe(true);
    expect(await revoked((await recordKey(tokens.access_token))!)).toBe(true);
    expect((await shellPage(tokens.access_token)).status).toBe(401);
  });

  it("signing out (the revocation request of the refresh token) revokes the grant, and the next page refuses its access token", async () => {
    const tokens = await signedInPage();
    const revocation = await tokenRequest({ token: tokens.refresh_token, token_type_hint: "refresh_token", client_id: await webClientId() });
    expect(revocation.status).toBe(200);
    expect(await revoked(grantKey(tokens.access_token))).toBe(true);
    expect((await shellPage(tokens.access_token)).status).toBe(401);
  });

  it("revoking the access token alone is recorded under its record's key and refuses it on the next page", async () => {
    const tokens = await signedInPage();
    const revocation = await tokenRequest({ token: tokens.access_token, token_type_hint: "access_token", client_id: await webClientId() });
    expect(revocation.status).toBe(200);
    expect(await revoked((await recordKey(tokens.access_token))!)).toBe(true);
    expect(await revoked(grantKey(tokens.access_token))).toBe(false);
    expect((await shellPage(tokens.access_token)).status).toBe(401);
  });

  it("keeps another sign-in of the same host working, and drops revocations older than any token they could concern", async () => {
    const stale = `grant:0:stale-${crypto.randomUUID()}`;
    await env.DB.prepare("insert into oauth_revocations (key, revoked_at) values (?, ?)").bind(stale, Math.floor(Date.now() / 1000) - 3 * 900).run();
    const user = await createUser();
    const kept = await signIn(user.email);
    const ended = await signIn(user.email);
    expect((await shellPage(kept.access_token)).status).toBe(200);
    await tokenRequest({ token: ended.refresh_token, token_type_hint: "refresh_token", client_id: await webClientId() });
    expect(await revoked(stale)).toBe(false);
    for (let i = 0; i < 2; i++) expect((await shellPage(kept.access_token)).status).toBe(200);
    expect((await shellPage(ended.access_token)).status).toBe(401);
  });
});
