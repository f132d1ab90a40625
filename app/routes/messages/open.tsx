import { href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/open";
import { hostApi } from "@contract/index";
import { CONVERSATION_TYPES } from "@domain/messaging";
import { authContext } from "~/lib/auth.server";
import { orNotFound } from "~/lib/host-api.server";

const schema = z.object({ type: z.enum(CONVERSATION_TYPES), id: z.string().trim().min(1).max(64) });

/**
 * "Message" on a booking, request or inquiry posts here: the stay's conversation (opened when it has
 * none) and then the conversation's page. Another host's stay, or a malformed one, is not found.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw new Response(null, { status: 404 });
  const { call } = context.get(authContext);
  const conversation = await orNotFound(call(hostApi.messaging.conversation, { body: parsed.data }));
  return redirect(href("/messages/:channelStatus/:channelId", { channelStatus: conversation.archived ? "archived" : "all", channelId: conversation.id }));
}

/** Opened by its address, it is the inbox. */
export function loader() {
  return redirect(href("/messages/:channelStatus", { channelStatus: "all" }));
}
