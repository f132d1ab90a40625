import type { CSSProperties } from "react";
import { isSelected, monthWeeks, selectionAfterClick, weekBars, type Month, type Selection } from "@domain/calendar-month";
import type { IsoDate } from "@domain/dates";
import { useTranslation } from "~/lib/i18n";
import { calendarFormat } from "./calendar-format";
import { calendarDayHref, eventHref, type CalendarView } from "./calendar-links";
import { monthRowsHtml } from "./month-html";
import type { GridDay, GridEvent, MonthFormats, MonthInput, MonthTexts } from "./month-input";

export type { GridDay, GridEvent };

/** What an event is, by its source (a pause is named as such). */
export function useEventSource() {
  const { t } = useTranslation();
  return (event: { source: string; kind: string }) => (event.kind === "pause" ? t("calendar:source.pause") : t(`calendar:source.${event.source}`, { defaultValue: t("calendar:source.other") }));
}

/** What an event's bar says: the guest's first name for a guest's stay, else its source. */
export function useEventLabel() {
  const source = useEventSource();
  return (event: { source: string; kind: string; guest?: string }) => event.guest ?? source(event);
}

// 2 November 2026 is a Monday: the week's names in the host's language, Monday first.
const WEEK = Array.from({ length: 7 }, (_, i) => new Date(Date.UTC(2026, 10, 2 + i)));

/**
 * A month's week rows as elements, as the browser draws them: `monthRowsHtml` writes the same on
 * the server (a test holds them equal). The days' links are plain links (`CalendarMonths` follows
 * them without a page load), as are the bars': 31 days a month need no router link each.
 */
export function MonthWeekRows({ month, byDate, selection, today, events, compact, dayHref, eventHref: barHref, texts, formats }: MonthInput) {
  return monthWeeks(month).map((week) => {
    const bars = compact ? [] : weekBars(week, events);
    return (
      <tr key={week.find(Boolean)}>
        {week.map((date, i) => {
          if (!date) return <td key={`empty-${i}`} className="cal-day cal-day--outside" />;
          const info = byDate.get(date);
          const state = info?.state ?? "noPrice";
          const selected = isSelected(selection, date);
          const past = date < today;
          const covering = bars.filter((b) => b.start <= i && i < b.start + b.span);
          const classes = ["cal-day", `cal-day--${state}`, selected && "cal-day--selected", date === today && "cal-day--today", past && "cal-day--past", covering.length > 0 && "cal-day--barred"].filter(Boolean).join(" ");
          const price = info?.price != null ? formats.money(info.price) : "–";
          const described = [formats.date(date), date === today && texts.today, selected && texts.selected, ...covering.map((b) => texts.named(b.event))].filter(Boolean).join(", ");
          const content =
            compact || past ? (
              <>
                <span className="cal-day__date" aria-hidden="true">
                  {Number(date.slice(8))}
                </span>
                <span className="visually-hidden">{past ? described : `${described}, ${price}, ${texts.states[state]}`}</span>
              </>
            ) : (
              <>
                <span className="cal-day__date">{Number(date.slice(8))}</span>
                <span className="cal-day__price">{price}</span>
                {info?.price != null ? (
                  <span className="cal-day__short" aria-hidden="true">
                    {formats.whole(info.price)}
                  </span>
                ) : null}
                <span className="cal-day__state">{texts.states[state]}</span>
                <span className="visually-hidden">{described}</span>
              </>
            );
          return (
            <td key={date} className={classes}>
              {past ? (
                <span className="cal-day__inner">{content}</span>
              ) : (
                <a className="cal-day__inner" href={dayHref(selectionAfterClick(selection, date))} aria-current={date === today ? "date" : undefined}>
                  {content}
                </a>
              )}
              {covering.map((b) =>
                b.start === i ? (
                  <a
                    key={b.event.id}
                    className={`cal-bar cal-bar--${b.event.kind === "pause" ? "pause" : b.event.source}${b.first ? " cal-bar--first" : ""}${b.last ? " cal-bar--last" : ""}`}
                    style={{ "--span": b.span, "--lane": b.lane } as CSSProperties}
                    href={barHref(b.event)}
                    aria-label={`${texts.named(b.event)}, ${texts.nights(b.event)}`}
                  >
                    {texts.label(b.event)}
                  </a>
                ) : null,
              )}
            </td>
          );
        })}
      </tr>
    );
  });
}

/**
 * One month as a table (§2 Calendar): a caption, the weekdays as column headers, a cell per day with
 * its date, price and state, and the events drawn as bars across their nights, coloured by source.
 * Each day is a link that marks it (the first the start, the next the end), so days are marked
 * without JavaScript; with it, `CalendarMonths` adds drag and the keyboard. `compact` (the year
 * view) shows the date alone and says price and state to screen readers only. The server writes
 * the weeks as HTML (`monthRowsHtml`, a fraction of the cost of as many elements) and the browser
 * hydrates them as elements (`MonthWeekRows`): the HTML writer is not in the browser's JavaScript.
 */
export function MonthGrid({ month, days }: { month: Month; days: MonthDays }) {
  const { format, ...input } = days;
  return (
    <table className={input.compact ? "cal-month cal-month--compact" : "cal-month"} data-month={month}>
      <caption>{format.month(month)}</caption>
      <thead>
        <tr>
          {WEEK.map((d) => (
            <th key={d.getUTCDay()} scope="col" abbr={format.weekday(d, "long")}>
              {format.weekday(d, "narrow")}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {import.meta.env.SSR ? monthRowsHtml({ ...input, month }).map(({ key, html }) => <tr key={key} dangerouslySetInnerHTML={{ __html: html }} />) : <MonthWeekRows {...input} month={month} />}
      </tbody>
    </table>
  );
}

/** What every month of a page is drawn with (`useMonthDays`): the days, the marked ones, the links, words and formats. */
export type MonthDays = Omit<MonthInput, "month"> & { format: ReturnType<typeof calendarFormat> };

/**
 * The months' common input, made once per page (not once per month): the days' and events' links
 * of the calendar `view`, and the cells' words and formats in the page's language.
 */
export function useMonthDays({
  unitId,
  view,
  byDate,
  selection,
  today,
  currency,
  events,
  compact = false,
}: {
  unitId: string;
  view: CalendarView;
  byDate: ReadonlyMap<IsoDate, GridDay>;
  selection: Selection | null;
  today: IsoDate;
  currency: string;
  events: readonly GridEvent[];
  compact?: boolean;
}): MonthDays {
  const { texts, formats, format } = useMonthWords(currency);
  return { byDate, selection, today, events, compact, dayHref: calendarDayHref(unitId, view), eventHref: (event) => eventHref(unitId, event, view), texts, formats, format };
}

/** The cells' words and formats in the page's language: a few translations per month, not some per day. */
function useMonthWords(currency: string) {
  const { t, i18n } = useTranslation();
  const label = useEventLabel();
  const source = useEventSource();
  const format = calendarFormat(i18n.language);
  const texts: MonthTexts = {
    states: { booked: t("calendar:state.booked"), blocked: t("calendar:state.blocked"), paused: t("calendar:state.paused"), available: t("calendar:state.available"), noPrice: t("calendar:state.noPrice") },
    today: t("calendar:today"),
    selected: t("calendar:selected"),
    named: (event) => (event.guest ? `${event.guest}, ${source(event)}` : source(event)),
    label,
    nights: (event) => t("calendar:range.nights", { from: format.date(event.dateFrom), to: format.date(event.dateTo) }),
  };
  const formats: MonthFormats = { date: (date) => format.date(date), money: (amount) => format.money(amount, currency), whole: (amount) => format.whole(amount, currency) };
  return { texts, formats, format };
}
