import type { z } from "@hono/zod-openapi";
import type { Endpoint } from "./http";

/** The declared endpoint a request goes to, literal paths before templated ones. */
export function endpointFor(endpoints: Endpoint[], method: string, pathname: string): Endpoint | undefined {
  const candidates = endpoints
    .filter((e) => e.method.toUpperCase() === method.toUpperCase())
    .filter((e) => new RegExp(`^${e.path.replace(/\{\w+\}/g, "[^/]+")}$`).test(pathname));
  return candidates.sort((a, b) => (a.path.match(/\{/g)?.length ?? 0) - (b.path.match(/\{/g)?.length ?? 0))[0];
}

/**
 * Checks an answer against its declaration: the status must be declared, a JSON body must match its
 * schema, and any other body (a photo's file) must be of a declared media type. For tests only;
 * production answers are not parsed again.
 */
export function checkResponse(endpoint: Endpoint, status: number, body: unknown, contentType = "application/json"): string[] {
  const declared = endpoint.responses[status];
  const where = `${endpoint.method.toUpperCase()} ${endpoint.path} answered ${status}`;
  if (!declared) return [`${where}, which its declaration does not list`];
  const content = "content" in declared ? declared.content : undefined;
  const mediaType = contentType.split(";")[0]!.trim().toLowerCase();
  if (mediaType && !/json/.test(mediaType)) return content && mediaType in content ? [] : [`${where} as ${mediaType}, which its declaration does not list`];
  const media = (content?.["application/json"] ?? content?.["application/problem+json"]) as { schema?: z.ZodType } | undefined;
  const schema = media?.schema;
  if (!schema) return body === null || body === "" ? [] : [`${where} with a body its declaration does not describe`];
  const result = schema.safeParse(body);
  return result.success ? [] : result.error.issues.map((issue) => `${where}: ${issue.path.join(".") || "(body)"} ${issue.message}`);
}
