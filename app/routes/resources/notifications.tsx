import { data, href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/notifications";
import { hostApi } from "@contract/index";
import { NOTIFICATION_TYPES } from "@domain/notifications";
import { notificationHref } from "~/components/shell/notification-links";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { HostApiError } from "~/lib/host-api.server";
import { safeReturnTo } from "~/lib/return-to";

const schema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("read"), type: z.enum(NOTIFICATION_TYPES), unitId: z.string().max(64).optional() }),
  z.object({ intent: z.literal("readAll") }),
]);

/**
 * Marks a notification read and leads where it is handled, or marks all read and goes back (§4).
 * A refusal (the notification is no longer raised) or a failure goes back with a message: the page
 * shows the notifications as they are, which undoes what JavaScript showed at once.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { call, shell } = context.get(authContext);
  const back = safeReturnTo(request.headers.get("Referer"), new URL(request.url).origin);
  // The dropdown's script asks for JSON: it has shown the change already and undoes it on a refusal.
  const script = (request.headers.get("Accept") ?? "").includes("application/json");
  const value = submission.value;
  const interactions =
    value.intent === "read"
      ? [{ interactionType: value.type, interacted: true, ...(value.unitId ? { unitId: value.unitId } : {}) }]
      : shell.notifications.filter((n) => !n.read).map((n) => ({ interactionType: n.type, interacted: true, ...(n.unitId ? { unitId: n.unitId } : {}) }));
  const notification = value.intent === "read" ? shell.notifications.find((n) => n.type === value.type && (n.unitId ?? undefined) === value.unitId) : undefined;
  const to = value.intent === "read" && notification ? notificationHref(notification) : back;
  if (interactions.length === 0) return script ? Response.json({ to }) : redirect(to);
  try {
    await call(hostApi.user.saveInteractions, { body: { interactions } });
  } catch (error) {
    if (!(error instanceof HostApiError) || error.status === 401) throw error;
    if (script) return Response.json({ failed: true }, { status: 409 });
    return redirectWithFlash(context, back, { kind: "error", key: "notifications.failed" });
  }
  return script ? Response.json({ to }) : redirect(to);
}

export function loader() {
  throw redirect(href("/home"));
}
