import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/booking-preference";
import { hostApi } from "@contract/index";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FormErrors } from "~/components/ui/field";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

const schema = z.object({ bookingType: z.enum(["onLine", "onRequest"], { message: "required" }) });

/** Instant booking (recommended, the default) or booking on request (§3 Booking type). */
const route = defineStep({
  id: "booking-preference",
  schema,
  load: ({ wizard }) => ({ current: { bookingType: wizard.unit.bookingType } }),
  save: async ({ context, params, value }) => {
    await context.get(authContext).call(hostApi.units.changeBookingPreference, { body: { unitIds: [params.unitId], bookingType: value.bookingType } });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function BookingPreferenceStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <ChoiceList
          {...choiceOf(fields.bookingType)}
          legend={t("listing:bookingPreference.legend")}
          options={[
            { id: "onLine", label: t("listing:bookingPreference.onLine") },
            { id: "onRequest", label: t("listing:bookingPreference.onRequest") },
          ]}
          hint={t("properties:bookingType.recommendation")}
        />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
