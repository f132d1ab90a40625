import { getFormProps } from "@conform-to/react";
import { data, Form, href, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/unit";
import { hostApi } from "@contract/index";
import { addDays, daysBetween, isIsoDate, todayUtc, type IsoDate } from "@domain/dates";
import {
  dayStateOf,
  firstDayOf,
  isSelected,
  lastDayOf,
  monthWeeks,
  nightsOfDays,
  rangeState,
  selectedDays,
  selectionAfterClick,
  selectionOf,
  visibleMonths,
  type Month,
  type Selection,
} from "@domain/calendar-month";
import { parseMajorAmount } from "@domain/money";
import { PRICE_LIST_MAX_DAYS } from "@domain/pricing";
import { Button } from "~/components/ui/button";
import { FormErrors, inputOf } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { useHostForm } from "~/lib/conform";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { withQuery } from "~/lib/pages";

export const handle: TranslationsHandle = { i18n: ["calendar"] };

/** A price edit refused as stale (409) reloads the days and their version, with JavaScript too (4xx answers skip the reload otherwise). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The page's address with the months shown and the marked days (the selection lives in the URL). */
function calendarHref(unitId: string, month: Month | null, selection: Selection | null) {
  const query: Record<string, string> = {};
  if (month) query.month = month;
  if (selection) query.from = selection.from;
  if (selection?.to) query.to = selection.to;
  return withQuery(href("/calendar/:unitId", { unitId }), query);
}

/**
 * A unit's calendar (§2 Calendar): two months as grids of days with price and state, the days a
 * host marks by following links (or with the range form), and what can be done to them. One
 * price-list call reads every day shown (and the marked days, when they lie beyond).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { unit: unitOf, call } = context.get(authContext);
  // Another host's unit is this page's 404.
  const unit = await unitOf(params.unitId);
  const url = new URL(request.url);
  const today = todayUtc();
  const window = visibleMonths(url.searchParams.get("month"), today);
  const selection = selectionOf(url.searchParams.get("from"), url.searchParams.get("to"));
  let dateFrom = firstDayOf(window.months[0]!);
  let dateTo = lastDayOf(window.months.at(-1)!);
  if (selection) {
    const marked = selectedDays(selection);
    const from = marked.from < dateFrom ? marked.from : dateFrom;
    const to = marked.to > dateTo ? marked.to : dateTo;
    if (daysBetween(from, to) + 1 <= PRICE_LIST_MAX_DAYS) [dateFrom, dateTo] = [from, to];
  }
  const [list, properties] = await Promise.all([
    call(hostApi.pricing.priceList, { params: { id: params.unitId }, query: { dateFrom, dateTo } }),
    call(hostApi.properties.listItems, { query: { page: 1 } }),
  ]);
  const kindOf = new Map(list.events.map((e) => [e.id, e.kind]));
  const days = list.days.map((d) => ({ date: d.date, price: d.price, minStay: d.minimalLengthOfStay, maxStay: d.maximalLengthOfStay, availability: d.availability, state: dayStateOf(d.availability, d.events.map((id) => kindOf.get(id) ?? "")) }));
  const units = properties.items.flatMap((p) => p.units.map((u) => ({ id: u.id, title: u.title || p.title, propertyTitle: p.propertyType === "multi" ? p.title : null })));
  if (!units.some((u) => u.id === params.unitId)) units.unshift({ id: params.unitId, title: unit.title, propertyTitle: null });
  let marked: { from: IsoDate; to: IsoDate; state: ReturnType<typeof rangeState>; days: number } | null = null;
  if (selection) {
    const range = selectedDays(selection);
    const inRange = days.filter((d) => range.from <= d.date && d.date <= range.to);
    const count = daysBetween(range.from, range.to) + 1;
    marked = { ...range, days: count, state: inRange.length === count ? rangeState(inRange) : null };
  }
  return {
    title: serverT(context)("calendar:title"),
    unitTitle: unit.title,
    today,
    window,
    selection,
    marked,
    currency: list.currency,
    version: list.version,
    calendarPaused: list.calendarAvailability.status === "PAUSED",
    days,
    units,
  };
}

const day = z.string({ message: "required" }).refine(isIsoDate, "date_invalid");
const rangeFields = { from: day, to: day, month: z.string().optional() };

/** A whole number of nights, or nothing (the day keeps its season's or default's). */
const optionalNights = z
  .string()
  .optional()
  .transform((text, ctx) => {
    if (text === undefined) return undefined;
    if (!/^\d{1,4}$/.test(text.trim())) {
      ctx.addIssue({ code: "custom", message: "stay_range" });
      return z.NEVER;
    }
    return Number(text.trim());
  });

const priceSchema = z.object({
  ...rangeFields,
  intent: z.literal("price"),
  version: z.coerce.number().int(),
  price: z
    .string()
    .optional()
    .transform((text, ctx) => {
      if (text === undefined) return undefined;
      const amount = parseMajorAmount(text);
      if (amount === null) {
        ctx.addIssue({ code: "custom", message: "amount_invalid" });
        return z.NEVER;
      }
      return amount;
    }),
  minStay: optionalNights,
  maxStay: optionalNights,
});

const rangeActionSchema = z.object({ ...rangeFields, intent: z.enum(["block", "unblock", "pause", "resume"]) });

const PRICE_FIELDS = ["price", "minStay", "maxStay"] as const;

export async function action({ params, request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { call } = context.get(authContext);
  const month = String(formData.get("month") ?? "") || null;
  if (intent === "price") {
    const submission = parseWithZod(formData, { schema: priceSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), current: null }, { status: 400 });
    const { from, to, version, price, minStay, maxStay } = submission.value;
    try {
      await call(hostApi.pricing.setDayPrices, {
        params: { id: params.unitId },
        headers: { "if-match": `"${version}"` },
        body: { dateFrom: from, dateTo: to, price, minStay, maxStay },
      });
    } catch (error) {
      // Changed meanwhile: say so, keep what was typed, and show the values that hold now.
      const stale = error instanceof HostApiError && error.status === 409 ? (error.body as { current?: { days?: { price: number | null; minimalLengthOfStay: number; maximalLengthOfStay: number }[] } } | null) : null;
      const first = stale?.current?.days?.[0];
      const current = first ? { price: first.price, minStay: first.minimalLengthOfStay, maxStay: first.maximalLengthOfStay } : null;
      const { result, status } = replyWithApiError(submission, error, { fields: PRICE_FIELDS });
      return data({ intent, result, current }, { status: stale ? 409 : status });
    }
    return redirectWithFlash(context, calendarHref(params.unitId, month, { from, to }), { kind: "success", key: "commons.saved" });
  }
  const submission = parseWithZod(formData, { schema: rangeActionSchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), current: null }, { status: 400 });
  const { from, to } = submission.value;
  const nights = nightsOfDays({ from, to });
  try {
    switch (submission.value.intent) {
      case "block":
        await call(hostApi.calendar.block, { params: { unitId: params.unitId }, body: nights });
        break;
      case "unblock":
        await call(hostApi.calendar.unblock, { params: { unitId: params.unitId }, body: nights });
        break;
      case "pause":
        await call(hostApi.units.calendarAction, { params: { id: params.unitId }, body: { status: "PAUSED", ...nights } });
        break;
      case "resume":
        await call(hostApi.units.calendarAction, { params: { id: params.unitId }, body: { status: "AVAILABLE", ...nights } });
        break;
    }
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: [] });
    return data({ intent, result, current: null }, { status });
  }
  return redirectWithFlash(context, calendarHref(params.unitId, month, { from, to }), { kind: "success", key: "commons.saved" });
}

type Day = Route.ComponentProps["loaderData"]["days"][number];

/** The button a form was sent with is the one that shows it is busy. */
function usePendingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function IntentButton({ intent, variant = "secondary", children }: { intent: string; variant?: "primary" | "secondary"; children: string }) {
  return (
    <Button name="intent" value={intent} variant={variant} pending={usePendingIntent(intent)}>
      {children}
    </Button>
  );
}

function MonthGrid({ month, unitId, firstMonth, byDate, selection, today, currency }: { month: Month; unitId: string; firstMonth: Month; byDate: Map<IsoDate, Day>; selection: Selection | null; today: IsoDate; currency: string }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const locale = i18n.language.replace("_", "-");
  const caption = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
  // 2 November 2026 is a Monday: the week's names in the host's language, Monday first.
  const weekdays = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 2 + i)));
  const weekday = (date: Date, style: "long" | "narrow") => new Intl.DateTimeFormat(locale, { weekday: style, timeZone: "UTC" }).format(date);
  return (
    <table className="cal-month">
      <caption>{caption}</caption>
      <thead>
        <tr>
          {weekdays.map((d) => (
            <th key={d.toISOString()} scope="col" abbr={weekday(d, "long")}>
              {weekday(d, "narrow")}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {monthWeeks(month).map((week) => (
          <tr key={week.find(Boolean)}>
            {week.map((date, i) => {
              if (!date) return <td key={`empty-${i}`} className="cal-day cal-day--outside" />;
              const info = byDate.get(date);
              const state = info?.state ?? "noPrice";
              const selected = isSelected(selection, date);
              const past = date < today;
              const classes = ["cal-day", `cal-day--${state}`, selected && "cal-day--selected", date === today && "cal-day--today", past && "cal-day--past"].filter(Boolean).join(" ");
              const content = (
                <>
                  <span className="cal-day__date">{Number(date.slice(8))}</span>
                  <span className="cal-day__price">
                    {info?.price != null ? (
                      <>
                        <span className="cal-day__price-full">{format.money(info.price, currency)}</span>
                        <span className="cal-day__price-short" aria-hidden="true">
                          {format.number(Math.round(info.price / 100))}
                        </span>
                      </>
                    ) : (
                      <span className="cal-day__price-full">–</span>
                    )}
                  </span>
                  <span className="cal-day__state">{t(`calendar:state.${state}`)}</span>
                  <span className="visually-hidden">
                    {format.date(date, "long")}
                    {date === today ? `, ${t("calendar:today")}` : ""}
                    {selected ? `, ${t("calendar:selected")}` : ""}
                  </span>
                </>
              );
              return (
                <td key={date} className={classes}>
                  {past ? (
                    <span className="cal-day__inner">{content}</span>
                  ) : (
                    <Link className="cal-day__inner" to={calendarHref(unitId, firstMonth, selectionAfterClick(selection, date))} aria-current={date === today ? "date" : undefined} preventScrollReset>
                      {content}
                    </Link>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function UnitCalendar({ loaderData, actionData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { window, selection, marked, days, units, currency, version, today, calendarPaused } = loaderData;
  const firstMonth = window.months[0]!;
  const byDate = new Map(days.map((d) => [d.date, d]));
  const priceAnswer = actionData?.intent === "price" ? actionData.result : undefined;
  const [priceForm, priceFields] = useHostForm<typeof priceSchema>({ id: "calendar-price", lastResult: priceAnswer });
  const availabilityErrors = actionData && actionData.intent !== "price" ? Object.values(actionData.result.error ?? {}).flatMap((e) => e ?? []) : [];
  const stale = actionData?.intent === "price" ? actionData.current : null;
  const rangeText = marked ? (marked.from === marked.to ? format.date(marked.from, "long") : t("calendar:range.days", { from: format.date(marked.from, "long"), to: format.date(marked.to, "long") })) : "";
  const hidden = marked ? (
    <>
      <input type="hidden" name="from" value={marked.from} />
      <input type="hidden" name="to" value={marked.to} />
      <input type="hidden" name="month" value={firstMonth} />
    </>
  ) : null;
  return (
    <div className="page stack">
      <h1>{t("calendar:title")}</h1>
      <nav aria-labelledby="calendar-units" className="cal-units">
        <h2 id="calendar-units" className="visually-hidden">
          {t("calendar:units")}
        </h2>
        <ul>
          {units.map((u) => (
            <li key={u.id}>
              <Link to={calendarHref(u.id, firstMonth, null)} aria-current={u.id === params.unitId ? "page" : undefined}>
                {u.title || t("calendar:untitled")}
                {u.propertyTitle ? <span className="muted"> · {u.propertyTitle}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {calendarPaused ? (
        <div className="banner banner--warning">
          <p>{t("calendar:calendarPaused")}</p>
        </div>
      ) : null}
      <div className="cal-layout">
        <section className="stack" aria-labelledby="calendar-months">
          <h2 id="calendar-months" className="visually-hidden">
            {t("calendar:months")}
          </h2>
          <nav className="cal-paging" aria-label={t("calendar:paging")}>
            {window.previous ? (
              <Link to={calendarHref(params.unitId, window.previous, selection)} preventScrollReset>
                {t("calendar:previousMonth")}
              </Link>
            ) : (
              <span />
            )}
            {window.next ? (
              <Link to={calendarHref(params.unitId, window.next, selection)} preventScrollReset>
                {t("calendar:nextMonth")}
              </Link>
            ) : null}
          </nav>
          <p className="muted">{t("calendar:howToMark")}</p>
          <div className="cal-months">
            {window.months.map((month) => (
              <MonthGrid key={month} month={month} unitId={params.unitId} firstMonth={firstMonth} byDate={byDate} selection={selection} today={today} currency={currency} />
            ))}
          </div>
        </section>
        <aside className="cal-sidebar stack" aria-labelledby="calendar-sidebar">
          <h2 id="calendar-sidebar">{marked ? t("calendar:range.title") : t("calendar:range.choose")}</h2>
          <Form method="get" className="card stack">
            <input type="hidden" name="month" value={firstMonth} />
            <div className="form-columns">
              <TextInput name="from" type="date" label={t("calendar:range.from")} defaultValue={marked?.from ?? ""} key={`from-${marked?.from ?? ""}`} />
              <TextInput name="to" type="date" label={t("calendar:range.to")} defaultValue={marked?.to ?? ""} key={`to-${marked?.to ?? ""}`} />
            </div>
            <Button>{t("calendar:range.show")}</Button>
          </Form>
          {marked ? (
            <>
              <div className="card stack">
                <p>
                  <strong>{rangeText}</strong>
                </p>
                {selection && !selection.to ? <p className="muted">{t("calendar:range.chooseEnd")}</p> : null}
                <p>{marked.state ? t(`calendar:range.state.${marked.state}`) : t("calendar:range.state.unknown")}</p>
                <Link to={calendarHref(params.unitId, firstMonth, null)}>{t("calendar:range.cancel")}</Link>
              </div>
              <Form method="post" {...getFormProps(priceForm)} className="card stack" aria-labelledby="calendar-price-title">
                <h3 id="calendar-price-title">{t("calendar:price.title")}</h3>
                {hidden}
                <input type="hidden" name="version" value={version} key={version} />
                <FormErrors id={priceForm.errorId} errors={priceForm.errors} />
                {stale ? (
                  <p className="banner banner--info">
                    {t("calendar:price.current", {
                      price: stale.price === null ? "–" : format.money(stale.price, currency),
                      minStay: stale.minStay,
                      maxStay: stale.maxStay,
                    })}
                  </p>
                ) : null}
                <TextInput {...inputOf(priceFields.price)} label={t("calendar:price.price", { currency })} hint={t("calendar:price.priceHint")} />
                <div className="form-columns">
                  <TextInput {...inputOf(priceFields.minStay)} type="number" min={1} max={365} label={t("calendar:price.minStay")} />
                  <TextInput {...inputOf(priceFields.maxStay)} type="number" min={1} max={365} label={t("calendar:price.maxStay")} />
                </div>
                <IntentButton intent="price" variant="primary">
                  {t("calendar:price.save")}
                </IntentButton>
              </Form>
              <Form method="post" className="card stack" aria-labelledby="calendar-availability-title">
                <h3 id="calendar-availability-title">{t("calendar:availability.title")}</h3>
                {hidden}
                <FormErrors id="calendar-availability-errors" errors={availabilityErrors} />
                <p className="muted">{t("calendar:availability.nights", { from: format.date(marked.from, "long"), to: format.date(addDays(marked.to, 1), "long") })}</p>
                <div className="button-row">
                  <IntentButton intent="block">{t("calendar:availability.block")}</IntentButton>
                  <IntentButton intent="unblock">{t("calendar:availability.unblock")}</IntentButton>
                </div>
                <p className="muted">{t("calendar:availability.pauseHint")}</p>
                <div className="button-row">
                  <IntentButton intent="pause">{t("calendar:availability.pause")}</IntentButton>
                  <IntentButton intent="resume">{t("calendar:availability.resume")}</IntentButton>
                </div>
              </Form>
            </>
          ) : null}
        </aside>
      </div>
    </div>
  );
}
