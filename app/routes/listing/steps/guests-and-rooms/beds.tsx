import { data, Form } from "react-router";
import type { Route } from "./+types/beds";
import { FormErrors } from "~/components/ui/field";
import { draftOf, RoomFields } from "~/components/unit-forms/rooms";
import { readRooms, roomsBody } from "~/components/unit-forms/rooms.server";
import { loadConfiguration, patchUnit } from "~/components/unit-forms/unit-forms.server";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "guests-and-rooms/beds";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The beds of each sleeping room, with the same fields as the unit's rooms section. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref, wizard } = await requireStep(context, params, STEP);
  const configuration = await loadConfiguration(context);
  const rooms = wizard.unit.rooms.length ? wizard.unit.rooms : [{ type: "living_room", beds: [] }];
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, options: configuration.propertyUnit.rooms, draft: draftOf(rooms) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const rooms = readRooms(await request.formData());
  const body = roomsBody(rooms);
  if (!body) return data({ draft: rooms, errors: ["beds_invalid"] }, { status: 400 });
  if (!body.some((room) => room.beds.length > 0)) return data({ draft: rooms, errors: ["beds_required"] }, { status: 400 });
  const refused = await patchUnit(context, params.unitId, { rooms: body });
  if (refused) return data({ draft: rooms, errors: refused }, { status: 400 });
  return completeStep(context, params, STEP);
}

export default function BedsStep({ loaderData, actionData }: Route.ComponentProps) {
  const draft = actionData?.draft ?? loaderData.draft;
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack">
        <FormErrors id="beds-errors" errors={actionData?.errors} />
        <RoomFields draft={draft} options={loaderData.options} bedsOnly />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
