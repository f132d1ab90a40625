import { Form, Outlet, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/unit";
import type { IsoDate } from "@domain/dates";
import { Button, buttonClass } from "~/components/ui/button";
import { TextInput } from "~/components/ui/text-input";
import { FormErrors } from "~/components/ui/form-errors";
import { packDays, unpackDays } from "@domain/calendar-month";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { calendarHref, panelHref, type CalendarView } from "~/components/calendar/calendar-links";
import { AheadLimit } from "~/components/calendar/ahead-limit";
import { CalendarMonths } from "~/components/calendar/calendar-months";
import { useFollowLink } from "~/lib/follow-link";
import type { CalendarOutlet } from "~/components/calendar/use-calendar";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import calendarStyles from "~/components/calendar/calendar.css?url";
import { calendarPage, gridEvent } from "./calendar-data.server";
import { CALENDAR_PANELS } from "./panel-files";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: calendarStyles }];

export const handle: TranslationsHandle = { i18n: ["calendar"] };

/** A price edit refused as stale (409) reloads the days and their version, with JavaScript too (4xx answers skip the reload otherwise). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * A unit's calendar (§2 Calendar): two months (or the year) as grids of days with price, state and
 * the events as bars, the days a host marks (links, the range form, or with JavaScript drag and the
 * keyboard), and the sidebar: the open panel (a nested route, `panel-files.ts`) and the menu of the
 * others. One price-list call reads every day shown, shared with the panel's loader.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await calendarPage(context, request, params.unitId);
  // The grid's events: those with a night in the months shown.
  const first = page.days[0]?.date ?? page.today;
  const last = page.days.at(-1)?.date ?? page.today;
  const events = page.events.filter((e) => e.dateFrom <= last && e.dateTo > first).map(gridEvent);
  const { title, unitId, today, window, year, selection, reversed, marked, currency, version, calendarPaused } = page;
  const units = page.units.map((u) => ({ id: u.id, title: u.title, propertyTitle: u.propertyTitle }));
  return { title, unitId, today, window, year, selection, reversed, marked, currency, version, calendarPaused, days: packDays(page.days), events, units };
}

type LoaderData = Route.ComponentProps["loaderData"];

/**
 * The sheet of the open panel on phones (§2): its entry's height, 305 px for the default one. The
 * default panel's sheet peeks (its heading alone, `data-peek` in calendar.css), with days marked or
 * none, so that the months (and the marked days and the footer's Edit) stay in view; it opens while
 * the focus is in it (a tap on it, the keyboard, or the footer's Edit, which leads to it).
 */
function useSheet() {
  const matches = useMatches();
  const open = matches.at(-1)?.id ?? "";
  const panel = CALENDAR_PANELS.find((p) => open === `calendar-panel/${p.path}`);
  return { height: panel?.sheet ?? 305, peek: panel === undefined };
}

function Sidebar({ data, view }: { data: LoaderData; view: CalendarView }) {
  const { t } = useTranslation();
  const { unitId, marked, selection, reversed } = data;
  // The range form shows the days as typed, also when they were refused for their order.
  const typed = reversed ?? { from: selection?.from ?? "", to: selection?.to ?? "" };
  // The panels' links and forms keep the months shown and the marked days.
  view = { ...view, selection };
  const outlet: CalendarOutlet = { ...data, view };
  const menu = CALENDAR_PANELS.filter((p) => p.menu === "unit" || (p.menu === "selection" && marked));
  const follow = useFollowLink();
  const sheet = useSheet();
  return (
    // Focusable (not in the tab order), so that a tap anywhere on a peeking sheet opens it (`:focus-within` in calendar.css).
    <aside className="cal-sidebar" aria-labelledby="calendar-sidebar" data-sheet={sheet.height} data-peek={sheet.peek ? "" : undefined} tabIndex={-1}>
      <h2 id="calendar-sidebar" className="visually-hidden">
        {t("calendar:sidebar")}
      </h2>
      <div className="cal-sidebar__body stack">
        <Outlet context={outlet} />
        <nav className="cal-panels" aria-label={t("calendar:panels")}>
          <ul>
            <li>
              <a href={calendarHref(unitId, view)} onClick={follow} data-discover="true">
                {marked ? t("calendar:panel.priceAndAvailability") : t("calendar:panel.upcoming")}
              </a>
            </li>
            {menu.map((p) => (
              <li key={p.path}>
                <a href={panelHref(unitId, p.path, view)} onClick={follow} data-discover="true">
                  {t(p.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <Form method="get" className="card stack" aria-labelledby="calendar-range-form">
          <h3 id="calendar-range-form">{marked ? t("calendar:range.change") : t("calendar:range.choose")}</h3>
          {view.year ? <input type="hidden" name="view" value="year" /> : <input type="hidden" name="month" value={view.month ?? ""} />}
          <FormErrors id="calendar-range-errors" errors={reversed ? [t("calendar:range.reversed")] : undefined} />
          <div className="form-columns">
            <TextInput name="from" type="date" label={t("calendar:range.from")} defaultValue={typed.from} key={`from-${typed.from}`} />
            <TextInput name="to" type="date" label={t("calendar:range.to")} defaultValue={typed.to} key={`to-${typed.to}`} />
          </div>
          <Button>{t("calendar:range.show")}</Button>
        </Form>
      </div>
    </aside>
  );
}

export default function UnitCalendar({ loaderData, params }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const { window, year, selection, days, units, currency, today, calendarPaused, events, marked } = loaderData;
  const firstMonth = window.months[0]!;
  const view: CalendarView = year ? { year: true } : { month: firstMonth };
  const byDate = new Map(unpackDays(days).map((d) => [d.date as IsoDate, d]));
  const follow = useFollowLink();
  const page = useFollowLink({ preventScrollReset: true });
  return (
    <div className="page stack cal-page">
      <h1>{t("calendar:title")}</h1>
      <nav aria-labelledby="calendar-units" className="cal-units">
        <h2 id="calendar-units" className="visually-hidden">
          {t("calendar:units")}
        </h2>
        <ul>
          {units.map((u) => (
            <li key={u.id}>
              <a href={calendarHref(u.id, { month: year ? null : firstMonth, year })} onClick={follow} data-discover="true" aria-current={u.id === params.unitId ? "page" : undefined}>
                {u.title || t("calendar:untitled")}
                {u.propertyTitle ? <span className="muted"> · {u.propertyTitle}</span> : null}
              </a>
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
              <a href={calendarHref(params.unitId, { month: window.previous, selection })} onClick={page} data-discover="true">
                {t("calendar:previousMonth")}
              </a>
            ) : (
              <span />
            )}
            <a className={buttonClass({ variant: "ghost", size: "small" })} href={calendarHref(params.unitId, year ? { selection } : { year: true, selection })} onClick={page} data-discover="true">
              {year ? t("calendar:twoMonths") : t("calendar:wholeYear")}
            </a>
            {window.next ? (
              <a href={calendarHref(params.unitId, { month: window.next, selection })} onClick={page} data-discover="true">
                {t("calendar:nextMonth")}
              </a>
            ) : (
              <span />
            )}
          </nav>
          <AheadLimit reached={!year && window.next === null} />
          <p className="muted">{t("calendar:howToMark")}</p>
          <CalendarMonths
            months={window.months}
            unitId={params.unitId}
            view={view}
            byDate={byDate}
            selection={selection}
            today={today}
            currency={currency}
            events={events}
            compact={year}
            marked={marked ? { text: marked.from === marked.to ? format.date(marked.from, "medium") : t("calendar:range.days", { from: format.date(marked.from, "medium"), to: format.date(marked.to, "medium") }) } : null}
          />
        </section>
        <Sidebar data={loaderData} view={view} />
      </div>
    </div>
  );
}
