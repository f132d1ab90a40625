import { getFormProps, type SubmissionResult, useHostForm } from "~/lib/conform";
import { constraintOf, parseWithZod } from "~/lib/conform.server";
import { useSyncExternalStore } from "react";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { data, Form, href, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/regional-field";
import { unitHref, withQuery } from "~/lib/pages";
import { isRegistrationNumber } from "@domain/field-limits";
import { registrationNumberSchema } from "@domain/listing-fields";
import { FormErrors, TextField } from "~/components/ui/field";
import { SaveButton } from "~/components/section-form";
import { authContext } from "~/lib/auth.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { orNotFound } from "~/lib/host-api.server";
import { serverT } from "~/lib/i18n.server";
import { safeReturnTo } from "~/lib/return-to";
import { hostApi } from "@contract/index";
import { normaliseNationalIdentificationCode } from "@domain/property-configuration";

export const handle: TranslationsHandle = { i18n: ["properties"] };

export const REGIONAL_FIELDS = ["registrationNumber", "nationalIdentificationCode"] as const;
export type RegionalField = (typeof REGIONAL_FIELDS)[number];

const schema = z.object({ value: registrationNumberSchema.min(1, "required") });

const noSubscription = () => () => {};

/** The value as the API keeps it, so that "unchanged" means what the host sees. */
function comparable(field: RegionalField, value: string) {
  return field === "nationalIdentificationCode" ? normaliseNationalIdentificationCode(value) : value.trim();
}

/** Where to go back to: a page of the host's properties, never another site. */
function returnTo(request: Request, params: { propertyId: string; unitId: string }) {
  const url = new URL(request.url);
  return safeReturnTo(url.searchParams.get("returnTo"), url.origin, {
    within: href("/properties"),
    fallback: unitHref(params, "taxes-and-laws"),
  });
}

function fieldOf(params: { field: string }): RegionalField {
  if (!(REGIONAL_FIELDS as readonly string[]).includes(params.field)) throw new Response(null, { status: 404 });
  return params.field as RegionalField;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * One regional field of a unit (§2 modals "registration number" and "national identification
 * number"): a page of its own, and the content of the dialog the property list opens with JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const field = fieldOf(params);
  const { call } = context.get(authContext);
  const current = await orNotFound(call(hostApi.units.regional, { params: { id: params.unitId } }));
  const back = returnTo(request, params);
  return {
    title: serverT(context)(`properties:regionalField.title.${field}`),
    field,
    value: current[field] ?? "",
    invalid: current.invalidFields.some((f) => f.field === field),
    // Built from the parameters: a fetcher's request URL is the data URL, not the page's.
    action: withQuery(href("/properties/:propertyId/units/:unitId/regional/:field", { ...params, field }), { returnTo: back }),
    back,
    constraint: constraintOf(schema),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const field = fieldOf(params);
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  // §5: a modal form is submittable only when changed. Without JavaScript the button cannot know,
  // so an unchanged value is answered here, and never with "saved".
  const current = await orNotFound(call(hostApi.units.regional, { params: { id: params.unitId } }));
  if (comparable(field, submission.value.value) === comparable(field, current[field] ?? "")) {
    const invalid = current.invalidFields.some((f) => f.field === field);
    return data(submission.reply({ formErrors: [invalid ? "unchanged_rejected" : "unchanged"] }), { status: 400 });
  }
  try {
    await call(hostApi.units.updateRegional, { params: { id: params.unitId }, body: { [field]: submission.value.value } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { rename: { [field]: "value" } });
    return data(result, { status });
  }
  return redirectWithFlash(context, returnTo(request, params), { kind: "success", key: `properties:regionalField.saved.${field}` });
}

export type RegionalFieldLoader = typeof loader;
type RegionalFieldData = Awaited<ReturnType<typeof loader>>;

/** The form itself, sent as a page (no JavaScript) or from the dialog through a fetcher. */
export function RegionalFieldForm({ data: loaded, lastResult, inDialog }: { data: RegionalFieldData; lastResult?: SubmissionResult<string[]>; inDialog?: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher<typeof action>();
  const [form, fields] = useHostForm<typeof schema>({ id: `regional-${loaded.field}`, lastResult: inDialog ? fetcher.data : lastResult, defaultValue: { value: loaded.value }, constraint: loaded.constraint });
  const FormElement = inDialog ? fetcher.Form : Form;
  // With JavaScript the button waits for a valid change (§5); without, the action says why not.
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const typed = fields.value.value ?? "";
  const submittable = comparable(loaded.field, typed) !== comparable(loaded.field, loaded.value) && isRegistrationNumber(typed);
  const waiting = hydrated && !submittable;
  const headingId = `${form.id}-title`;
  return (
    <section className="stack" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(`properties:regionalField.title.${loaded.field}`)}</h2>
      {loaded.invalid ? <p className="banner banner--warning">{t(`properties:invalidField.${loaded.field}`)}</p> : null}
      <FormElement method="post" action={loaded.action} {...getFormProps(form)} className="stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          field={fields.value}
          label={t(loaded.field === "registrationNumber" ? "properties:taxesAndLaws.registrationNumber" : "properties:taxesAndLaws.nationalIdentificationCode")}
          hint={t(`properties:regionalField.hint.${loaded.field}`)}
        />
        <div className="button-row">
          {inDialog ? (
            <button type="submit" className="button button--primary" disabled={fetcher.state !== "idle" || waiting}>
              {t("properties:taxesAndLaws.save")}
            </button>
          ) : (
            <>
              <SaveButton disabled={waiting} />
              <Link to={loaded.back} className="button">
                {t("properties:bulk.cancel")}
              </Link>
            </>
          )}
        </div>
      </FormElement>
    </section>
  );
}

export default function RegionalFieldPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="page page--narrow">
      <div className="card">
        <RegionalFieldForm data={loaderData} lastResult={actionData} />
      </div>
    </div>
  );
}
