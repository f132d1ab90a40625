import { data, href, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/index";
import { hostApi } from "@contract/index";
import { daysBetween, isIsoDate, todayIn } from "@domain/dates";
import { nightsOfDays } from "@domain/calendar-month";
import { cellStateAt, cellsRangeState, rowDays, rowSelectionOf, type RowSelection } from "@domain/multi-calendar";
import { AheadLimit } from "~/components/calendar/ahead-limit";
import { MultiCalendarGrid, type MultiCalendarRow } from "~/components/calendar/multi-grid";
import { multiCalendarHref } from "~/components/calendar/multi-href";
import { MultiCalendarPanel } from "~/components/calendar/multi-panel";
import { EmptyState } from "~/components/ui/empty-state";
import { buttonClass } from "~/components/ui/button";
import * as icons from "~/components/ui/icons";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { calendarToday, unitsCalendarRead, unitsPageOf } from "~/routes/calendar/calendar-range";
import { dayField, optionalAmount, optionalNights, staleEdit, writeNights } from "~/routes/calendar/panel-actions.server";
import multiCalendarStyles from "~/styles/multi-calendar.css?url";

export const handle: TranslationsHandle = { i18n: ["calendar", "multicalendar"] };

/** A price edit refused as stale (409) reloads the days and their version, with JavaScript too. */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: multiCalendarStyles }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * `/calendar`: a host with one unit goes to its calendar, a host with several gets the multi-unit
 * calendar (every unit a row, a month of days as columns, price and state in each cell, 50 units a
 * page), a host without units is told how to list one. The shell's call reads the page with the
 * shell's data: the calendar of all units as its cells show it, one D1 batch for the whole page of
 * units (decisions 025, 030).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { unitsCalendar } = context.get(authContext);
  const url = new URL(request.url);
  // Read with the shell's call (requireAuth), one D1 batch for the page, for the days from UTC's today.
  const utcToday = calendarToday();
  const asked = unitsCalendarRead(url, utcToday);
  let calendar = await unitsCalendar({ from: asked.window.start, to: asked.window.end }, asked.page);
  // "Today" is the local day of the host's units (the first one's time zone; each row marks its own
  // unit's today); where it is another day than UTC's, the days shown follow it.
  const today = calendar.units[0] ? todayIn(calendar.units[0].timeZone) : utcToday;
  const { window, page } = today === utcToday ? asked : unitsCalendarRead(url, today);
  if (window.start !== asked.window.start) calendar = await unitsCalendar({ from: window.start, to: window.end }, page);
  const { total, pageSize } = calendar.pagination;
  const title = serverT(context)("calendar:title");
  if (total === 0) return { kind: "empty" as const, title };
  if (total === 1 && calendar.units[0]) throw redirect(href("/calendar/:unitId", { unitId: calendar.units[0].unitId }));
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  if (page > lastPage) throw redirect(multiCalendarHref({ start: window.start, page: lastPage, selection: null }));

  // The shell's call answers each row as the grid shows it (`unitsCalendarCells`): its prices and a digit per cell.
  const rows: MultiCalendarRow[] = calendar.units.map((unit) => {
    const unitToday = todayIn(unit.timeZone);
    return {
      id: unit.unitId,
      title: unit.title,
      propertyTitle: unit.propertyTitle,
      paused: unit.calendarAvailability.status === "PAUSED",
      ...(unitToday !== today ? { today: unitToday } : {}),
      prices: unit.prices,
      states: unit.states,
      // Its pending requests and open inquiries, drawn as bars as on the unit calendar (only a row that has any carries them).
      ...(unit.pendingEvents.length > 0 ? { events: unit.pendingEvents } : {}),
    };
  });

  // The range marked on a row of this page, what its days are, and the version its price form sends back.
  const requested = rowSelectionOf(url.searchParams.get("unit"), url.searchParams.get("from"), url.searchParams.get("to"));
  const marked = requested ? calendar.units.find((u) => u.unitId === requested.unitId) : undefined;
  const selection: RowSelection | null = marked ? requested : null;
  let panel = null;
  if (selection && marked) {
    const range = rowDays(selection);
    const count = daysBetween(range.from, range.to) + 1;
    // The marked days' cells, of those the page read.
    const first = daysBetween(calendar.dateFrom, range.from);
    const inRange = Array.from({ length: count }, (_, i) => first + i)
      .filter((index) => index >= 0 && index < marked.states.length)
      .map((index) => cellStateAt(marked.states, index));
    panel = {
      unitId: marked.unitId,
      unitTitle: marked.title,
      propertyTitle: marked.propertyTitle,
      version: marked.version,
      from: range.from,
      to: range.to,
      whole: selection.to !== null,
      state: inRange.length === count ? cellsRangeState(inRange) : null,
    };
  }
  return {
    kind: "calendar" as const,
    title,
    today,
    currency: calendar.currency,
    window,
    page: { current: page, last: lastPage, total, pageSize, first: (page - 1) * pageSize + 1, shown: calendar.units.length },
    selection,
    panel,
    rows,
  };
}

const rangeFields = { unit: z.string({ message: "required" }).min(1, "required"), from: dayField, to: dayField, start: z.string().optional(), page: z.string().optional() };

const priceSchema = z.object({
  ...rangeFields,
  intent: z.literal("price"),
  version: z.coerce.number().int().optional(),
  price: optionalAmount,
  minStay: optionalNights,
  maxStay: optionalNights,
});

const availabilitySchema = z.object({ ...rangeFields, intent: z.enum(["block", "unblock"]) });

const PRICE_FIELDS = ["price", "minStay", "maxStay"] as const;

/** After a save: the same days shown, the same page of units, the range still marked. */
const back = (unit: string, from: string, to: string, start?: string, page?: string) =>
  multiCalendarHref({ start: start && isIsoDate(start) ? start : null, page: unitsPageOf(page ?? null), selection: { unitId: unit, from, to } });

/**
 * The marked row's range: its price and stay limits (`calendar-price-configuration`, from the
 * version the page showed) or its availability (block, unblock), as the unit calendar sends them.
 * Another host's unit is refused by the API (404).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const { call } = context.get(authContext);
  if (intent === "price") {
    const submission = parseWithZod(formData, { schema: priceSchema });
    if (submission.status !== "success") return data({ intent, result: submission.reply(), current: null }, { status: 400 });
    const { unit, from, to, version, price, minStay, maxStay, start, page } = submission.value;
    try {
      await call(hostApi.pricing.setDayPrices, {
        params: { id: unit },
        headers: version === undefined ? {} : { "if-match": `"${version}"` },
        body: { dateFrom: from, dateTo: to, price, minStay, maxStay },
      });
    } catch (error) {
      // Changed meanwhile: say so, keep what was typed, and show the values that hold now.
      const stale = staleEdit(error);
      const { result, status } = replyWithApiError(submission, error, { fields: PRICE_FIELDS });
      return data({ intent, result, current: stale?.current ?? null }, { status: stale ? 409 : status });
    }
    return redirectWithFlash(context, back(unit, from, to, start, page), { kind: "success", key: "commons.saved" });
  }
  const submission = parseWithZod(formData, { schema: availabilitySchema });
  if (submission.status !== "success") return data({ intent, result: submission.reply(), current: null }, { status: 400 });
  const { unit, from, to, start, page } = submission.value;
  try {
    // The marked days stand for their nights: the last day's night is included. An unblock that opened nothing says why, as on the unit calendar.
    const nothing = await writeNights(context, unit, submission.value.intent, nightsOfDays({ from, to }));
    if (nothing) return data({ intent, result: submission.reply({ formErrors: [nothing] }), current: null }, { status: 400 });
  } catch (error) {
    const { result, status } = replyWithApiError(submission, error, { fields: [] });
    return data({ intent, result, current: null }, { status });
  }
  return redirectWithFlash(context, back(unit, from, to, start, page), { kind: "success", key: "commons.saved" });
}

export type MultiCalendarActionData = Route.ComponentProps["actionData"];

function UnitsPaging({ page, start }: { page: { current: number; last: number; total: number; first: number; shown: number }; start: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (page.last === 1) return null;
  return (
    <nav className="mcal-units-paging" aria-label={t("multicalendar:unitsPaging")}>
      {page.current > 1 ? (
        <Link to={multiCalendarHref({ start, page: page.current - 1, selection: null })}>{t("multicalendar:previousUnits")}</Link>
      ) : (
        <span />
      )}
      <span>{t("multicalendar:unitsRange", { from: format.number(page.first), to: format.number(page.first + page.shown - 1), total: format.number(page.total) })}</span>
      {page.current < page.last ? <Link to={multiCalendarHref({ start, page: page.current + 1, selection: null })}>{t("multicalendar:nextUnits")}</Link> : <span />}
    </nav>
  );
}

export default function CalendarIndex({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  if (loaderData.kind === "empty") {
    return (
      <div className="page stack">
        <h1>{t("calendar:title")}</h1>
        <EmptyState
          icon={icons.calendar}
          action={
            <Link className={buttonClass({ variant: "primary" })} to={href("/listing")}>
              {t("calendar:empty.action")}
            </Link>
          }
        >
          {t("calendar:empty.text")}
        </EmptyState>
      </div>
    );
  }
  const { window, page, selection, panel, rows, currency, today } = loaderData;
  const at = (start: string | null) => multiCalendarHref({ start, page: page.current, selection });
  const steps = [
    { key: "previousMonth", to: window.previousMonth },
    { key: "previousWeeks", to: window.previousWeeks },
    { key: "today", to: window.start === today ? null : today },
    { key: "nextWeeks", to: window.nextWeeks },
    { key: "nextMonth", to: window.nextMonth },
  ] as const;
  return (
    <div className="page stack mcal-page">
      <h1>{t("calendar:title")}</h1>
      <p className="muted">{t("multicalendar:intro")}</p>
      <MultiCalendarPanel panel={panel} actionData={actionData} currency={currency} start={window.start} page={page.current} />
      <nav className="mcal-paging" aria-label={t("multicalendar:paging")}>
        {steps.map((step) =>
          step.to ? (
            <Link key={step.key} className={buttonClass({ size: "small" })} to={at(step.to)} preventScrollReset>
              {t(`multicalendar:${step.key}`)}
            </Link>
          ) : null,
        )}
      </nav>
      <AheadLimit reached={window.nextMonth === null && window.nextWeeks === null} />
      <MultiCalendarGrid rows={rows} days={window.days} today={today} currency={currency} selection={selection} start={window.start} page={page.current} />
      <UnitsPaging page={page} start={window.start} />
    </div>
  );
}
