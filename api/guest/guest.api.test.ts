import { describe, expect, it } from "vitest";
import { api, createUser, signIn } from "@api/test/helpers";
import { GUEST, inDays, publicApi, publishedUnit, reserve, subscribe } from "@api/test/stays";
import { GUEST_SIGN_IN_LIMITS } from "./rate-limit";
import { signToken } from "@api/lib/signed-token";
import { env } from "cloudflare:test";

/** Every test signs in from an address of its own, so that the per-address limit of one never counts another's failures. */
const addressOf = () => ({ "cf-connecting-ip": `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

async function guestSignIn(code: string, email: string, headers: Record<string, string>) {
  return publicApi("POST", "/api/guest/session", { code, email }, headers);
}

async function bookedStay(intent: "book" | "ask" = "book", email = GUEST.email) {
  const host = await createUser({ commercialModel: intent === "book" ? "commission" : "subscription" });
  if (intent === "ask") await subscribe(host);
  const { unitId } = await publishedUnit(host);
  const response = await reserve(unitId, { checkIn: inDays(30), checkOut: inDays(33) }, intent, { email });
  expect(response.status).toBe(201);
  const { code } = (await response.json()) as { code: string };
  return { host, unitId, code };
}

function guestApi(token: string, path: string) {
  return publicApi("GET", path, undefined, { authorization: `Bearer ${token}` });
}

describe("guest sign-in", () => {
  it("signs a guest in with the code and email of a booking (case and spaces do not matter) and shows them their stay", async () => {
    const { code, unitId } = await bookedStay();
    const spaced = `${code.slice(0, 4).toLowerCase()} ${code.slice(4)}`;
    const response = await guestSignIn(spaced, GUEST.email.toUpperCase(), addressOf());
    expect(response.status).toBe(201);
    const session = (await response.json()) as { token: string; expiresIn: number };
    expect(session.expiresIn).toBe(86_400);
    const stay = await guestApi(session.token, "/api/guest/stay");
    expect(stay.status).toBe(200);
    expect(await stay.json()).toMatchObject({ type: "booking", code, status: "CONFIRMED", checkIn: inDays(30), checkOut: inDays(33), nights: 3, guest: { firstName: GUEST.firstName }, unit: { id: unitId, title: "Harbour flat", city: "Lisboa" }, host: { name: "Test" } });
  });

  it("finds an inquiry by its code too", async () => {
    const { code } = await bookedStay("ask");
    const response = await guestSignIn(code, GUEST.email, addressOf());
    expect(response.status).toBe(201);
    const { token } = (await response.json()) as { token: string };
    expect(await (await guestApi(token, "/api/guest/stay")).json()).toMatchObject({ type: "bookingInquiry", code, status: "REQUESTED" });
  });

  it("refuses another email, an unknown code and a malformed body without saying which was wrong", async () => {
    const { code } = await bookedStay();
    const headers = addressOf();
    const wrongEmail = await guestSignIn(code, "someone-else@guest.example", headers);
    expect(wrongEmail.status).toBe(401);
    expect(await wrongEmail.json()).toMatchObject({ errors: [{ field: null, type: "guest_credentials_invalid" }] });
    const unknown = await guestSignIn("ZZZZZZZZ", GUEST.email, headers);
    expect(unknown.status).toBe(401);
    expect(await unknown.json()).toEqual(await (await guestSignIn(code, "someone-else@guest.example", headers)).json());
    const invalid = await guestSignIn(code, "not an email", headers);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ errors: [{ field: "email", type: "email_invalid" }] });
  });

  it(`locks a code out after ${GUEST_SIGN_IN_LIMITS.code} failures, even with the right email, whatever the address`, async () => {
    const { code } = await bookedStay();
    for (let i = 0; i < GUEST_SIGN_IN_LIMITS.code; i++) expect((await guestSignIn(code, `guess-${i}@guest.example`, addressOf())).status).toBe(401);
    const locked = await guestSignIn(code, GUEST.email, addressOf());
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(GUEST_SIGN_IN_LIMITS.windowMs / 1000 - 60);
    expect(await locked.json()).toMatchObject({ errors: [{ type: "guest_locked_out" }] });
  });

  it(`locks an address out after ${GUEST_SIGN_IN_LIMITS.address} failures, whatever the codes; other addresses still sign in`, async () => {
    const { code } = await bookedStay();
    const headers = addressOf();
    for (let i = 0; i < GUEST_SIGN_IN_LIMITS.address; i++) expect((await guestSignIn(`GUESS${String(i).padStart(3, "2")}`, GUEST.email, headers)).status).toBe(401);
    expect((await guestSignIn(code, GUEST.email, headers)).status).toBe(429);
    expect((await guestSignIn(code, GUEST.email, addressOf())).status).toBe(201);
  });

  it("a success forgets the code's failures", async () => {
    const { code } = await bookedStay();
    for (let i = 0; i < GUEST_SIGN_IN_LIMITS.code - 1; i++) await guestSignIn(code, `guess-${i}@guest.example`, addressOf());
    expect((await guestSignIn(code, GUEST.email, addressOf())).status).toBe(201);
    for (let i = 0; i < GUEST_SIGN_IN_LIMITS.code - 1; i++) expect((await guestSignIn(code, `again-${i}@guest.example`, addressOf())).status).toBe(401);
    expect((await guestSignIn(code, GUEST.email, addressOf())).status).toBe(201);
  });
});

describe("guest tokens", () => {
  it("answers 401 without a token, with a forged, expired or host token, and for a stay that is gone", async () => {
    const { code, host } = await bookedStay();
    const { token } = (await (await guestSignIn(code, GUEST.email, addressOf())).json()) as { token: string };
    expect((await publicApi("GET", "/api/guest/stay")).status).toBe(401);
    const [body, signature] = token.split(".");
    expect((await guestApi(`${body}x.${signature}`, "/api/guest/stay")).status).toBe(401);
    const expired = await signToken(env.SESSION_SECRET, "guest", JSON.parse(atob(body!.replace(/-/g, "+").replace(/_/g, "/"))), 60, Date.now() - 120_000);
    expect((await guestApi(expired, "/api/guest/stay")).status).toBe(401);
    const live = await signToken(env.SESSION_SECRET, "live", JSON.parse(atob(body!.replace(/-/g, "+").replace(/_/g, "/"))), 60);
    expect((await guestApi(live, "/api/guest/stay")).status).toBe(401);
    const { access_token: hostToken } = await signIn(host.email);
    expect((await guestApi(hostToken, "/api/guest/stay")).status).toBe(401);
    // And the other way: a guest's token opens no host route.
    expect((await api(token, "GET", "/bookings?tab=upcoming")).status).toBe(401);
    await env.DB.prepare("DELETE FROM bookings WHERE code = ?").bind(code).run();
    expect((await guestApi(token, "/api/guest/stay")).status).toBe(401);
  });
});
