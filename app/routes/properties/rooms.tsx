import { useTranslation } from "react-i18next";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/rooms";
import { FormErrors } from "../../components/ui/field";
import { configurationSchema } from "../../lib/api-types";
import { SavedNotice, SaveButton } from "../../components/section-form";
import { authContext } from "../../lib/auth.server";
import { HostApiError } from "../../lib/host-api.server";
import { getLocale, serverT } from "../../lib/i18n.server";
import { useUnit } from "./unit-layout";

interface DraftRoom {
  type: string;
  beds: Record<string, number>;
}

const MAX_ROOMS = 50;
const MAX_BEDS = 10;

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(authContext);
  const configuration = await api("GET", "/api/app/properties-configuration", { query: { hl: getLocale(context) }, schema: configurationSchema });
  return { title: serverT(context)("properties:unit.section.rooms"), rooms: configuration.propertyUnit.rooms, saved: new URL(request.url).searchParams.has("saved") };
}

/** Reads `rooms.N.type` and `rooms.N.beds.<bedType>` back into a list, whatever was typed. */
function readRooms(form: FormData): DraftRoom[] {
  const rooms: DraftRoom[] = [];
  for (const [key, value] of form) {
    const match = /^rooms\.(\d+)\.(type|beds\.(\w+))$/.exec(key);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    if (index >= MAX_ROOMS) continue;
    const room = (rooms[index] ??= { type: "bedroom", beds: {} });
    if (match[2] === "type") room.type = value;
    else room.beds[match[3]!] = Number(value);
  }
  return rooms.filter(Boolean);
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "save");
  const rooms = readRooms(form);
  // Adding and removing rooms only changes the draft on the page; nothing is saved until Save.
  if (intent === "add") return { draft: [...rooms, { type: "bedroom", beds: {} }].slice(0, MAX_ROOMS), errors: [] as string[] };
  if (intent.startsWith("remove:")) return { draft: rooms.filter((_, i) => i !== Number(intent.slice(7))), errors: [] as string[] };
  const invalid = rooms.some((r) => Object.values(r.beds).some((n) => !Number.isInteger(n) || n < 0 || n > MAX_BEDS));
  if (invalid) return data({ draft: rooms, errors: ["beds_invalid"] }, { status: 400 });
  const body = rooms.map((r) => ({ type: r.type, beds: Object.entries(r.beds).filter(([, n]) => n > 0).map(([type, count]) => ({ type, count })) }));
  const { api } = context.get(authContext);
  try {
    await api("PATCH", `/api/app/property-unit/${encodeURIComponent(params.unitId)}`, { body: { rooms: body } });
  } catch (error) {
    if (!(error instanceof HostApiError) || error.status >= 500) throw error;
    return data({ draft: rooms, errors: error.all().map((e) => e.type) }, { status: 400 });
  }
  return redirect(`/properties/${params.propertyId}/units/${params.unitId}/rooms?saved=1`);
}

export default function Rooms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const { rooms: options, saved } = loaderData;
  const draft: DraftRoom[] =
    actionData?.draft ?? unit.rooms.map((r) => ({ type: r.type, beds: Object.fromEntries(r.beds.map((b) => [b.type, b.count])) }));
  const sleeping = new Set(options.sleepingTypes.map((s) => s.id));
  return (
    <section className="stack" aria-labelledby="rooms-title">
      <h2 id="rooms-title">{t("properties:unit.section.rooms")}</h2>
      <SavedNotice show={saved && !actionData} />
      {/* Each change of the draft re-renders the form from it. */}
      <Form method="post" className="stack" key={JSON.stringify(draft)}>
        <FormErrors id="rooms-errors" errors={actionData?.errors} />
        {draft.length === 0 ? <p>{t("properties:rooms.none")}</p> : null}
        {draft.map((room, index) => (
          <fieldset key={index} className="card stack">
            <legend>{t("properties:rooms.room", { number: index + 1 })}</legend>
            <div className="field">
              <label htmlFor={`room-${index}-type`}>{t("properties:rooms.type")}</label>
              <select id={`room-${index}-type`} name={`rooms.${index}.type`} defaultValue={room.type}>
                {options.types.map((type) => (
                  <option key={type.id} value={type.id}>
                    {type.label}
                  </option>
                ))}
              </select>
            </div>
            {sleeping.has(room.type) ? (
              <div className="form-columns">
                {options.bedTypes.map((bed) => (
                  <div className="field" key={bed.id}>
                    <label htmlFor={`room-${index}-bed-${bed.id}`}>{bed.label}</label>
                    <input id={`room-${index}-bed-${bed.id}`} type="number" min={0} max={MAX_BEDS} step={1} name={`rooms.${index}.beds.${bed.id}`} defaultValue={room.beds[bed.id] ?? 0} />
                  </div>
                ))}
              </div>
            ) : null}
            <button type="submit" name="intent" value={`remove:${index}`} className="button button--small">
              {t("properties:rooms.remove", { number: index + 1 })}
            </button>
          </fieldset>
        ))}
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
