import { z } from "zod";
import { pathOf, type Endpoint } from "@contract/http";

/**
 * The web side's only way to the host API: its HTTP contract (§7). Errors in any of the three
 * formats of §3 are normalised into one shape whose field errors map onto form fields (§5).
 */
export class HostApiError extends Error {
  /** The API's Retry-After, when it asks to wait (a sign-in lockout). */
  retryAfter: string | null = null;
  /** The answer's JSON, for refusals that carry more than errors (a stale edit's `current` values). */
  body: unknown = null;

  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, { message: string; type: string }[]>,
    readonly formErrors: { message: string; type: string }[],
  ) {
    super(message);
  }
}

/**
 * What a form does with a failed API call: a refusal (4xx) is returned for the form to show. An
 * object the API does not find (or that belongs to another host) is not a form error: it is the
 * page's 404, as a loader answers it. Anything else is thrown on.
 */
export function refusalOf(error: unknown): HostApiError {
  if (!(error instanceof HostApiError) || error.status >= 500) throw error;
  if (error.status === 404) throw new Response(null, { status: 404 });
  return error;
}

const errorsList = z.object({
  message: z.string().optional(),
  errors: z.array(z.object({ field: z.string().nullable().optional(), message: z.string(), type: z.string().optional() })),
});
const problemDetails = z.object({
  type: z.string().optional(),
  title: z.string().optional(),
  detail: z.string().optional(),
  invalidParams: z.array(z.object({ name: z.string(), reason: z.string(), type: z.string().optional() })).optional(),
});
const messageOnly = z.object({ message: z.string() });
/** RFC 6749 §5.2: what the token endpoint answers. */
const oauthError = z.object({ error: z.string(), error_description: z.string().optional() });

export function normaliseError(status: number, body: unknown): HostApiError {
  const fieldErrors: HostApiError["fieldErrors"] = {};
  const formErrors: HostApiError["formErrors"] = [];
  const list = errorsList.safeParse(body);
  if (list.success) {
    for (const e of list.data.errors) {
      const entry = { message: e.message, type: e.type ?? "invalid" };
      if (e.field) (fieldErrors[e.field] ??= []).push(entry);
      else formErrors.push(entry);
    }
    return new HostApiError(status, list.data.message ?? list.data.errors[0]?.message ?? "Request failed", fieldErrors, formErrors);
  }
  const message = messageOnly.safeParse(body);
  if (message.success) return new HostApiError(status, message.data.message, fieldErrors, [{ message: message.data.message, type: `http_${status}` }]);
  const oauth = oauthError.safeParse(body);
  if (oauth.success) {
    const text = oauth.data.error_description ? `${oauth.data.error}: ${oauth.data.error_description}` : oauth.data.error;
    return new HostApiError(status, text, fieldErrors, [{ message: text, type: `oauth_${oauth.data.error}` }]);
  }
  const problem = problemDetails.safeParse(body);
  if (problem.success && (problem.data.detail || problem.data.title || problem.data.invalidParams)) {
    for (const p of problem.data.invalidParams ?? []) (fieldErrors[p.name] ??= []).push({ message: p.reason, type: p.type ?? "invalid" });
    const text = problem.data.detail ?? problem.data.title ?? "Request failed";
    if (!problem.data.invalidParams?.length) formErrors.push({ message: text, type: `http_${status}` });
    return new HostApiError(status, text, fieldErrors, formErrors);
  }
  return new HostApiError(status, `Request failed with status ${status}`, fieldErrors, [{ message: "Request failed", type: `http_${status}` }]);
}

export interface HostApiTransport {
  baseUrl: string;
  hostFetch: (request: Request) => Promise<Response>;
  /** Headers every call carries (client address, impersonation). */
  headers?: Record<string, string>;
}

export interface RequestOptions<T> {
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Headers of this call, e.g. the `If-Match` of a change made from a version (decision 025). */
  headers?: Record<string, string>;
  schema?: z.ZodType<T>;
  token?: string;
}

export async function callHostApi<T>(
  transport: HostApiTransport,
  method: string,
  path: string,
  options: RequestOptions<T> = {},
): Promise<{ status: number; data: T; headers: Headers }> {
  const url = new URL(path, transport.baseUrl);
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  const headers = new Headers(transport.headers);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  headers.set("accept", "application/json");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  // Form bodies (URL-encoded, multipart) set their own content type.
  if (options.body instanceof URLSearchParams || options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(options.body);
  }
  const response = await transport.hostFetch(new Request(url, { method, headers, body }));
  const text = await response.text();
  let json: unknown = null;
  if (text) {
    try {
      json = JSON.parse(text);
    } catch {
      json = { message: text.slice(0, 200) };
    }
  }
  if (!response.ok) {
    const error = normaliseError(response.status, json);
    error.retryAfter = response.headers.get("Retry-After");
    error.body = json;
    throw error;
  }
  const data = options.schema ? options.schema.parse(json) : (json as T);
  return { status: response.status, data, headers: response.headers };
}

/** For loaders: an object the API does not find (or that belongs to someone else) is this page's 404. */
export async function orNotFound<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof HostApiError && error.status === 404) throw new Response(null, { status: 404 });
    throw error;
  }
}

/* The typed client: calls named by the contract's declarations (contract/), never by a path string. */

type Json<E, Key extends string> = E extends { content: { [K in Key]: { schema: infer S extends z.ZodType } } } ? S : never;
export type ParamsOf<E extends Endpoint> = E["request"] extends { params: infer P extends z.ZodType } ? z.input<P> : undefined;
type QueryOf<E extends Endpoint> = E["request"] extends { query: infer Q extends z.ZodType } ? z.input<Q> : undefined;
type HeadersOf<E extends Endpoint> = E["request"] extends { headers: infer H extends z.ZodType } ? z.input<H> : undefined;
/** A JSON body as its schema's input; a multipart body (an upload) as the form data to send. */
type BodyOf<E extends Endpoint> = E["request"] extends { body: infer B } ? (B extends { content: { "multipart/form-data": unknown } } ? FormData : z.input<Json<B, "application/json">>) : undefined;
type Slot<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : { [P in K]: T };

/** What a call takes: `params` for the path, `query`, `body`, `headers` (`if-match`), each only where the endpoint declares it. */
export type CallInput<E extends Endpoint> = Slot<"params", ParamsOf<E>> & Partial<Slot<"query", QueryOf<E>>> & Slot<"body", BodyOf<E>> & Partial<Slot<"headers", HeadersOf<E>>>;

/** What a call answers: the declared success body (null for 204). */
export type ResponseOf<E extends Endpoint> = {
  [S in keyof E["responses"]]: S extends 200 | 201 ? z.output<Json<E["responses"][S], "application/json">> : S extends 204 ? null : never;
}[keyof E["responses"]];

export type CallEndpoint = <E extends Endpoint>(endpoint: E, ...input: object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]) => Promise<ResponseOf<E>>;

/** The headers a call's success declares (the price configuration's `ETag`), by their declared names. */
export type ResponseHeadersOf<E extends Endpoint> = {
  [S in keyof E["responses"]]: S extends 200 | 201 ? (E["responses"][S] extends { headers: infer H extends z.ZodType } ? z.output<H> : never) : never;
}[keyof E["responses"]];

/** The typed client for an answer whose declared headers matter too: `{ data, headers }`. */
export type CallEndpointWithHeaders = <E extends Endpoint>(
  endpoint: E,
  ...input: object extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]
) => Promise<{ data: ResponseOf<E>; headers: ResponseHeadersOf<E> }>;

export { pathOf };

function queryOf(query: Record<string, unknown> | undefined): Record<string, string | number | undefined> | undefined {
  if (!query) return undefined;
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, value === undefined || value === null || value === "" ? undefined : String(value)]));
}

/**
 * Makes the typed client from a way to send requests. Answers are trusted to match their
 * declaration (the API's tests check that every answer does); they are not parsed again here.
 */
export function endpointCaller(send: <T>(method: string, path: string, options?: Omit<RequestOptions<T>, "token">) => Promise<T>): CallEndpoint {
  return (endpoint, ...[input]) => send(...requestOf(endpoint, input));
}

/**
 * The typed client that also answers the success's declared headers, checked against their
 * declaration (a missing one is an error, as a body that does not parse would be).
 */
export function endpointCallerWithHeaders(
  send: <T>(method: string, path: string, options?: Omit<RequestOptions<T>, "token">) => Promise<{ data: T; headers: Headers }>,
): CallEndpointWithHeaders {
  return async (endpoint, ...[input]) => {
    const { data, headers } = await send(...requestOf(endpoint, input));
    const success = (endpoint.responses[200] ?? endpoint.responses[201]) as { headers?: z.ZodObject } | undefined;
    const declared = success?.headers;
    const named = declared ? Object.fromEntries(Object.keys(declared.shape).map((name) => [name, headers.get(name) ?? undefined])) : {};
    return { data, headers: (declared ? declared.parse(named) : {}) as never };
  };
}

function requestOf(endpoint: Endpoint, input: unknown): [string, string, Omit<RequestOptions<never>, "token">] {
  const { params, query, body, headers } = (input ?? {}) as { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; headers?: Record<string, unknown> };
  const sent = headers && Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
  return [endpoint.method.toUpperCase(), pathOf(endpoint, params), { query: queryOf(query), body, ...(sent ? { headers: sent } : {}) }];
}
