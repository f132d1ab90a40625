import { useTranslation } from "~/lib/i18n";
import { data, Form } from "react-router";
import type { Route } from "./+types/price-and-availability";
import { parseMajorAmount, toMajorText } from "@domain/money";
import { loadPriceConfiguration, patchPriceConfiguration } from "~/components/pricing/pricing.server";
import { FormErrors } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep } from "~/routes/listing/wizard.server";

const STEP = "price-and-availability";
const FIELDS = ["nightlyPrice", "minStay", "maxStay", "extraGuestsCount", "extraGuestPrice"] as const;
type Field = (typeof FIELDS)[number];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The nightly price, stay limits and extra-guest price (§3 price configuration, §5 limits). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const prices = await loadPriceConfiguration(context, params.unitId);
  return {
    title: serverT(context)(`listing:step.${STEP}.title`),
    backHref,
    currency: prices.currency,
    current: {
      nightlyPrice: prices.nightlyPrice === null ? "" : toMajorText(prices.nightlyPrice),
      minStay: String(prices.minStay),
      maxStay: String(prices.maxStay),
      extraGuestsCount: prices.extraGuestsCount === null ? "" : String(prices.extraGuestsCount),
      extraGuestPrice: prices.extraGuestPrice === null ? "" : toMajorText(prices.extraGuestPrice),
    } as Record<Field, string>,
  };
}

const whole = (text: string) => (/^\d+$/.test(text) ? Number(text) : null);

export async function action({ params, request, context }: Route.ActionArgs) {
  await requireStep(context, params, STEP);
  const form = await request.formData();
  const sent = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "").trim()])) as Record<Field, string>;
  const errors: Record<string, string[]> = {};
  const nightlyPrice = parseMajorAmount(sent.nightlyPrice);
  if (nightlyPrice === null) errors.nightlyPrice = [sent.nightlyPrice ? "amount_invalid" : "required"];
  const minStay = whole(sent.minStay);
  const maxStay = whole(sent.maxStay);
  if (minStay === null) errors.minStay = ["stay_range"];
  if (maxStay === null) errors.maxStay = ["stay_range"];
  const extraGuestsCount = sent.extraGuestsCount ? whole(sent.extraGuestsCount) : null;
  const extraGuestPrice = sent.extraGuestPrice ? parseMajorAmount(sent.extraGuestPrice) : null;
  if (sent.extraGuestsCount && extraGuestsCount === null) errors.extraGuestsCount = ["guests_range"];
  if (sent.extraGuestPrice && extraGuestPrice === null) errors.extraGuestPrice = ["amount_invalid"];
  if (Object.keys(errors).length) return data({ errors, sent }, { status: 400 });
  const refused = await patchPriceConfiguration(context, params.unitId, { nightlyPrice, minStay, maxStay, extraGuestsCount, extraGuestPrice });
  if (refused) return data({ errors: { ...refused.fields, form: refused.form }, sent }, { status: 400 });
  return completeStep(context, params, STEP);
}

export default function PriceStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const values = actionData?.sent ?? loaderData.current;
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  const currency = loaderData.currency;
  return (
    <StepPage step={STEP}>
      <Form method="post" className="stack card">
        <FormErrors id="price-errors" errors={errors.form} />
        <TextInput name="nightlyPrice" label={t("listing:price.nightlyPrice", { currency })} hint={t("listing:price.nightlyPriceHint", { currency })} defaultValue={values.nightlyPrice} errors={errors.nightlyPrice} />
        <div className="form-columns">
          <TextInput name="minStay" type="number" min={1} max={365} label={t("listing:price.minStay")} defaultValue={values.minStay} errors={errors.minStay} />
          <TextInput name="maxStay" type="number" min={1} max={365} label={t("listing:price.maxStay")} defaultValue={values.maxStay} errors={errors.maxStay} />
        </div>
        <fieldset className="field">
          <legend>{t("listing:price.extraGuests")}</legend>
          <div className="form-columns">
            <TextInput name="extraGuestsCount" type="number" min={1} max={99} label={t("listing:price.extraGuestsCount")} defaultValue={values.extraGuestsCount} errors={errors.extraGuestsCount} />
            <TextInput name="extraGuestPrice" label={t("listing:price.extraGuestPrice", { currency })} defaultValue={values.extraGuestPrice} errors={errors.extraGuestPrice} />
          </div>
        </fieldset>
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
