import { createCookie, href, redirect, type RouterContextProvider } from "react-router";
import { GUEST_TOKEN_TTL_SECONDS } from "@contract/guest";
import { transportFor } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { callHostApi, endpointCaller, HostApiError, type CallEndpoint } from "~/lib/host-api.server";
import { withQuery } from "~/lib/pages";
import { isProduction } from "~/lib/session.server";

/**
 * The guest's sign-in on the web (§9): the guest token of `/api/guest/session` in an HttpOnly,
 * SameSite cookie of a day, Secure in production, sent only to the guest pages. The token is signed
 * by the API; the cookie holds it as it is.
 */
export function guestCookie(env: Env) {
  const production = isProduction(env);
  return createCookie(production ? "__Secure-guest_token" : "guest_token", {
    httpOnly: true,
    sameSite: "lax",
    path: "/guest",
    maxAge: GUEST_TOKEN_TTL_SECONDS,
    secure: production,
  });
}

export async function guestTokenOf(context: Readonly<RouterContextProvider>, request: Request): Promise<string | null> {
  const value: unknown = await guestCookie(context.get(appContext).env).parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

export async function signedInCookie(context: Readonly<RouterContextProvider>, token: string): Promise<string> {
  return guestCookie(context.get(appContext).env).serialize(token);
}

export async function signedOutCookie(context: Readonly<RouterContextProvider>): Promise<string> {
  return guestCookie(context.get(appContext).env).serialize("", { maxAge: 0 });
}

/** To the sign-in page, forgetting the guest's token (§4: a 401 signs the guest out). */
export async function toGuestLogin(context: Readonly<RouterContextProvider>, reason: "expired" | null = null): Promise<Response> {
  const to = reason ? withQuery(href("/guest/login"), { expired: "1" }) : href("/guest/login");
  return redirect(to, { headers: { "Set-Cookie": await signedOutCookie(context) } });
}

/**
 * The guest API with the signed-in guest's token; without a token, the sign-in page. A 401 from
 * any call leads there too, with the cookie cleared (the page then clears what the browser kept).
 */
export async function requireGuest(context: Readonly<RouterContextProvider>, request: Request): Promise<{ call: CallEndpoint; token: string }> {
  const token = await guestTokenOf(context, request);
  if (!token) throw await toGuestLogin(context);
  const transport = transportFor(context, request);
  const call = endpointCaller(async (method, path, options) => {
    try {
      return (await callHostApi(transport, method, path, { ...options, token })).data;
    } catch (error) {
      if (error instanceof HostApiError && error.status === 401) throw await toGuestLogin(context, "expired");
      throw error;
    }
  });
  return { call, token };
}
