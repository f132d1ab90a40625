import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/calendar-availability";
import { hostApi } from "@contract/index";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { useShellData } from "~/lib/use-shell-data";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const STATUSES = ["AVAILABLE", "PAUSED"] as const;
const schema = z.object({ status: z.enum(STATUSES, { message: "required" }) });

/**
 * Whether guests can reach the unit as soon as it is published, or the calendar waits (§3
 * calendarAvailability). An open calendar is said by what the host's guests send (§1): bookings on
 * commission, inquiries on a subscription, both when hybrid.
 */
const route = defineStep({
  id: "calendar-availability",
  schema,
  load: ({ wizard }) => ({ current: { status: wizard.unit.calendarAvailability.status } }),
  save: async ({ context, params, value }) => {
    await context.get(authContext).call(hostApi.units.calendarAction, { params: { id: params.unitId }, body: value });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function CalendarAvailabilityStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = useShellData();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceList {...choiceOf(fields.status)} legend={t("listing:calendar.legend")} options={STATUSES.map((id) => ({ id, label: t(id === "AVAILABLE" ? `listing:calendar.AVAILABLE.${user.commercialModel}` : `listing:calendar.${id}`) }))} />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
