import { useTranslation } from "~/lib/i18n";
import type { Route } from "./+types/title";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { stepMeta } from "~/routes/listing/step-frame";
import { TextsStep } from "~/routes/listing/texts-step";
import { textsSchema } from "~/routes/listing/texts-step.server";

/** The unit's title and description: what guests read first (publishing needs both). */
const route = defineStep({
  id: "title",
  schema: textsSchema,
  load: ({ wizard }) => ({ current: { title: wizard.unit.title, description: wizard.unit.description } }),
  save: async ({ context, params, value }) => {
    await context.get(authContext).call(hostApi.units.update, { params: { id: params.unitId }, body: value });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function TitleStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TextsStep
      step={loaderData.step}
      current={loaderData.current}
      backHref={loaderData.backHref}
      lastResult={actionData}
      constraint={loaderData.constraint}
      labels={{ title: t("properties:about.title"), titleHint: t("listing:title.hint"), description: t("properties:about.description") }}
    />
  );
}
