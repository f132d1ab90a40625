import { getFormProps, useHostForm } from "~/lib/conform";
import { useTranslation } from "~/lib/i18n";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/seasons";
import { hostApi } from "@contract/index";
import { seasonFormSchemaAmong } from "@domain/price-fields";
import { loadPriceConfiguration } from "~/components/pricing/pricing.server";
import { ChoiceList } from "~/components/ui/choice-list";
import { choiceOf, FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { defineStep, type StepRequest } from "~/routes/listing/define-step.server";
import { StepNav, StepPage, stepMeta } from "~/routes/listing/step-frame";
import { stepHref } from "~/routes/listing/wizard.server";

/** A season to add, with the rules of the unit's price section (domain/price-fields.ts), among the unit's seasons. */
const seasonSchemaAmong = (prices: Parameters<typeof seasonFormSchemaAmong>[0]) => seasonFormSchemaAmong(prices).extend({ intent: z.literal("add") });
type SeasonSchema = ReturnType<typeof seasonSchemaAmong>;
/** A season's removal names the season. */
const removalSchema = z.object({ intent: z.literal("remove"), season: z.string() });

/** The unit's seasons as the API keeps them (a JSON merge-patch replaces the whole list). */
async function saveSeasons({ context, params }: StepRequest, seasonsPricing: unknown[]) {
  await context.get(authContext).call(hostApi.pricing.patchConfiguration, { params: { id: params.unitId }, body: { seasonsPricing } });
}

/** Seasons with their own nightly price (§3 seasonsPricing); optional, so Next passes without one. */
const route = defineStep({
  id: "price-and-availability/seasons",
  load: async ({ context, params }) => {
    const prices = await loadPriceConfiguration(context, params.unitId);
    return { currency: prices.currency, seasons: prices.seasonsPricing };
  },
  // Adding and removing a season keep the host here; Next (the step's own form) goes on.
  others: async (request) => {
    const { form, context, params, wizard, step } = request;
    const intent = form.get("intent");
    if (intent !== "add" && intent !== "remove") return null;
    const here = redirect(stepHref(wizard.kind, params, step));
    const prices = await loadPriceConfiguration(context, params.unitId);
    const { seasonsPricing } = prices;
    if (intent === "remove") {
      const removal = parseWithZod(form, { schema: removalSchema });
      if (removal.status !== "success") return data(removal.reply(), { status: 400 });
      try {
        await saveSeasons(request, seasonsPricing.filter((s) => s.id !== removal.value.season));
      } catch (error) {
        if (!(error instanceof HostApiError)) throw error;
        const { result, status } = replyWithApiError(removal, error, { fields: [] });
        return data(result, { status });
      }
      return here;
    }
    const seasonSchema = seasonSchemaAmong(prices);
    const submission = parseWithZod(form, { schema: seasonSchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const { intent: _, ...season } = submission.value;
    try {
      await saveSeasons(request, [...seasonsPricing, { ...season, minStay: season.minStay ?? null, extraGuestPrice: season.extraGuestPrice ?? null }]);
    } catch (error) {
      if (!(error instanceof HostApiError)) throw error;
      // The new season is the last of the list the API checked: errors on it are the add form's.
      const { result, status } = replyWithApiError(submission, error, { apiPrefix: `seasonsPricing.${seasonsPricing.length}`, fields: Object.keys(seasonSchema.shape) });
      return data(result, { status });
    }
    return here;
  },
});

export const loader = route.loader;
export const action = route.action;
export const meta = stepMeta;

export default function SeasonsStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const sentBy = (intent: string) => (actionData?.initialValue?.intent === intent ? actionData : undefined);
  const [form, fields] = useHostForm<SeasonSchema>({ lastResult: sentBy("add"), defaultValue: { intent: "add", recurrence: "one-time" } });
  const removalErrors = sentBy("remove")?.error?.[""] ?? undefined;
  const { currency } = loaderData;
  return (
    <StepPage step={loaderData.step}>
      {loaderData.seasons.length === 0 ? (
        <p>{t("listing:seasons.none")}</p>
      ) : (
        <>
          <FormErrors id="season-remove-errors" errors={removalErrors} />
          <ul className="stack stack--tight">
            {loaderData.seasons.map((s) => (
              <li key={s.id} className="card season">
                <span>
                  {format.date(s.dateFrom)} – {format.date(s.dateTo)} · {format.money(s.nightlyPrice, currency)} · {t(`listing:seasons.recurrence.${s.recurrence}`)}
                </span>
                <Form method="post">
                  <input type="hidden" name="season" value={s.id} />
                  <button type="submit" name="intent" value="remove" className="button button--small">
                    {t("listing:seasons.remove")}
                    <span className="visually-hidden"> {format.date(s.dateFrom)} – {format.date(s.dateTo)}</span>
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </>
      )}
      <Form method="post" {...getFormProps(form)} className="stack card" aria-labelledby="season-add-title">
        <h2 id="season-add-title">{t("listing:seasons.add")}</h2>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="form-columns">
          <TextInput {...inputOf(fields.dateFrom)} type="date" label={t("listing:seasons.dateFrom")} />
          <TextInput {...inputOf(fields.dateTo)} type="date" label={t("listing:seasons.dateTo")} />
          <TextInput {...inputOf(fields.nightlyPrice)} label={t("listing:price.nightlyPrice", { currency })} />
          <TextInput {...inputOf(fields.minStay)} type="number" min={1} max={365} label={t("listing:seasons.minStay")} />
        </div>
        <ChoiceList
          {...choiceOf(fields.recurrence)}
          legend={t("listing:seasons.recurrenceLegend")}
          options={(["one-time", "recurring"] as const).map((id) => ({ id, label: t(`listing:seasons.recurrence.${id}`) }))}
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
