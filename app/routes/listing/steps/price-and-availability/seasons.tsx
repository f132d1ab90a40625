import { useTranslation } from "~/lib/i18n";
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/seasons";
import { parseMajorAmount } from "@domain/money";
import { loadPriceConfiguration, patchPriceConfiguration } from "~/components/pricing/pricing.server";
import { ChoiceList } from "~/components/ui/choice-list";
import { FormErrors } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { useFormat } from "~/lib/format";
import { serverT } from "~/lib/i18n.server";
import { StepNav, StepPage } from "~/routes/listing/step-frame";
import { completeStep, requireStep, stepHref } from "~/routes/listing/wizard.server";

const STEP = "price-and-availability/seasons";
const FIELDS = ["dateFrom", "dateTo", "nightlyPrice", "minStay", "recurrence"] as const;
type Field = (typeof FIELDS)[number];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Seasons with their own nightly price (§3 seasonsPricing); optional, so Next passes without one. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { backHref } = await requireStep(context, params, STEP);
  const prices = await loadPriceConfiguration(context, params.unitId);
  return { title: serverT(context)(`listing:step.${STEP}.title`), backHref, currency: prices.currency, seasons: prices.seasonsPricing };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { wizard } = await requireStep(context, params, STEP);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "next");
  if (intent === "next") return completeStep(context, params, STEP);
  const here = redirect(stepHref(wizard.kind, params, STEP));
  const { seasonsPricing } = await loadPriceConfiguration(context, params.unitId);
  if (intent.startsWith("remove:")) {
    const refused = await patchPriceConfiguration(context, params.unitId, { seasonsPricing: seasonsPricing.filter((s) => s.id !== intent.slice(7)) });
    if (refused) return data({ errors: { form: refused.form } as Record<string, string[]>, sent: null }, { status: 400 });
    return here;
  }
  const sent = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? "").trim()])) as Record<Field, string>;
  const errors: Record<string, string[]> = {};
  const nightlyPrice = parseMajorAmount(sent.nightlyPrice);
  if (!sent.dateFrom) errors.dateFrom = ["required"];
  if (!sent.dateTo) errors.dateTo = ["required"];
  if (nightlyPrice === null) errors.nightlyPrice = [sent.nightlyPrice ? "amount_invalid" : "required"];
  if (sent.minStay && !/^\d+$/.test(sent.minStay)) errors.minStay = ["stay_range"];
  if (Object.keys(errors).length) return data({ errors, sent }, { status: 400 });
  const season = {
    dateFrom: sent.dateFrom,
    dateTo: sent.dateTo,
    recurrence: sent.recurrence === "recurring" ? "recurring" : "one-time",
    nightlyPrice,
    minStay: sent.minStay ? Number(sent.minStay) : null,
    extraGuestPrice: null,
  };
  const refused = await patchPriceConfiguration(context, params.unitId, { seasonsPricing: [...seasonsPricing, season] });
  if (refused) {
    // The new season is the last of the list the API checked: its errors belong to the add form.
    const prefix = `seasonsPricing.${seasonsPricing.length}.`;
    const fieldErrors = Object.fromEntries(Object.entries(refused.fields).map(([field, list]) => [field.startsWith(prefix) ? field.slice(prefix.length) : "form", list]));
    return data({ errors: { ...fieldErrors, form: [...(fieldErrors.form ?? []), ...refused.form] } as Record<string, string[]>, sent }, { status: 400 });
  }
  return here;
}

export default function SeasonsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const errors: Record<string, string[] | undefined> = actionData?.errors ?? {};
  const sent = actionData?.sent;
  const { currency } = loaderData;
  return (
    <StepPage step={STEP}>
      {loaderData.seasons.length === 0 ? (
        <p>{t("listing:seasons.none")}</p>
      ) : (
        <Form method="post">
          <ul className="stack stack--tight">
            {loaderData.seasons.map((s) => (
              <li key={s.id} className="card season">
                <span>
                  {format.date(s.dateFrom)} – {format.date(s.dateTo)} · {format.money(s.nightlyPrice, currency)} · {t(`listing:seasons.recurrence.${s.recurrence}`)}
                </span>
                <button type="submit" name="intent" value={`remove:${s.id}`} className="button button--small">
                  {t("listing:seasons.remove")}
                  <span className="visually-hidden"> {format.date(s.dateFrom)} – {format.date(s.dateTo)}</span>
                </button>
              </li>
            ))}
          </ul>
        </Form>
      )}
      <Form method="post" className="stack card" aria-labelledby="season-add-title">
        <h2 id="season-add-title">{t("listing:seasons.add")}</h2>
        <FormErrors id="season-errors" errors={errors.form} />
        <div className="form-columns">
          <TextInput name="dateFrom" type="date" label={t("listing:seasons.dateFrom")} defaultValue={sent?.dateFrom ?? ""} errors={errors.dateFrom} />
          <TextInput name="dateTo" type="date" label={t("listing:seasons.dateTo")} defaultValue={sent?.dateTo ?? ""} errors={errors.dateTo} />
          <TextInput name="nightlyPrice" label={t("listing:price.nightlyPrice", { currency })} defaultValue={sent?.nightlyPrice ?? ""} errors={errors.nightlyPrice} />
          <TextInput name="minStay" type="number" min={1} max={365} label={t("listing:seasons.minStay")} defaultValue={sent?.minStay ?? ""} errors={errors.minStay} />
        </div>
        <ChoiceList
          name="recurrence"
          legend={t("listing:seasons.recurrenceLegend")}
          options={(["one-time", "recurring"] as const).map((id) => ({ id, label: t(`listing:seasons.recurrence.${id}`) }))}
          selected={sent?.recurrence || "one-time"}
          errors={errors.recurrence}
        />
        <div className="button-row">
          <button type="submit" name="intent" value="add" className="button">
            {t("listing:seasons.addButton")}
          </button>
        </div>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="next" />
        <StepNav backHref={loaderData.backHref} />
      </Form>
    </StepPage>
  );
}
