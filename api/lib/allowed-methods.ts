import type { Context } from "hono";
import type { RouterRoute } from "hono/types";
import { ApiError, errorResponse, notFound } from "./errors";

/** A Hono path (`/properties/:id/location/:action?`) as a regular expression for one request path. */
function pattern(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return segment ? `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` : "";
    })
    .join("");
  return new RegExp(`^${source}/?$`);
}

/** The methods an app answers on a path; empty when it knows no route there. */
export function allowedMethods(routes: readonly RouterRoute[], pathname: string): string[] {
  const methods = new Set(routes.filter((r) => r.method !== "ALL" && pattern(r.path).test(pathname)).map((r) => r.method));
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}

/**
 * What an app answers when no route matched: 405 with `Allow` when the path is known for other
 * methods (RFC 9110 §15.5.6), otherwise 404. `routes` are the app's own, read when a request comes.
 */
export function routeNotFound(routes: () => readonly RouterRoute[]) {
  return (c: Context): Response => {
    const allowed = allowedMethods(routes(), c.req.path);
    if (!allowed.length) return errorResponse(c, notFound("Route"));
    c.header("Allow", allowed.join(", "));
    return errorResponse(c, new ApiError(405, `Method ${c.req.method} not allowed; use ${allowed.join(", ")}`));
  };
}
