import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/interaction";
import { authContext, safeReturnTo } from "../../lib/auth.server";

const schema = z.object({ interactionType: z.enum(["helpCenterTooltip", "welcomeTour"]) });

/** Marks a tooltip or tour as seen (PUT /api/app/user/interaction), then goes back where it was. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = schema.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) throw data(null, { status: 400 });
  const { api } = context.get(authContext);
  await api("PUT", "/api/app/user/interaction", { body: { interactions: [{ interactionType: form.data.interactionType, interacted: true }] } });
  const referer = request.headers.get("Referer");
  const back = referer && new URL(referer).origin === new URL(request.url).origin ? new URL(referer) : null;
  return redirect(safeReturnTo(back ? `${back.pathname}${back.search}` : "/home"));
}

export function loader() {
  throw redirect("/home");
}
