import { data, href, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/tasks";
import { hostApi } from "@contract/index";
import { TASK_TYPES } from "@domain/tasks";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import type { TranslationsHandle } from "~/lib/i18n";

// The toast it leaves is the overview's.
export const handle: TranslationsHandle = { i18n: ["overview"] };

const schema = z.object({ intent: z.literal("hide"), taskType: z.enum(TASK_TYPES) });

/** Hides a task of the overview (PATCH /user/task/{taskType}); the overview lists it no more. */
export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") throw data(null, { status: 400 });
  await context.get(authContext).call(hostApi.home.updateTask, { params: { taskType: submission.value.taskType }, body: { status: "hidden" } });
  return redirectWithFlash(context, href("/home"), { kind: "success", key: "overview:tasks.hidden" });
}

export function loader() {
  throw redirect(href("/home"));
}
