import type { Route } from "./+types/overview";
import { hostApi } from "@contract/index";
import { addDays } from "@domain/days";
import { upcomingEvents } from "@domain/calendar-month";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { useFollowLink } from "~/lib/follow-link";
import { eventHref, MARKED_PANEL, panelHref } from "~/components/calendar/calendar-links";
import { useEventLabel, useEventSource } from "~/components/calendar/month-grid";
import { Panel, useCalendar, useRangeText } from "~/components/calendar/panel";
import { authContext } from "~/lib/auth.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { calendarPage, gridEvent } from "~/routes/calendar/calendar-data.server";

/** This panel has no form: the page is sent without the form error texts (decision 031). */
export const handle: TranslationsHandle = { formErrors: false };

/** The upcoming window (§2, §9): 30 days. */
const UPCOMING_DAYS = 30;
/** What the upcoming list shows: stays of guests (bookings, requests, inquiries, imported ones), not the host's own blocks and pauses. */
const isStay = (event: { source: string }) => event.source !== "manual";

/**
 * The calendar's default panel (§2): with days marked, their price and availability (all
 * available, all blocked or mixed, §3 "Selected days"); with none, the bookings of the next 30 days,
 * from the events the page's price list read (or, when the months shown are far ahead, a call of
 * their own).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await calendarPage(context, request, params.unitId);
  if (page.selection) return { upcoming: [] };
  let events = page.events;
  if (!page.upcomingRead) {
    const { call } = context.get(authContext);
    events = (await call(hostApi.calendar.unavailabilities, { params: { unitId: params.unitId }, query: { dateFrom: page.today, dateTo: addDays(page.today, UPCOMING_DAYS) } })).items;
  }
  return { upcoming: upcomingEvents(events.filter(isStay), page.today, UPCOMING_DAYS).map(gridEvent) };
}

function Marked() {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const rangeText = useRangeText();
  const { unitId, view, marked, selection, currency } = useCalendar();
  const follow = useFollowLink();
  if (!marked || !selection) return null;
  const price =
    marked.priceFrom === null ? null : marked.priceFrom === marked.priceTo ? format.money(marked.priceFrom, currency) : t("calendar:overview.priceRange", { from: format.money(marked.priceFrom, currency), to: format.money(marked.priceTo!, currency) });
  return (
    <Panel id={MARKED_PANEL} title={t("calendar:range.title")}>
      <p>
        <strong>{rangeText(marked)}</strong>
      </p>
      {selection.to ? null : <p className="muted">{t("calendar:range.chooseEnd")}</p>}
      <p>{marked.state ? t(`calendar:range.state.${marked.state}`) : t("calendar:range.state.unknown")}</p>
      <dl className="cal-facts">
        <div>
          <dt>{t("calendar:overview.days")}</dt>
          <dd>{marked.days}</dd>
        </div>
        <div>
          <dt>{t("calendar:overview.price")}</dt>
          <dd>{price ?? "–"}</dd>
        </div>
      </dl>
      <ul className="cal-actions">
        <li>
          <a href={panelHref(unitId, "price", view)} onClick={follow} data-discover="true">
            {t("calendar:overview.editPrice")}
          </a>
        </li>
        <li>
          <a href={panelHref(unitId, "availability", view)} onClick={follow} data-discover="true">
            {t("calendar:overview.editAvailability")}
          </a>
        </li>
      </ul>
    </Panel>
  );
}

export default function Overview({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const label = useEventLabel();
  const source = useEventSource();
  const { unitId, view, selection } = useCalendar();
  const follow = useFollowLink();
  if (selection) return <Marked />;
  return (
    <Panel id="calendar-upcoming" title={t("calendar:panel.upcoming")}>
      {loaderData.upcoming.length ? (
        <ul className="cal-list">
          {loaderData.upcoming.map((e) => (
            <li key={e.id}>
              <a href={eventHref(unitId, e, view)} onClick={follow} data-discover="true">
                {label(e)}
              </a>
              <span className="muted">
                {e.guest ? `${source(e)} · ` : ""}
                {t("calendar:range.nights", { from: format.date(e.dateFrom), to: format.date(e.dateTo) })}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon={icons.calendar}>{t("calendar:overview.noUpcoming")}</EmptyState>
      )}
    </Panel>
  );
}
