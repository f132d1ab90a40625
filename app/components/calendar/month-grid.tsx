import { Link } from "react-router";
import type { IsoDate } from "@domain/dates";
import { isSelected, monthWeeks, selectionAfterClick, weekBars, type DayState, type Month, type Selection } from "@domain/calendar-month";
import { useTranslation } from "~/lib/i18n";
import { calendarFormat } from "./calendar-format";
import { calendarHref, eventHref, type CalendarView } from "./calendar-links";

export interface GridDay {
  date: IsoDate;
  price: number | null;
  state: DayState;
}

export interface GridEvent {
  id: string;
  dateFrom: IsoDate;
  dateTo: IsoDate;
  source: string;
  kind: string;
  /** The guest's first name, for a guest's stay (booking, request, inquiry). */
  guest?: string;
}

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
 * One month as a table (§2 Calendar): a caption, the weekdays as column headers, a cell per day with
 * its date, price and state, and the events drawn as bars across their nights, coloured by source.
 * Each day is a link that marks it (the first the start, the next the end), so days are marked
 * without JavaScript; with it, `CalendarMonths` adds drag and the keyboard. `compact` (the year
 * view) shows the date alone and says price and state to screen readers only.
 */
export function MonthGrid({
  month,
  unitId,
  view,
  byDate,
  selection,
  today,
  currency,
  events,
  compact = false,
}: {
  month: Month;
  unitId: string;
  view: CalendarView;
  byDate: ReadonlyMap<IsoDate, GridDay>;
  selection: Selection | null;
  today: IsoDate;
  currency: string;
  events: readonly GridEvent[];
  compact?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const label = useEventLabel();
  const source = useEventSource();
  const named = (event: GridEvent) => (event.guest ? `${event.guest}, ${source(event)}` : source(event));
  return (
    <table className={compact ? "cal-month cal-month--compact" : "cal-month"} data-month={month}>
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
        {monthWeeks(month).map((week) => {
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
                const price = info?.price != null ? format.money(info.price, currency) : null;
                const described = [format.date(date), date === today && t("calendar:today"), selected && t("calendar:selected"), ...covering.map((b) => named(b.event))].filter(Boolean).join(", ");
                // A past day says its date (and its state by colour): it cannot be marked or changed.
                const content =
                  compact || past ? (
                    <>
                      <span className="cal-day__date" aria-hidden="true">
                        {Number(date.slice(8))}
                      </span>
                      <span className="visually-hidden">{past ? described : `${described}, ${price ?? "–"}, ${t(`calendar:state.${state}`)}`}</span>
                    </>
                  ) : (
                    <>
                      <span className="cal-day__date">{Number(date.slice(8))}</span>
                      <span className="cal-day__price">{price ?? "–"}</span>
                      {info?.price != null ? (
                        <span className="cal-day__short" aria-hidden="true">
                          {format.whole(info.price, currency)}
                        </span>
                      ) : null}
                      <span className="cal-day__state">{t(`calendar:state.${state}`)}</span>
                      <span className="visually-hidden">{described}</span>
                    </>
                  );
                return (
                  <td key={date} className={classes}>
                    {past ? (
                      <span className="cal-day__inner">{content}</span>
                    ) : (
                      // A plain link (with JavaScript, CalendarMonths follows it without a page load): 31 days a month need no router link each.
                      <a className="cal-day__inner" href={calendarHref(unitId, { ...view, selection: selectionAfterClick(selection, date) })} aria-current={date === today ? "date" : undefined}>
                        {content}
                      </a>
                    )}
                    {covering.map((b) =>
                      b.start === i ? (
                        <Link
                          key={b.event.id}
                          className={`cal-bar cal-bar--${b.event.kind === "pause" ? "pause" : b.event.source}${b.first ? " cal-bar--first" : ""}${b.last ? " cal-bar--last" : ""}`}
                          style={{ "--span": b.span, "--lane": b.lane } as React.CSSProperties}
                          to={eventHref(unitId, b.event, view)}
                          aria-label={`${named(b.event)}, ${t("calendar:range.nights", { from: format.date(b.event.dateFrom), to: format.date(b.event.dateTo) })}`}
                          preventScrollReset
                        >
                          {label(b.event)}
                        </Link>
                      ) : null,
                    )}
                  </td>
                );
              })}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
