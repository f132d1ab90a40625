import { z, type RouteConfig } from "@hono/zod-openapi";

/**
 * The building blocks every endpoint declaration shares: the three error formats of §3 and the
 * JSON request and response envelopes. Declarations live in one file per resource next to this one.
 */

/** One entry of the errors list: `field` is dotted (`address.city`) or null for the whole request. */
export const fieldErrorSchema = z.object({ field: z.string().nullable(), message: z.string(), type: z.string() }).openapi("FieldError");

/** 400 when validation fails (and 409 when a rule refuses with reasons per field). */
export const errorsListSchema = z.object({ message: z.string(), errors: z.array(fieldErrorSchema) }).openapi("ErrorsList");

/** Every other refusal: 401, 403, 404, 409, 415. */
export const messageSchema = z.object({ message: z.string() }).openapi("Message");

/** 401 from the OAuth layer (RFC 6750): a missing, expired or forged bearer token. */
export const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() }).openapi("OAuthError");

/** 500: RFC 9457 problem details, never a stack trace. */
export const problemSchema = z
  .object({ type: z.string(), title: z.string(), status: z.number().int(), detail: z.string() })
  .openapi("ProblemDetails");

const error = (description: string, schema: z.ZodType = messageSchema, mediaType = "application/json") => ({
  description,
  content: { [mediaType]: { schema } },
});

/** What any endpoint of /api/app may answer besides its own responses. */
export const commonErrors = {
  400: error("Validation failed (errors list) or malformed JSON (message)", z.union([errorsListSchema, messageSchema])),
  401: error(
    "No valid access token: an RFC 6750 error from the OAuth layer (no body when no token was sent at all), or a message when the token's account is gone",
    z.union([oauthErrorSchema, messageSchema]).nullable(),
  ),
  403: error("Not allowed for this user"),
  404: error("Not found, or another host's"),
  415: error("The body is not JSON"),
  500: error("Unexpected error", problemSchema, "application/problem+json"),
} as const;

/** 409 with the reasons as an errors list (publishing, state changes). */
export const conflictWithReasons = { 409: error("Refused by a rule; the errors list names each reason", z.union([errorsListSchema, messageSchema])) } as const;
export const conflict = { 409: error("Refused by a rule") } as const;

/** A JSON request body. */
export function jsonBody<T extends z.ZodType>(schema: T, description?: string) {
  return { required: true, description, content: { "application/json": { schema } } } as const;
}

/** A JSON response. */
export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } } as const;
}

export const noContent = { 204: { description: "Done; no body" } } as const;

/** Every endpoint of the host API is one of these: the output of `createRoute`. */
export type Endpoint = RouteConfig;

export const pagination = z.object({ current: z.number().int(), next: z.number().int(), total: z.number().int(), pageSize: z.number().int() });

/** Access to /api/app: a bearer token from the OAuth 2.1 server (authorization code with PKCE). */
export const security = [{ oauth2: ["host"] }];

/** The endpoint's path with its parameters filled in, e.g. /api/app/property-unit/unt_1. */
export function pathOf(endpoint: Endpoint, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`${endpoint.path} needs the path parameter ${name}`);
    return encodeURIComponent(String(params[name]));
  });
}
