import { parseWithZod } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { data } from "react-router";
import type { Route } from "./+types/title";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { serverT } from "~/lib/i18n.server";
import { TextsStep, textsSchema } from "~/routes/listing/texts-step";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "title";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The unit's title and description: what guests read first (publishing needs both). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, current: { title: wizard.unit.title, description: wizard.unit.description } };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const submission = parseWithZod(await request.formData(), { schema: textsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.units.update, { params: { id: params.unitId }, body: submission.value });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return completeStep(context, params, STEP);
}

export default function TitleStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TextsStep
      step={STEP}
      current={loaderData.current}
      backHref={loaderData.backHref}
      lastResult={actionData}
      labels={{ title: t("properties:about.title"), titleHint: t("listing:title.hint"), description: t("properties:about.description") }}
    />
  );
}
