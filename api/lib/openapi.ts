import { OpenAPIHono, type Hook } from "@hono/zod-openapi";
import type { Env } from "hono";
import { HTTPException } from "hono/http-exception";
import type { z } from "zod";
import { ApiError, validationFailed, zodErrors } from "./errors";

export const NOT_JSON_MESSAGE = "Expected a JSON body (Content-Type: application/json)";

/**
 * What the contract's validators do with their result: a JSON body without a JSON content type is a
 * 415, any other refusal the errors list of §3 (400). Runs for every declared body, query and path.
 */
// oxlint-disable-next-line typescript/no-explicit-any -- one hook serves every route's input types
export const contractHook: Hook<any, any, any, any> = (result, c) => {
  if (result.target === "json" && !/json/i.test(c.req.header("content-type") ?? "")) throw new ApiError(415, NOT_JSON_MESSAGE);
  if (!result.success) throw validationFailed(zodErrors(result.error as z.ZodError));
};

/** A router whose routes are registered from the contract's declarations (`app.openapi(endpoint, handler)`). */
export function contractRouter<E extends Env>() {
  return new OpenAPIHono<E>({ defaultHook: contractHook });
}

/** The library's own refusals (malformed JSON, wrong media type) in the formats of §3. */
export function fromHttpException(error: unknown): ApiError | null {
  if (!(error instanceof HTTPException)) return null;
  if (error.status === 415) return new ApiError(415, NOT_JSON_MESSAGE);
  if (error.status === 400) return new ApiError(400, "Malformed JSON body");
  return new ApiError(error.status, error.message || "Request refused");
}
