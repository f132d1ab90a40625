import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/rooms";
import { unitHref } from "~/lib/pages";
import { FormErrors } from "~/components/ui/field";
import { SaveButton } from "~/components/section-form";
import { draftOf, RoomFields } from "~/components/unit-forms/rooms";
import { readRooms, roomDraftIntent, roomsBody } from "~/components/unit-forms/rooms.server";
import { loadConfiguration, patchUnit } from "~/components/unit-forms/unit-forms.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { serverT } from "~/lib/i18n.server";
import { useUnit } from "./unit-layout";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const configuration = await loadConfiguration(context);
  return { title: serverT(context)("properties:unit.section.rooms"), rooms: configuration.propertyUnit.rooms };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const rooms = readRooms(form);
  const draft = roomDraftIntent(form, rooms);
  if (draft) return { draft, errors: [] as string[] };
  const body = roomsBody(rooms);
  if (!body) return data({ draft: rooms, errors: ["beds_invalid"] }, { status: 400 });
  const errors = await patchUnit(context, params.unitId, { rooms: body });
  if (errors) return data({ draft: rooms, errors }, { status: 400 });
  return redirectWithFlash(context, unitHref(params, "rooms"), { kind: "success", key: "commons.saved" });
}

export default function Rooms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const draft = actionData?.draft ?? draftOf(unit.rooms);
  return (
    <section className="stack" aria-labelledby="rooms-title">
      <h2 id="rooms-title">{t("properties:unit.section.rooms")}</h2>
      {/* Each change of the draft re-renders the form from it. */}
      <Form method="post" className="stack" key={JSON.stringify(draft)}>
        <FormErrors id="rooms-errors" errors={actionData?.errors} />
        <RoomFields draft={draft} options={loaderData.rooms} />
        <div className="button-row">
          <button type="submit" name="intent" value="add" className="button">
            {t("properties:rooms.add")}
          </button>
          <SaveButton name="intent" value="save" />
        </div>
      </Form>
    </section>
  );
}
