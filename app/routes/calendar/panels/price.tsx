import { data, Form } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/price";
import { hostApi } from "@contract/index";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { SelectField } from "~/components/ui/select-field";
import { TextInput } from "~/components/ui/text-input";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { NothingMarked } from "~/components/calendar/nothing-marked";
import { IntentButton, MarkedFields, Panel, useCalendar, useRangeText } from "~/components/calendar/panel";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { optionalAmount, optionalNights, rangeFields, savedTo, staleEdit } from "~/routes/calendar/panel-actions.server";

export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

/** Closed to arrival or departure: left as each day has it, closed, or open. */
const closedChoice = z
  .enum(["", "closed", "open"])
  .optional()
  .transform((choice) => (choice === "closed" ? true : choice === "open" ? false : undefined));

const priceSchema = z.object({
  ...rangeFields,
  intent: z.literal("price"),
  version: z.coerce.number().int(),
  price: optionalAmount,
  minStay: optionalNights,
  maxStay: optionalNights,
  closedToArrival: closedChoice,
  closedToDeparture: closedChoice,
});

const FIELDS = ["price", "minStay", "maxStay", "closedToArrival", "closedToDeparture"] as const;

/**
 * The price panel (§2): the marked days' nightly price, minimum and maximum stay, and whether guests
 * may arrive or leave on them, sent with the price version the page showed (If-Match). An edit made
 * meanwhile is refused with the current values of the first day, and what was typed stays.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: priceSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), current: null }, { status: 400 });
  const { from, to, version, price, minStay, maxStay, closedToArrival, closedToDeparture } = submission.value;
  try {
    await context.get(authContext).call(hostApi.pricing.setDayPrices, {
      params: { id: params.unitId },
      headers: { "if-match": `"${version}"` },
      body: { dateFrom: from, dateTo: to, price, minStay, maxStay, closedToArrival, closedToDeparture },
    });
  } catch (error) {
    // Changed meanwhile: say so, keep what was typed, and show the values that hold now.
    const stale = staleEdit(error);
    const { result, status } = replyWithApiError(submission, error, { fields: FIELDS });
    return data({ result, current: stale?.current ?? null }, { status: stale ? 409 : status });
  }
  return savedTo(context, request, params.unitId, "price", { from, to });
}

export default function PricePanel({ actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const rangeText = useRangeText();
  const { marked, version, currency } = useCalendar();
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  if (!marked) {
    return (
      <Panel id="calendar-price" title={t("calendar:panel.price")}>
        <NothingMarked />
      </Panel>
    );
  }
  const typed = (actionData?.result.initialValue ?? {}) as Record<string, unknown>;
  const value = (name: string) => (typeof typed[name] === "string" ? (typed[name] as string) : "");
  const stale = actionData?.current;
  const choices = [
    { value: "", label: t("calendarPanels:price.keep") },
    { value: "closed", label: t("calendarPanels:price.closed") },
    { value: "open", label: t("calendarPanels:price.open") },
  ];
  const first = marked.first;
  return (
    <Panel id="calendar-price" title={t("calendar:panel.price")}>
      <p>
        <strong>{rangeText(marked)}</strong>
      </p>
      {first ? (
        <p className="muted">
          {t("calendarPanels:price.now", { price: first.price === null ? "–" : format.money(first.price, currency), minStay: first.minStay, maxStay: first.maxStay })}
        </p>
      ) : null}
      <Form method="post" className="stack" onInput={onInput} aria-labelledby="calendar-price-title">
        <MarkedFields from={marked.from} to={marked.to} />
        <input type="hidden" name="version" value={version} key={version} />
        <FormErrors id="calendar-price-errors" errors={errors} />
        {stale ? (
          <p className="banner banner--info">
            {t("calendarPanels:price.current", { price: stale.price === null ? "–" : format.money(stale.price, currency), minStay: stale.minStay, maxStay: stale.maxStay })}
          </p>
        ) : null}
        <TextInput name="price" defaultValue={value("price")} label={t("calendarPanels:price.price", { currency })} hint={t("calendarPanels:price.priceHint")} />
        <div className="form-columns">
          <TextInput name="minStay" defaultValue={value("minStay")} type="number" min={1} max={365} label={t("calendarPanels:price.minStay")} />
          <TextInput name="maxStay" defaultValue={value("maxStay")} type="number" min={1} max={365} label={t("calendarPanels:price.maxStay")} />
        </div>
        <div className="form-columns">
          <SelectField id="calendar-closed-arrival" name="closedToArrival" value={value("closedToArrival")} label={t("calendarPanels:price.closedToArrival")} options={choices} />
          <SelectField id="calendar-closed-departure" name="closedToDeparture" value={value("closedToDeparture")} label={t("calendarPanels:price.closedToDeparture")} options={choices} />
        </div>
        <IntentButton intent="price" variant="primary">
          {t("calendarPanels:price.save")}
        </IntentButton>
      </Form>
    </Panel>
  );
}
