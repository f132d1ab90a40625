import { guest } from "@contract/guest";
import type { Route } from "./+types/live-token";
import { transportFor } from "~/lib/auth.server";
import { callHostApi, HostApiError } from "~/lib/host-api.server";
import { guestTokenOf, signedOutCookie } from "./guest-session.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The guest's live token for the browser's socket (decision 033), as JSON. 401 when the guest is
 * signed out (the cookie is cleared: the page then forgets what it kept and goes to the sign-in).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = await guestTokenOf(context, request);
  if (!token) return Response.json({ message: "Signed out" }, { status: 401, headers: NO_STORE });
  try {
    const { data } = await callHostApi<{ token: string; conversationId: string }>(transportFor(context, request), guest.liveToken.method.toUpperCase(), guest.liveToken.path, { token });
    return Response.json({ token: data.token, conversationId: data.conversationId }, { headers: NO_STORE });
  } catch (error) {
    if (error instanceof HostApiError && error.status === 401) return Response.json({ message: "Signed out" }, { status: 401, headers: { ...NO_STORE, "Set-Cookie": await signedOutCookie(context) } });
    throw error;
  }
}
