import { parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/rooms";
import { unitHref } from "~/lib/pages";
import { hostApi } from "@contract/index";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { SaveButton } from "~/components/section-form";
import { draftOf, MAX_ROOMS, RoomFields } from "~/components/unit-forms/rooms";
import { draftOfSent, roomsSchema, sentRoomsSchema } from "~/components/unit-forms/rooms.server";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { authContext } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { serverT } from "~/lib/i18n.server";
import { useUnit } from "./unit-layout";

/** Adding or removing a room (`remove:2`) changes only the draft the page shows, whatever was typed. */
const draftSchema = z.object({ intent: z.union([z.literal("add"), z.templateLiteral(["remove:", z.number().int().min(0)])]), rooms: sentRoomsSchema });
/** Saving sends the rooms. */
const saveSchema = z.object({ intent: z.literal("save"), rooms: roomsSchema });

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const configuration = await loadConfiguration(context);
  return { title: serverT(context)("properties:unit.section.rooms"), rooms: configuration.propertyUnit.rooms };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const change = parseWithZod(form, { schema: draftSchema });
  if (change.status === "success") {
    const { intent, rooms } = change.value;
    const sent = draftOfSent(rooms);
    const draft = intent === "add" ? [...sent, { type: "bedroom", beds: {} }].slice(0, MAX_ROOMS) : sent.filter((_, i) => i !== Number(intent.slice("remove:".length)));
    return { draft, result: null };
  }
  const submission = parseWithZod(form, { schema: saveSchema });
  const sent = () => draftOfSent(sentRoomsSchema.catch({}).parse(submission.payload.rooms));
  if (submission.status !== "success") return data({ draft: sent(), result: submission.reply() }, { status: 400 });
  try {
    await context.get(authContext).call(hostApi.units.update, { params: { id: params.unitId }, body: { rooms: submission.value.rooms } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data({ draft: sent(), result }, { status });
  }
  return redirectWithFlash(context, unitHref(params, "rooms"), { kind: "success", key: "commons.saved" });
}

export default function Rooms({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const draft = actionData?.draft ?? draftOf(unit.rooms);
  // The server's errors show in one place; the page needs no more of conform (decision 024).
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  return (
    <section className="stack" aria-labelledby="rooms-title">
      <h2 id="rooms-title">{t("properties:unit.section.rooms")}</h2>
      {/* Each change of the draft re-renders the form from it. */}
      <Form
        method="post"
        id="rooms"
        noValidate
        onInput={onInput}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? "rooms-errors" : undefined}
        className="stack"
        key={JSON.stringify(draft)}
      >
        <FormErrors id="rooms-errors" errors={errors} />
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
