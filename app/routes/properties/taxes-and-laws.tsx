import { getFormProps, useHostForm } from "~/lib/conform";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/taxes-and-laws";
import { unitHref } from "~/lib/pages";
import { registrationNumberSchema } from "@domain/listing-fields";
import { FormErrors, TextField } from "~/components/ui/field";
import { SaveButton } from "~/components/section-form";
import { authContext } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { orNotFound } from "~/lib/host-api.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { serverT } from "~/lib/i18n.server";
import { hostApi } from "@contract/index";

const schema = z.object({
  registrationNumber: registrationNumberSchema.optional(),
  nationalIdentificationCode: registrationNumberSchema.optional(),
});


export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The unit's registration number and national identification code (§2 taxes-and-laws). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const unit = { params: { id: params.unitId } };
  const [current, requirements] = await orNotFound(Promise.all([call(hostApi.units.regional, unit), call(hostApi.units.regionalConfiguration, unit)]));
  return { title: serverT(context)("properties:taxesAndLaws.title"), current, requirements, constraint: constraintOf(schema) };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.units.updateRegional, { params: { id: params.unitId }, body: { registrationNumber: submission.value.registrationNumber ?? null, nationalIdentificationCode: submission.value.nationalIdentificationCode ?? null } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error);
    return data(result, { status });
  }
  return redirectWithFlash(context, unitHref(params, "taxes-and-laws"), { kind: "success", key: "commons.saved" });
}

export default function TaxesAndLaws({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { current, requirements } = loaderData;
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: { registrationNumber: current.registrationNumber ?? "", nationalIdentificationCode: current.nationalIdentificationCode ?? "" }, constraint: loaderData.constraint });
  return (
    <section className="stack" aria-labelledby="taxes-title">
      <h2 id="taxes-title">{t("properties:taxesAndLaws.title")}</h2>
      <p>{t("properties:taxesAndLaws.intro")}</p>
      {current.invalidFields.map((f) => (
        <p key={f.field} className="banner banner--warning">
          {t(`properties:invalidField.${f.field}`)}
        </p>
      ))}
      <Form method="post" {...getFormProps(form)} className="stack card" key={`${params.unitId}`}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.registrationNumber}
          label={t("properties:taxesAndLaws.registrationNumber")}
          hint={requirements.registrationNumber.required ? t("properties:taxesAndLaws.registrationNumberRequired") : undefined}
        />
        <TextField
          field={fields.nationalIdentificationCode}
          label={t("properties:taxesAndLaws.nationalIdentificationCode")}
          hint={t("properties:taxesAndLaws.nationalIdentificationCodeHint")}
        />
        <SaveButton />
      </Form>
      <p>
        <Link to={href("/properties")}>{t("properties:taxesAndLaws.back")}</Link>
      </p>
    </section>
  );
}
