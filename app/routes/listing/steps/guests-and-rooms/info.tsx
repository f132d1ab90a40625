import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/info";
import { hostApi } from "@contract/index";
import type { BedType, RoomType } from "@domain/property-configuration";
import { FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";
import { roomsWithCounts } from "./room-counts";

const count = (code: string, min: number, max: number) => z.coerce.number({ message: code }).int(code).min(min, code).max(max, code);
const schema = z.object({ maxGuests: count("guests_range", 1, 99), bedrooms: count("rooms_range", 0, 20), bathrooms: count("rooms_range", 0, 20) });

/** How many guests, bedrooms and bathrooms (§3 Rooms); the beds follow in the next step. */
const route = defineStep({
  id: "guests-and-rooms/info",
  schema,
  load: ({ wizard }) => {
    const rooms = (type: string) => String(wizard.unit.rooms.filter((r) => r.type === type).length);
    return { current: { maxGuests: String(wizard.unit.maxGuests), bedrooms: rooms("bedroom"), bathrooms: rooms("bath_room") } };
  },
  save: async ({ context, params, wizard, value }) => {
    // The unit's rooms are of the API's own types: they go back as they came, with the counts asked.
    const rooms = roomsWithCounts(wizard.unit.rooms, { bedroom: value.bedrooms, bath_room: value.bathrooms }) as { type: RoomType; beds: { type: BedType; count: number }[] }[];
    await context.get(authContext).call(hostApi.units.update, { params: { id: params.unitId }, body: { maxGuests: value.maxGuests, rooms } });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function GuestsInfoStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="form-columns">
          <TextInput {...inputOf(fields.maxGuests)} type="number" min={1} max={99} label={t("listing:guests.maxGuests")} />
          <TextInput {...inputOf(fields.bedrooms)} type="number" min={0} max={20} label={t("listing:guests.bedrooms")} />
          <TextInput {...inputOf(fields.bathrooms)} type="number" min={0} max={20} label={t("listing:guests.bathrooms")} />
        </div>
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
