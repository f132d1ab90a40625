import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, BASE, createUser, signIn } from "./test/helpers";

describe("a wrong method on a known path", () => {
  it("answers 405 with Allow on the host API, and 404 where no route is", async () => {
    const { access_token } = await signIn((await createUser()).email);
    const wrong = await api(access_token, "DELETE", "/user/info");
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD, PATCH");
    expect(await wrong.json()).toEqual({ message: expect.stringContaining("DELETE") });
    // Parameters and optional segments count as the path they stand for.
    expect((await api(access_token, "GET", "/properties/prp_any/location/save")).headers.get("allow")).toBe("PUT");
    expect((await api(access_token, "POST", "/property-unit/unt_any")).headers.get("allow")).toBe("DELETE, GET, HEAD, PATCH");
    expect((await api(access_token, "GET", "/no-such-thing")).status).toBe(404);
    expect((await api(access_token, "GET", "/property-unit/unt_any/no-such-thing")).status).toBe(404);
  });

  it("answers 405 with Allow on the public API", async () => {
    const wrong = await SELF.fetch(`${BASE}/api/public/settings`, { method: "POST" });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("GET, HEAD");
    expect((await SELF.fetch(`${BASE}/api/public/nothing-here`)).status).toBe(404);
  });
});
