import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { Form } from "react-router";
import type { Route } from "./+types/price-and-availability";
import { hostApi } from "@contract/index";
import { toMajorText } from "@domain/money";
import { stayPriceFormSchema } from "@domain/price-fields";
import { loadPriceConfiguration } from "~/components/pricing/pricing.server";
import { FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { defineStep } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";

/** The same form as the unit's price section: one set of rules (domain/price-fields.ts). */
const schema = stayPriceFormSchema;

/** The nightly price, stay limits and extra-guest price (§3 price configuration, §5 limits). */
const route = defineStep({
  id: "price-and-availability",
  schema,
  load: async ({ context, params }) => {
    const prices = await loadPriceConfiguration(context, params.unitId);
    return {
      currency: prices.currency,
      current: {
        nightlyPrice: prices.nightlyPrice === null ? "" : toMajorText(prices.nightlyPrice),
        minStay: String(prices.minStay),
        maxStay: String(prices.maxStay),
        extraGuestsCount: prices.extraGuestsCount === null ? "" : String(prices.extraGuestsCount),
        extraGuestPrice: prices.extraGuestPrice === null ? "" : toMajorText(prices.extraGuestPrice),
      },
    };
  },
  save: async ({ context, params, value }) => {
    const body = { ...value, extraGuestsCount: value.extraGuestsCount ?? null, extraGuestPrice: value.extraGuestPrice ?? null };
    await context.get(authContext).call(hostApi.pricing.patchConfiguration, { params: { id: params.unitId }, body });
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function PriceStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [form, fields] = useHostForm<typeof schema>({ lastResult: actionData, defaultValue: loaderData.current, constraint: loaderData.constraint });
  const { currency } = loaderData;
  return (
    <StepPage step={loaderData.step}>
      <Form method="post" {...getFormProps(form)} className="stack card">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextInput {...inputOf(fields.nightlyPrice)} label={t("listing:price.nightlyPrice", { currency })} hint={t("listing:price.nightlyPriceHint", { currency })} />
        <div className="form-columns">
          <TextInput {...inputOf(fields.minStay)} type="number" min={1} max={365} label={t("listing:price.minStay")} />
          <TextInput {...inputOf(fields.maxStay)} type="number" min={1} max={365} label={t("listing:price.maxStay")} />
        </div>
        <fieldset className="field">
          <legend>{t("listing:price.extraGuests")}</legend>
          <div className="form-columns">
            <TextInput {...inputOf(fields.extraGuestsCount)} type="number" min={1} max={99} label={t("listing:price.extraGuestsCount")} />
            <TextInput {...inputOf(fields.extraGuestPrice)} label={t("listing:price.extraGuestPrice", { currency })} />
          </div>
        </fieldset>
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
