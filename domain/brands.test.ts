import { describe, expect, it } from "vitest";
import { BRANDS, brandForHost, DEFAULT_BRAND } from "./brands";

describe("brandForHost", () => {
  it("picks the brand whose host matches", () => {
    expect(brandForHost("alpina.localhost").id).toBe("alpina");
    expect(brandForHost("costa.localhost").id).toBe("costa");
    expect(brandForHost("nordlys.localhost").id).toBe("nordlys");
  });

  it("gives each non-default brand its own stylesheet", () => {
    expect(brandForHost("alpina.localhost").stylesheet).toBe("/themes/alpina.css");
    expect(brandForHost("costa.localhost").stylesheet).toBe("/themes/costa.css");
  });

  it("ignores the port", () => {
    expect(brandForHost("alpina.localhost:5173").id).toBe("alpina");
    expect(brandForHost("costa.localhost:80").id).toBe("costa");
  });

  it("ignores case", () => {
    expect(brandForHost("ALPINA.localhost").id).toBe("alpina");
    expect(brandForHost("Nordlys.LocalHost:8787").id).toBe("nordlys");
  });

  it("falls back to the default brand for unknown hosts", () => {
    expect(brandForHost("localhost")).toBe(DEFAULT_BRAND);
    expect(brandForHost("localhost:5173")).toBe(DEFAULT_BRAND);
    expect(brandForHost("")).toBe(DEFAULT_BRAND);
    expect(brandForHost("evil.alpina.localhost")).toBe(DEFAULT_BRAND);
    expect(brandForHost("alpina.localhost.evil.example")).toBe(DEFAULT_BRAND);
    expect(DEFAULT_BRAND.stylesheet).toBeNull();
  });

  it("resolves every listed host to its own brand", () => {
    for (const brand of BRANDS) for (const host of brand.hosts) expect(brandForHost(host)).toBe(brand);
  });
});
