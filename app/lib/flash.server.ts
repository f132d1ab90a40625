import { redirect, type RouterContextProvider } from "react-router";
import { authContext } from "./auth.server";
import { appContext } from "./context";
import type { FlashMessage } from "./flash";
import { sessionStorage, type HostSession } from "./session.server";

/** Keeps a message for the next page only (it is read once). */
export function flash(session: HostSession, message: Omit<FlashMessage, "id">) {
  session.flash("toast", { ...message, id: crypto.randomUUID() });
}

/**
 * The end of a successful form post: redirect and say what happened on the page the host lands on.
 * Works without JavaScript (the message lives in the session, not in the URL).
 */
export async function redirectWithFlash(context: Readonly<RouterContextProvider>, to: string, message: Omit<FlashMessage, "id">) {
  const { session } = context.get(authContext);
  flash(session, message);
  const storage = sessionStorage(context.get(appContext).env);
  return redirect(to, { headers: { "Set-Cookie": await storage.commitSession(session) } });
}

/** Takes the flashed message, if any: saving the session forgets it, so it shows once. */
export async function takeFlash(session: HostSession, storage: ReturnType<typeof sessionStorage>): Promise<FlashMessage | null> {
  const message = session.get("toast") ?? null;
  if (message) await storage.commitSession(session);
  return message;
}
