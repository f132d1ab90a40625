import { getFormProps, useHostForm } from "~/lib/conform";
import { parseWithZod } from "~/lib/conform.server";
import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/booking-policies";
import { unitHref } from "~/lib/pages";
import { hostApi } from "@contract/index";
import { isNoticeOption, isPreparationOption, NOTICE_OPTIONS, PREPARATION_OPTIONS } from "@domain/field-limits";
import { HOUSE_RULES } from "@domain/property-configuration";
import { FieldErrors, FormErrors } from "~/components/ui/field";
import { SelectField } from "~/components/ui/select-field";
import { loadConfiguration } from "~/components/unit-forms/unit-forms.server";
import { SaveButton } from "~/components/section-form";
import { authContext } from "~/lib/auth.server";
import { replyWithApiError } from "~/lib/forms.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { serverT } from "~/lib/i18n.server";
import { useUnit } from "./unit-layout";

/** Check-in from 15:00 to 21:00 and check-out by 11:00 are the defaults (§9); any hour may be chosen. */
const HOURS = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);

const schema = z
  .object({
    cancellationPolicy: z.string({ message: "required" }).min(1, "required"),
    houseRules: z.array(z.enum(HOUSE_RULES)).default([]),
    checkInFrom: z.string({ message: "required" }).regex(/^\d{2}:00$/, "time_invalid"),
    checkInTo: z.string({ message: "required" }).regex(/^\d{2}:00$/, "time_invalid"),
    checkOutTo: z.string({ message: "required" }).regex(/^\d{2}:00$/, "time_invalid"),
    minDaysOfNotice: z.coerce.number().refine(isNoticeOption, "notice_invalid"),
    preparationTime: z.coerce.number().refine(isPreparationOption, "preparation_invalid"),
  })
  .refine((p) => p.checkInFrom <= p.checkInTo, { path: ["checkInTo"], message: "check_in_window_invalid" });

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const configuration = await loadConfiguration(context);
  return { title: serverT(context)("properties:unit.section.booking-policies"), configuration };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { call } = context.get(authContext);
  try {
    await call(hostApi.units.update, { params: { id: params.unitId }, body: { bookingPolicies: submission.value } });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { apiPrefix: "bookingPolicies" });
    return data(result, { status });
  }
  return redirectWithFlash(context, unitHref(params, "booking-policies"), { kind: "success", key: "commons.saved" });
}


export default function BookingPolicies({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unit = useUnit();
  const policies = unit.bookingPolicies;
  const { configuration } = loaderData;
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData });
  // After a failed submission the fields show what was sent; otherwise what is saved.
  const sent = (name: string, fallback: string) => (actionData?.initialValue?.[name] as string | undefined) ?? fallback;
  const sentRules = (actionData?.initialValue?.houseRules as string[] | string | undefined) ?? policies.houseRules;
  const rules = new Set(Array.isArray(sentRules) ? sentRules : [sentRules]);
  const hours = HOURS.map((h) => ({ value: h, label: h }));
  return (
    <section className="stack" aria-labelledby="policies-title">
      <h2 id="policies-title">{t("properties:unit.section.booking-policies")}</h2>
      <Form method="post" {...getFormProps(form)} className="card stack">
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="field">
          <legend>{t("properties:policies.cancellation")}</legend>
          {configuration.property.cancellationPolicies.map((p) => (
            <label key={p.id} className="choice">
              <input type="radio" name="cancellationPolicy" value={p.id} defaultChecked={sent("cancellationPolicy", policies.cancellationPolicy) === p.id} />
              {p.label}
            </label>
          ))}
          <FieldErrors id={fields.cancellationPolicy.errorId} errors={fields.cancellationPolicy.errors} />
        </fieldset>
        <fieldset className="field">
          <legend>{t("properties:policies.houseRules")}</legend>
          {configuration.property.houseRules.map((rule) => (
            <label key={rule.id} className="choice">
              <input type="checkbox" name="houseRules" value={rule.id} defaultChecked={rules.has(rule.id)} />
              {rule.label}
            </label>
          ))}
        </fieldset>
        <div className="form-columns">
          <SelectField id="policy-checkInFrom" name="checkInFrom" label={t("properties:policies.checkInFrom")} value={sent("checkInFrom", policies.checkInFrom)} options={hours} errors={fields.checkInFrom.errors} errorId={fields.checkInFrom.errorId} />
          <SelectField id="policy-checkInTo" name="checkInTo" label={t("properties:policies.checkInTo")} value={sent("checkInTo", policies.checkInTo)} options={hours} errors={fields.checkInTo.errors} errorId={fields.checkInTo.errorId} />
          <SelectField id="policy-checkOutTo" name="checkOutTo" label={t("properties:policies.checkOutTo")} value={sent("checkOutTo", policies.checkOutTo)} options={hours} errors={fields.checkOutTo.errors} errorId={fields.checkOutTo.errorId} />
          <SelectField
            id="policy-minDaysOfNotice"
            name="minDaysOfNotice"
            label={t("properties:policies.minDaysOfNotice")}
            value={sent("minDaysOfNotice", String(policies.minDaysOfNotice))}
            options={NOTICE_OPTIONS.map((n) => ({ value: String(n), label: t("properties:policies.days", { count: n }) }))}
            errors={fields.minDaysOfNotice.errors}
            errorId={fields.minDaysOfNotice.errorId}
          />
          <SelectField
            id="policy-preparationTime"
            name="preparationTime"
            label={t("properties:policies.preparationTime")}
            value={sent("preparationTime", String(policies.preparationTime))}
            options={PREPARATION_OPTIONS.map((n) => ({ value: String(n), label: t("properties:policies.nights", { count: n }) }))}
            errors={fields.preparationTime.errors}
            errorId={fields.preparationTime.errorId}
          />
        </div>
        <SaveButton />
      </Form>
    </section>
  );
}
