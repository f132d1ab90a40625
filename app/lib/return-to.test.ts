import { describe, expect, it } from "vitest";
import { safeReturnTo, signInFormTargets } from "./return-to";

const ORIGIN = "https://app.stayhost.example";

describe("safeReturnTo", () => {
  it.each([
    ["/properties", "/properties"],
    ["/properties?criteria%5Bsearch%5D=Berlin&page=2", "/properties?criteria%5Bsearch%5D=Berlin&page=2"],
    ["/feature-toggle/bookings#top", "/feature-toggle/bookings#top"],
    [`${ORIGIN}/home`, "/home"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/properties/%0Aevil", "/properties/%0Aevil"],
    ["/properties?q=a b", "/properties?q=a%20b"],
    // The same special scheme without slashes is a relative path for browsers too.
    ["https:evil.example", "/evil.example"],
  ])("follows the path %j of this app as %j", (value, expected) => {
    expect(safeReturnTo(value, ORIGIN)).toBe(expected);
  });

  it.each([
    ["a tab after the first slash", "/\t/evil.example/login"],
    ["a newline after the first slash", "/\n/evil.example"],
    ["a carriage return after the first slash", "/\r/evil.example"],
    ["a tab inside the scheme-relative slashes", "/\t\t/evil.example"],
    ["two slashes", "//evil.example"],
    ["three slashes", "///evil.example"],
    ["a backslash after the slash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["a backslash then a slash", "\\/evil.example"],
    ["a slash, a tab and a backslash", "/\t\\evil.example"],
    ["a dot segment that leaves two slashes", "/.//evil.example"],
    ["a parent segment that leaves two slashes", "/a/..//evil.example"],
    ["leading spaces before two slashes", "  //evil.example"],
    ["an absolute URL to another host", "https://evil.example/home"],
    ["an absolute URL of another scheme without slashes", "http:evil.example"],
    ["the same host over another scheme", "http://app.stayhost.example/home"],
    ["the same host on another port", "https://app.stayhost.example:8443/home"],
    ["a look-alike subdomain", "https://app.stayhost.example.evil.example/home"],
    ["userinfo naming this host", "https://app.stayhost.example@evil.example/"],
    ["userinfo on this origin", `https://user:pass@app.stayhost.example/home`],
    ["javascript:", "javascript:alert(document.cookie)"],
    ["javascript: with a tab", "java\tscript:alert(1)"],
    ["javascript: in capitals", "JAVASCRIPT:alert(1)"],
    ["data:", "data:text/html,<script>alert(1)</script>"],
    ["a protocol-relative URL with a tab before it", "\t//evil.example"],
    ["the sign-in callback", "/auth/callback?code=x"],
    ["the token endpoint", "/oauth/token"],
    ["the API", "/api/app/user/info"],
  ])("refuses %s", (_, value) => {
    expect(safeReturnTo(value, ORIGIN)).toBe("/home");
  });

  it("decoded query values of the reported bypass are refused", () => {
    const returnTo = new URLSearchParams("returnTo=%2F%09%2Fevil.example%2Flogin").get("returnTo");
    expect(safeReturnTo(returnTo, ORIGIN)).toBe("/home");
  });

  it("never returns a control character, so the address is a valid Location header", () => {
    for (const value of ["/home\n", "/prop\r\nerties", "/properties\u0000", "/home?x=\n1", "/home#\t"]) {
      const path = safeReturnTo(value, ORIGIN);
      expect(path).toMatch(/^\/[^/\\]/);
      // eslint-disable-next-line no-control-regex
      expect(path).not.toMatch(/[\u0000-\u001f\u007f]/);
      expect(() => new Headers({ Location: path })).not.toThrow();
    }
  });

  it("uses the fallback for nothing and for what is refused", () => {
    expect(safeReturnTo(null, ORIGIN)).toBe("/home");
    expect(safeReturnTo("", ORIGIN, { fallback: "/properties" })).toBe("/properties");
    expect(safeReturnTo("//evil.example", ORIGIN, { fallback: "/properties" })).toBe("/properties");
  });

  it("accepts only paths within a given section when asked", () => {
    const within = { within: "/properties", fallback: "/properties/p1/units/u1/taxes-and-laws" };
    expect(safeReturnTo("/properties?page=2", ORIGIN, within)).toBe("/properties?page=2");
    expect(safeReturnTo("/properties/p1", ORIGIN, within)).toBe("/properties/p1");
    expect(safeReturnTo("/propertiesevil", ORIGIN, within)).toBe(within.fallback);
    expect(safeReturnTo("/home", ORIGIN, within)).toBe(within.fallback);
    expect(safeReturnTo("/properties/..//evil.example", ORIGIN, within)).toBe(within.fallback);
  });
});

function signIn(path: string, redirectUri: string) {
  return new URL(`${path}?${new URLSearchParams({ client_id: "c", redirect_uri: redirectUri })}`, "https://api.example");
}

describe("signInFormTargets", () => {
  it("is the callback's origin, or a native app's scheme, on the sign-in and registration pages", () => {
    expect(signInFormTargets(signIn("/login", "https://web.example/auth/callback"))).toEqual(["https://web.example"]);
    expect(signInFormTargets(signIn("/register", "http://127.0.0.1:4226/auth/callback"))).toEqual(["http://127.0.0.1:4226"]);
    expect(signInFormTargets(signIn("/login", "com.example.app:/oauth/callback"))).toEqual(["com.example.app:"]);
  });

  it("adds nothing for the page's own origin, another page, or a callback that is no URL", () => {
    expect(signInFormTargets(signIn("/login", "https://api.example/auth/callback"))).toEqual([]);
    expect(signInFormTargets(signIn("/properties", "https://web.example/auth/callback"))).toEqual([]);
    expect(signInFormTargets(signIn("/login", "not a url"))).toEqual([]);
    expect(signInFormTargets(new URL("https://api.example/login"))).toEqual([]);
  });
});
