import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allEndpoints } from "@contract/index";
import { STAFF_TAG } from "@contract/staff";
import { hostApp } from "@api/host-api";
import { BASE } from "@api/test/helpers";

describe("API reference", () => {
  it("serves the OpenAPI 3.1 document with every declared endpoint, each registered by the API", async () => {
    const response = await SELF.fetch(`${BASE}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>>; components: { securitySchemes: Record<string, { type: string }> } };
    expect(document.openapi).toBe("3.1.0");
    expect(document.components.securitySchemes.oauth2?.type).toBe("oauth2");
    const registered = new Set(hostApp.routes.map((r) => `${r.method} ${r.path}`));
    for (const endpoint of allEndpoints) {
      expect(document.paths[endpoint.path]?.[endpoint.method]?.responses, `${endpoint.method} ${endpoint.path}`).toHaveProperty("404");
      expect(registered, `${endpoint.method} ${endpoint.path} has a handler`).toContain(`${endpoint.method.toUpperCase()} ${endpoint.path.replace(/\{(\w+)\}/g, ":$1")}`);
    }
  });

  it("marks every staff-only endpoint with the Staff tag, described as not for third-party clients, and no other", async () => {
    const document = (await (await SELF.fetch(`${BASE}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
      tags: { name: string; description: string }[];
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.values(methods).map((operation) => ({ path, tags: operation.tags ?? [] })));
    const staffOnly = operations.filter((o) => o.path.startsWith("/api/app/staff/"));
    expect(staffOnly.length).toBeGreaterThan(0);
    expect(operations.filter((o) => o.tags.includes(STAFF_TAG))).toEqual(staffOnly);
    expect(document.tags.find((t) => t.name === STAFF_TAG)?.description).toMatch(/Not for third-party clients/);
  });

  it("renders a readable reference page without scripts or outside resources", async () => {
    const response = await SELF.fetch(`${BASE}/api/reference`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const page = await response.text();
    expect(page).toContain("<h2 id=\"Properties\">Properties</h2>");
    expect(page).toContain("<code>/api/app/property-unit/{id}</code>");
    expect(page).toContain("<code>propertyType</code>");
    expect(page).not.toMatch(/<script|https?:\/\/(?!localhost)/);
  });
});
