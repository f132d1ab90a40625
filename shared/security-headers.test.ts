import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createNonce, isForeignOriginWrite, withSecurityHeaders } from "./security-headers";

function directives(csp: string): Map<string, string> {
  return new Map(
    csp.split(";").map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name!, values.join(" ")];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it.each([true, false])("carries the nonce and the strict directives (production=%s)", (production) => {
    const csp = contentSecurityPolicy("abc123==", production);
    const d = directives(csp);
    expect(d.get("script-src")).toContain("'nonce-abc123=='");
    expect(d.get("script-src")).toContain("'strict-dynamic'");
    expect(d.get("object-src")).toBe("'none'");
    expect(d.get("base-uri")).toBe("'none'");
    expect(d.get("frame-ancestors")).toBe("'none'");
    expect(d.get("default-src")).toBe("'self'");
    expect(d.get("form-action")).toBe("'self'");
  });

  it("lets a form lead to the further targets it is given, and only to them", () => {
    const d = directives(contentSecurityPolicy("n", true, [], ["https://web.example", "com.example.app:"]));
    expect(d.get("form-action")).toBe("'self' https://web.example com.example.app:");
  });

  it("allows no 'unsafe-eval' and no dev websockets in production", () => {
    const csp = contentSecurityPolicy("n", true);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toContain("ws:");
    expect(directives(csp).get("script-src")).toBe("'nonce-n' 'strict-dynamic'");
    expect(directives(csp).get("connect-src")).toBe("'self'");
  });

  it("allows 'unsafe-eval' and the dev websocket outside production", () => {
    const d = directives(contentSecurityPolicy("n", false));
    expect(d.get("script-src")).toContain("'unsafe-eval'");
    expect(d.get("connect-src")).toContain("ws://localhost:*");
  });

  it("never allows 'unsafe-inline' scripts", () => {
    for (const production of [true, false]) expect(directives(contentSecurityPolicy("n", production)).get("script-src")).not.toContain("unsafe-inline");
  });
});

describe("withSecurityHeaders", () => {
  it("sets nosniff, Referrer-Policy, X-Frame-Options and COOP", () => {
    const h = withSecurityHeaders(new Response("hi"), true).headers;
    expect(h.get("X-Content-Type-Options")).toBe("nosniff");
    expect(h.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("X-Frame-Options")).toBe("DENY");
    expect(h.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
  });

  it("adds a locked-down CSP when the response has none", () => {
    const csp = withSecurityHeaders(new Response("{}"), true).headers.get("Content-Security-Policy");
    expect(csp).not.toBeNull();
    const d = directives(csp!);
    expect(d.get("default-src")).toBe("'none'");
    expect(d.get("frame-ancestors")).toBe("'none'");
  });

  it("keeps a CSP the renderer already set", () => {
    const page = contentSecurityPolicy("nonce-1", true);
    const response = new Response("<html>", { headers: { "Content-Security-Policy": page } });
    expect(withSecurityHeaders(response, true).headers.get("Content-Security-Policy")).toBe(page);
  });

  it("sets HSTS only in production", () => {
    expect(withSecurityHeaders(new Response("x"), true).headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d+; includeSubDomains/);
    expect(withSecurityHeaders(new Response("x"), false).headers.has("Strict-Transport-Security")).toBe(false);
  });

  it("keeps status, status text, body and other headers", async () => {
    const original = new Response('{"error":"nope"}', {
      status: 418,
      statusText: "I'm a teapot",
      headers: { "content-type": "application/json", "x-custom": "1" },
    });
    const secured = withSecurityHeaders(original, true);
    expect(secured.status).toBe(418);
    expect(secured.statusText).toBe("I'm a teapot");
    expect(secured.headers.get("content-type")).toBe("application/json");
    expect(secured.headers.get("x-custom")).toBe("1");
    expect(await secured.text()).toBe('{"error":"nope"}');
  });

  it("keeps pages and API answers out of every cache unless the handler says otherwise", () => {
    expect(withSecurityHeaders(new Response("<html>"), true).headers.get("Cache-Control")).toBe("private, no-store");
    expect(withSecurityHeaders(Response.json({}), false).headers.get("Cache-Control")).toBe("private, no-store");
    const photo = new Response("png", { headers: { "Cache-Control": "private, max-age=3600" } });
    expect(withSecurityHeaders(photo, true).headers.get("Cache-Control")).toBe("private, max-age=3600");
    const settings = new Response("{}", { headers: { "Cache-Control": "public, max-age=300" } });
    expect(withSecurityHeaders(settings, true).headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("keeps a redirect's Location", () => {
    const secured = withSecurityHeaders(new Response(null, { status: 302, headers: { Location: "/sign-in" } }), false);
    expect(secured.status).toBe(302);
    expect(secured.headers.get("Location")).toBe("/sign-in");
  });
});

describe("isForeignOriginWrite", () => {
  const url = "https://host.example/bookings/1";
  const post = (headers: Record<string, string>, method = "POST") => new Request(url, { method, headers });

  it("never flags safe methods, even from a foreign origin", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(isForeignOriginWrite(post({ Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site", Cookie: "s=1" }, method), true)).toBe(false);
    }
  });

  it("allows a POST from the same origin", () => {
    expect(isForeignOriginWrite(post({ Origin: "https://host.example", Cookie: "s=1" }), true)).toBe(false);
    expect(isForeignOriginWrite(post({ Origin: "https://host.example", "Sec-Fetch-Site": "same-origin", Cookie: "s=1" }), true)).toBe(false);
  });

  it("flags writes from a foreign origin", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isForeignOriginWrite(post({ Origin: "https://evil.example" }, method), true)).toBe(true);
      expect(isForeignOriginWrite(post({ Origin: "https://evil.example" }, method), false)).toBe(true);
    }
  });

  it("treats another scheme, port or subdomain as foreign", () => {
    const flagged = ["http://host.example", "https://host.example:8443", "https://sub.host.example", "null"].filter((origin) =>
      isForeignOriginWrite(post({ Origin: origin }), true),
    );
    expect(flagged).toEqual(["http://host.example", "https://host.example:8443", "https://sub.host.example", "null"]);
  });

  it("flags a write the browser says comes from another site, whatever Origin says", () => {
    for (const site of ["cross-site", "same-site"]) {
      expect(isForeignOriginWrite(post({ "Sec-Fetch-Site": site, Cookie: "s=1" }), true)).toBe(true);
      expect(isForeignOriginWrite(post({ "Sec-Fetch-Site": site, Origin: "https://host.example" }), true)).toBe(true);
      expect(isForeignOriginWrite(post({ "Sec-Fetch-Site": site }), false)).toBe(true);
    }
  });

  it("refuses a cookie-carrying write to a page without Origin, unless Sec-Fetch-Site says same-origin", () => {
    expect(isForeignOriginWrite(post({ Cookie: "host_session=s" }), true)).toBe(true);
    expect(isForeignOriginWrite(post({ Cookie: "host_session=s", "Sec-Fetch-Site": "none" }), true)).toBe(true);
    expect(isForeignOriginWrite(post({ Cookie: "host_session=s", "Sec-Fetch-Site": "same-origin" }), true)).toBe(false);
  });

  it("allows a write without Origin that acts on no cookie: no cookie sent, or an API path", () => {
    expect(isForeignOriginWrite(post({}), true)).toBe(false);
    expect(isForeignOriginWrite(post({ Cookie: "host_session=s" }), false)).toBe(false);
  });
});

describe("createNonce", () => {
  it("gives a base64 string of 16 random bytes", () => {
    const nonce = createNonce();
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(atob(nonce)).toHaveLength(16);
  });

  it("gives a distinct nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    expect(nonces.size).toBe(50);
  });
});
