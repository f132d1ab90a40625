import { getFormProps, useHostForm } from "~/lib/conform";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/property-about";
import { descriptionSchema, extraDescriptionSchema, titleSchema } from "@domain/listing-fields";
import { FormErrors, TextAreaField, TextField } from "~/components/ui/field";
import { SaveButton } from "~/components/section-form";
import { authContext } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { orNotFound } from "~/lib/host-api.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { serverT } from "~/lib/i18n.server";
import { hostApi } from "@contract/index";

const schema = z.object({
  title: titleSchema.min(1, "required"),
  description: descriptionSchema.default(""),
  restaurantDescription: extraDescriptionSchema.default(""),
  specialOfferDescription: extraDescriptionSchema.default(""),
});


export const handle: TranslationsHandle = { i18n: ["properties"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const property = await orNotFound(call(hostApi.properties.get, { params: { id: params.propertyId } }));
  return { title: serverT(context)("properties:propertyAbout.title"), property, constraint: constraintOf(schema) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.properties.update, { params: { id: params.propertyId }, body: submission.value });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return redirectWithFlash(context, href("/properties/:propertyId/about", params), { kind: "success", key: "commons.saved" });
}

/** The property's own texts (§3 Property: title, description, restaurant and special-offer descriptions). */
export default function PropertyAbout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { property } = loaderData;
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: property, constraint: loaderData.constraint });
  return (
    <div className="page stack">
      <p>
        <Link to={href("/properties/:propertyId", { propertyId: property.id })}>{t("properties:unit.backToProperty")}</Link>
      </p>
      <h1>{t("properties:propertyAbout.title")}</h1>
      <Form method="post" {...getFormProps(form)} className="card stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.title} label={t("properties:about.title")} />
        <TextAreaField rows={5} field={fields.description} label={t("properties:about.description")} />
        <TextAreaField rows={5} field={fields.restaurantDescription} label={t("properties:propertyAbout.restaurant")} />
        <TextAreaField rows={5} field={fields.specialOfferDescription} label={t("properties:propertyAbout.specialOffer")} />
        <SaveButton />
      </Form>
    </div>
  );
}
