import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/guests-info";
import { FormErrors } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { patchUnit } from "~/components/unit-forms/unit-forms.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";
import { roomsWithCounts } from "./room-counts";

const STEP = "guests-and-rooms/info";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** How many guests, bedrooms and bathrooms (§3 Rooms); the beds follow in the next step. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  const count = (type: string) => wizard.unit.rooms.filter((r) => r.type === type).length;
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    current: { maxGuests: String(wizard.unit.maxGuests), bedrooms: String(count("bedroom")), bathrooms: String(count("bath_room")) },
  };
}

const wholeNumber = (value: string, min: number, max: number) => /^\d+$/.test(value) && Number(value) >= min && Number(value) <= max;

export async function action({ params, request, context }: Route.ActionArgs) {
  const { wizard } = await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = { maxGuests: String(form.get("maxGuests") ?? "").trim(), bedrooms: String(form.get("bedrooms") ?? "").trim(), bathrooms: String(form.get("bathrooms") ?? "").trim() };
  const errors: Record<string, string[]> = {};
  if (!wholeNumber(sent.maxGuests, 1, 99)) errors.maxGuests = ["guests_range"];
  if (!wholeNumber(sent.bedrooms, 0, 20)) errors.bedrooms = ["rooms_range"];
  if (!wholeNumber(sent.bathrooms, 0, 20)) errors.bathrooms = ["rooms_range"];
  if (Object.keys(errors).length) return data({ errors, sent }, { status: 400 });
  const rooms = roomsWithCounts(wizard.unit.rooms, { bedroom: Number(sent.bedrooms), bath_room: Number(sent.bathrooms) });
  const refused = await patchUnit(context, params.unitId, { maxGuests: Number(sent.maxGuests), rooms });
  if (refused) return data({ errors: { form: refused }, sent }, { status: 400 });
  return completeStep(context, params, STEP);
}

export default function GuestsInfoStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const values = actionData?.sent ?? loaderData.current;
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <FormErrors id="guests-errors" errors={errors.form} />
        <div className="form-columns">
          <TextInput name="maxGuests" type="number" min={1} max={99} label={t("listing:guests.maxGuests")} defaultValue={values.maxGuests} errors={errors.maxGuests} />
          <TextInput name="bedrooms" type="number" min={0} max={20} label={t("listing:guests.bedrooms")} defaultValue={values.bedrooms} errors={errors.bedrooms} />
          <TextInput name="bathrooms" type="number" min={0} max={20} label={t("listing:guests.bathrooms")} defaultValue={values.bathrooms} errors={errors.bathrooms} />
        </div>
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
