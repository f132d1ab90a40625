import { Hono } from "hono";
import type { PublicApiEnv } from "@api/context";
import { renderReference, type OpenApiDocument } from "./render";

export const OPENAPI_PATH = "/api/openapi.json";
export const REFERENCE_PATH = "/api/reference";

/** The OpenAPI 3.1 document of the host API and its readable reference page, both public. */
export function referenceRoutes(document: () => OpenApiDocument) {
  return new Hono<PublicApiEnv>()
    .get(OPENAPI_PATH, (c) => {
      c.header("Cache-Control", "public, max-age=300");
      return c.json(document());
    })
    .get(REFERENCE_PATH, (c) => {
      c.header("Cache-Control", "public, max-age=300");
      // Its own policy: the page is plain HTML with one inline stylesheet and no script.
      c.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'");
      return c.html(renderReference(document()));
    });
}
