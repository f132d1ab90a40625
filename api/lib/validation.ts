import type { Context } from "hono";
import type { z } from "zod";
import { ApiError, validationFailed, zodErrors } from "./errors";

/** Reads a JSON body and validates it; malformed JSON and schema failures answer 400. */
export async function readJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("json")) throw new ApiError(415, "Expected a JSON body (Content-Type: application/json)");
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new ApiError(400, "Malformed JSON body");
  }
  const result = schema.safeParse(body);
  if (!result.success) throw validationFailed(zodErrors(result.error));
  return result.data;
}

export function readQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw validationFailed(zodErrors(result.error));
  return result.data;
}
