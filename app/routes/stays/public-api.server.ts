import type { RouterContextProvider } from "react-router";
import { transportFor } from "~/lib/auth.server";
import { callHostApi, endpointCaller, type CallEndpoint } from "~/lib/host-api.server";

/**
 * The typed client for the public side of the host API (`/api/public/stays/…`): no token, the
 * guest's address passed on as for every call. A guest needs no session for it.
 */
export function publicCaller(context: Readonly<RouterContextProvider>, request: Request): CallEndpoint {
  const transport = transportFor(context, request);
  return endpointCaller(async (method, path, options) => (await callHostApi(transport, method, path, options)).data);
}
