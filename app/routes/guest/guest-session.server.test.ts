import { describe, expect, it } from "vitest";
import { GUEST_TOKEN_TTL_SECONDS } from "@contract/guest";
import { guestCookie } from "./guest-session.server";

/** §9: the guest token lives in an HttpOnly, SameSite cookie of 86 400 s, Secure in production, sent only to the guest pages. */
describe("the guest's cookie", () => {
  it("is HttpOnly, SameSite=Lax, on /guest for a day; in production Secure under the __Secure- prefix", async () => {
    expect(GUEST_TOKEN_TTL_SECONDS).toBe(86_400);
    const production = await guestCookie({ ENVIRONMENT: "production" } as Env).serialize("token");
    expect(production).toMatch(/^__Secure-guest_token=/);
    for (const attribute of ["Max-Age=86400", "Path=/guest", "HttpOnly", "Secure", "SameSite=Lax"]) expect(production).toContain(attribute);

    const local = await guestCookie({ ENVIRONMENT: "development" } as Env).serialize("token");
    expect(local).toMatch(/^guest_token=/);
    expect(local).not.toContain("Secure");
    for (const attribute of ["Max-Age=86400", "Path=/guest", "HttpOnly", "SameSite=Lax"]) expect(local).toContain(attribute);
  });

  it("reads back what it wrote, and nothing from a cookie of another name", async () => {
    const cookie = guestCookie({ ENVIRONMENT: "production" } as Env);
    const header = (await cookie.serialize("signed.token")).split(";")[0]!;
    expect(await cookie.parse(header)).toBe("signed.token");
    expect(await cookie.parse(header.replace("__Secure-guest_token", "guest_token"))).toBeNull();
  });
});
