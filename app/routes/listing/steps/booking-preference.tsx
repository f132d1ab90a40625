import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/booking-preference";
import { hostApi } from "@contract/index";
import { ChoiceList } from "~/components/ui/choice-list";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "booking-preference";
const TYPES = ["onLine", "onRequest"] as const;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Instant booking (recommended, the default) or booking on request (§3 Booking type). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, current: wizard.unit.bookingType };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const sent = String((await request.formData()).get("bookingType") ?? "");
  const bookingType = TYPES.find((type) => type === sent);
  if (!bookingType) return data({ errors: ["required"] }, { status: 400 });
  const { call } = context.get(authContext);
  await call(hostApi.units.changeBookingPreference, { body: { unitIds: [params.unitId], bookingType } });
  return completeStep(context, params, STEP);
}

export default function BookingPreferenceStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <ChoiceList
          name="bookingType"
          legend={t("listing:bookingPreference.legend")}
          options={[
            { id: "onLine", label: t("listing:bookingPreference.onLine") },
            { id: "onRequest", label: t("listing:bookingPreference.onRequest") },
          ]}
          selected={loaderData.current}
          errors={actionData?.errors}
          hint={t("properties:bookingType.recommendation")}
        />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
