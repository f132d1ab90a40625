import { data, href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/interaction";
import { hostApi } from "@contract/index";
import { INTERACTION_TYPES } from "@contract/user";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { safeReturnTo } from "~/lib/return-to";

const schema = z.object({ interactionType: z.enum(INTERACTION_TYPES), returnTo: z.string().max(200).optional(), stay: z.literal("true").optional() });

/**
 * Marks a tooltip or tour as seen (PUT /api/app/user/interaction), then goes back where it was; a
 * script that closed a dialog asks to `stay` where it is and is answered in JSON (it loads the page's data again itself).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  const { call } = context.get(authContext);
  await call(hostApi.user.saveInteractions, { body: { interactions: [{ interactionType: submission.value.interactionType, interacted: true }] } });
  if (submission.value.stay) return Response.json({ seen: true });
  // Where the form says (a tour page closes onto the overview), else back where it was.
  return redirect(safeReturnTo(submission.value.returnTo ?? request.headers.get("Referer"), new URL(request.url).origin));
}

export function loader() {
  throw redirect(href("/home"));
}
