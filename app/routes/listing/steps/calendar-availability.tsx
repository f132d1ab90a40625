import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/calendar-availability";
import { hostApi } from "@contract/index";
import { ChoiceList } from "~/components/ui/choice-list";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "calendar-availability";
const STATUSES = ["AVAILABLE", "PAUSED"] as const;
const isStatus = (value: string): value is (typeof STATUSES)[number] => (STATUSES as readonly string[]).includes(value);

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Whether guests can book as soon as the unit is published, or the calendar waits (§3 calendarAvailability). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, current: wizard.unit.calendarAvailability.status };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const status = String((await request.formData()).get("status") ?? "");
  if (!isStatus(status)) return data({ errors: ["required"] }, { status: 400 });
  await context.get(authContext).call(hostApi.units.calendarAction, { params: { id: params.unitId }, body: { status } });
  return completeStep(context, params, STEP);
}

export default function CalendarAvailabilityStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <ChoiceList
          name="status"
          legend={t("listing:calendar.legend")}
          options={STATUSES.map((id) => ({ id, label: t(`listing:calendar.${id}`) }))}
          selected={loaderData.current}
          errors={actionData?.errors}
        />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
