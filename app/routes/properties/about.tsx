import { getFormProps, getInputProps, useHostForm } from "~/lib/conform";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/about";
import { unitHref } from "~/lib/pages";
import { descriptionSchema, titleSchema } from "@domain/listing-fields";
import { FieldErrors, FormErrors, TextAreaField, TextField } from "~/components/ui/field";
import { SaveButton } from "~/components/section-form";
import { authContext } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { serverT } from "~/lib/i18n.server";
import { useUnit } from "./unit-layout";
import { hostApi } from "@contract/index";

const schema = z.object({
  title: titleSchema.min(1, "required"),
  description: descriptionSchema.default(""),
  maxGuests: z.coerce.number({ message: "guests_range" }).int("guests_range").min(1, "guests_range").max(99, "guests_range"),
  propertySize: z.coerce.number({ message: "size_invalid" }).positive("size_invalid").max(100_000, "size_invalid").optional(),
  propertySizeMeasurementUnit: z.enum(["metric", "imperial"]),
});

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context)("properties:unit.section.about"), constraint: constraintOf(schema) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.units.update, { params: { id: params.unitId }, body: { ...submission.value, propertySize: submission.value.propertySize ?? null } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return redirectWithFlash(context, unitHref(params, "about"), { kind: "success", key: "commons.saved" });
}

/** Title, description, guests and size in the unit system the host prefers (§2 about, §5 area). */
export default function About({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: {
      title: unit.title,
      description: unit.description,
      maxGuests: String(unit.maxGuests),
      propertySize: unit.propertySize === null ? "" : String(unit.propertySize),
      propertySizeMeasurementUnit: unit.propertySizeMeasurementUnit,
    }, constraint: loaderData.constraint });
  const { key: guestsKey, ...guests } = getInputProps(fields.maxGuests, { type: "number" });
  const { key: sizeKey, ...size } = getInputProps(fields.propertySize, { type: "number" });
  return (
    <section className="stack" aria-labelledby="about-title">
      <h2 id="about-title">{t("properties:unit.section.about")}</h2>
      <Form method="post" {...getFormProps(form)} className="card stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.title} label={t("properties:about.title")} />
        <TextAreaField field={fields.description} label={t("properties:about.description")} />
        <div className="form-columns">
          <div className="field">
            <label htmlFor={fields.maxGuests.id}>{t("properties:about.maxGuests")}</label>
            <input key={guestsKey} {...guests} min={1} max={99} aria-describedby={fields.maxGuests.errors?.length ? fields.maxGuests.errorId : undefined} />
            <FieldErrors id={fields.maxGuests.errorId} errors={fields.maxGuests.errors} />
          </div>
          <div className="field">
            <label htmlFor={fields.propertySize.id}>{t("properties:about.size")}</label>
            <input key={sizeKey} {...size} min={0} step="any" aria-describedby={fields.propertySize.errors?.length ? fields.propertySize.errorId : undefined} />
            <FieldErrors id={fields.propertySize.errorId} errors={fields.propertySize.errors} />
          </div>
        </div>
        <fieldset className="field">
          <legend>{t("properties:about.unitSystem")}</legend>
          {(["metric", "imperial"] as const).map((system) => (
            <label key={system} className="choice">
              <input type="radio" name={fields.propertySizeMeasurementUnit.name} value={system} defaultChecked={fields.propertySizeMeasurementUnit.initialValue === system} />
              {t(`properties:about.units.${system}`)}
            </label>
          ))}
        </fieldset>
        <SaveButton />
      </Form>
    </section>
  );
}
