import { useTranslation } from "~/lib/i18n";
import type { Route } from "./+types/property-title";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { stepMeta } from "~/routes/listing/step-frame";
import { TextsStep } from "~/routes/listing/texts-step";
import { textsSchema } from "~/routes/listing/texts-step.server";

/** The name and description guests see for the whole multi-unit property. */
const route = defineStep({
  id: "property-title",
  schema: textsSchema,
  load: async ({ context, params }) => {
    const property = await context.get(authContext).call(hostApi.properties.get, { params: { id: params.propertyId } });
    return { current: { title: property.title, description: property.description } };
  },
  save: async ({ context, params, value }) => {
    await context.get(authContext).call(hostApi.properties.update, { params: { id: params.propertyId }, body: value });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PropertyTitleStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <TextsStep
      step={loaderData.step}
      current={loaderData.current}
      backHref={loaderData.backHref}
      lastResult={actionData}
      constraint={loaderData.constraint}
      labels={{ title: t("listing:propertyTitle.title"), description: t("listing:propertyTitle.description") }}
    />
  );
}
