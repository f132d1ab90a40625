import type { Endpoint } from "./http";
import { properties } from "./properties";
import { units } from "./units";

/**
 * The host API's contract: every endpoint declared once (method, path, parameters, body, responses).
 * The API registers its handlers from these declarations; the web calls them through the typed client
 * (app/lib/host-api.server.ts); /api/openapi.json is generated from them.
 */
export const hostApi = { properties, units };

/** Every declared endpoint, for tests that check answers against their declaration. */
export const allEndpoints: Endpoint[] = Object.values(hostApi).flatMap((resource) => Object.values(resource));
