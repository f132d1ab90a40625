import { parseWithZod } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { data } from "react-router";
import type { Route } from "./+types/property-title";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { serverT } from "~/lib/i18n.server";
import { TextsStep, textsSchema } from "~/routes/listing/texts-step";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "property-title";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The name and description guests see for the whole multi-unit property. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const { call } = context.get(authContext);
  const property = await call(hostApi.properties.get, { params: { id: params.propertyId } });
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, current: { title: property.title, description: property.description } };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const submission = parseWithZod(await request.formData(), { schema: textsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.properties.update, { params: { id: params.propertyId }, body: submission.value });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return completeStep(context, params, STEP);
}

export default function PropertyTitleStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TextsStep
      step={STEP}
      current={loaderData.current}
      backHref={loaderData.backHref}
      lastResult={actionData}
      labels={{ title: t("listing:propertyTitle.title"), description: t("listing:propertyTitle.description") }}
    />
  );
}
