import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import type { Route } from "./+types/start-unit";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "start-unit";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Formless (§2): the property is set up; from here on the steps describe one unit of it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, unitTitle: wizard.unit.title };
}

export async function action({ params, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  return completeStep(context, params, STEP);
}

export default function StartUnitStep({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={STEP}>
      <ul className="stack stack--tight">
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
