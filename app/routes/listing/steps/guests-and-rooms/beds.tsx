import { getFormProps, useHostForm } from "~/lib/conform";
import { Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/beds";
import { hostApi } from "@contract/index";
import { BED_TYPES, ROOM_TYPES } from "@domain/property-configuration";
import { FormErrors } from "~/components/ui/field";
import { draftOf, MAX_BEDS, RoomFields, type DraftRoom } from "~/components/unit-forms/rooms";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

/**
 * The rooms as RoomFields names them (`rooms.0.type`, `rooms.0.beds.double`): each bed count a whole
 * number from 0 to 10, and at least one bed in all.
 */
const schema = z
  .object({ rooms: z.record(z.string(), z.object({ type: z.enum(ROOM_TYPES), beds: z.partialRecord(z.enum(BED_TYPES), z.string()).default({}) })).default({}) })
  .superRefine(({ rooms }, context) => {
    const counts = Object.values(rooms).flatMap((room) => Object.values(room.beds).map(Number));
    if (counts.some((n) => !Number.isInteger(n) || n < 0 || n > MAX_BEDS)) context.addIssue({ code: "custom", message: "beds_invalid", path: [] });
    else if (!counts.some((n) => n > 0)) context.addIssue({ code: "custom", message: "beds_required", path: [] });
  });

type SentRooms = Record<string, { type?: string; beds?: Record<string, string | undefined> }>;

/** What the form sent, as the draft RoomFields shows. */
function draftOfSent(rooms: SentRooms): DraftRoom[] {
  return Object.values(rooms).map((room) => ({ type: room.type ?? "", beds: Object.fromEntries(Object.entries(room.beds ?? {}).map(([bed, count]) => [bed, Number(count)])) }));
}

/** The beds of each sleeping room, with the same fields as the unit's rooms section. */
const route = defineStep({
  id: "guests-and-rooms/beds",
  schema,
  load: async ({ context, wizard }) => {
    const configuration = await loadConfiguration(context);
    const rooms = wizard.unit.rooms.length ? wizard.unit.rooms : [{ type: "living_room", beds: [] }];
    return { options: configuration.propertyUnit.rooms, draft: draftOf(rooms) };
  },
  save: async ({ context, params, value }) => {
    const rooms = Object.values(value.rooms).map((room) => ({
      type: room.type,
      beds: Object.entries(room.beds)
        .map(([type, count]) => ({ type: type as (typeof BED_TYPES)[number], count: Number(count) }))
        .filter((bed) => bed.count > 0),
    }));
    await context.get(authContext).call(hostApi.units.update, { params: { id: params.unitId }, body: { rooms } });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function BedsStep({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, constraint: loaderData.constraint });
  const sent = fields.rooms.initialValue as SentRooms | undefined;
  const draft = actionData && sent ? draftOfSent(sent) : loaderData.draft;
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={[...(form.errors ?? []), ...(fields.rooms.errors ?? [])]} />
        <RoomFields draft={draft} options={loaderData.options} bedsOnly />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
