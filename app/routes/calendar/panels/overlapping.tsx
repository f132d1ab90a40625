import type { Route } from "./+types/overlapping";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { useEventLabel } from "~/components/calendar/month-grid";
import { Panel } from "~/components/calendar/panel";
import { useTranslation } from "~/lib/i18n";
import { calendarPage } from "~/routes/calendar/calendar-data.server";

/**
 * Overlapping events (§2 "overlapping event"): an event of several (`multi`, §3) lists the events it
 * stands for, each with its source and nights. Taken nights never overlap; requests and inquiries
 * (the bookings issue) and imported calendars (the iCal issue) bring events that do.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await calendarPage(context, request, params.unitId);
  const event = page.events.find((e) => e.id === params.eventId);
  if (!event) throw new Response(null, { status: 404 });
  return { event };
}

export default function OverlappingPanel({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const label = useEventLabel();
  const { event } = loaderData;
  const children = event.children.length ? event.children : [event];
  return (
    <Panel id="calendar-overlapping" title={t("calendar:panel.overlapping")}>
      <ul className="cal-list">
        {children.map((child) => (
          <li key={child.id}>
            <strong>{label(child)}</strong>
            <span className="muted">{t("calendar:range.nights", { from: format.date(child.dateFrom), to: format.date(child.dateTo) })}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}
