import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import type { Route } from "./+types/start-unit";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

/** Formless (§2): the property is set up; from here on the steps describe one unit of it. */
const route = defineStep({ id: "start-unit" });

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function StartUnitStep({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={loaderData.step}>
      <ul>
        <li>{t("listing:startUnit.type")}</li>
        <li>{t("listing:startUnit.rooms")}</li>
        <li>{t("listing:startUnit.photos")}</li>
        <li>{t("listing:startUnit.prices")}</li>
      </ul>
      <Form method="post">
        <StepNav backHref={loaderData.backHref} nextLabel={t("listing:startUnit.start")} />
      </Form>
    </StepPage>
  );
}
