import { Form, href, Link } from "react-router";
import type { Route } from "./+types/event";
import { addDays, daysBetween } from "@domain/days";
import { FormErrors, useFormAnswerErrors } from "~/components/ui/form-errors";
import { calendarFormat } from "~/components/calendar/calendar-format";
import { useEventSource } from "~/components/calendar/month-grid";
import { IntentButton, MarkedFields, Panel } from "~/components/calendar/panel";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { calendarPage } from "~/routes/calendar/calendar-data.server";
import { MessageGuestButton } from "~/components/messages/message-button";
import { rangeAction } from "~/routes/calendar/panel-actions.server";

export const handle: TranslationsHandle = { i18n: ["calendarPanels"] };

/**
 * An event's details (§2 "event"): what takes the nights (its source), from its first night to the
 * morning after its last, and what the host can do: free a block of their own, resume a pause. The
 * event's bar opens it with its days marked, so the page's price list has read it; one it has not
 * read is this panel's 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const page = await calendarPage(context, request, params.unitId);
  const event = page.events.find((e) => e.id === params.eventId);
  if (!event) throw new Response(null, { status: 404 });
  return { event };
}

export function action(args: Route.ActionArgs) {
  return rangeAction(args, null);
}

export default function EventPanel({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const format = calendarFormat(i18n.language);
  const source = useEventSource();
  const { event } = loaderData;
  const stay = event.booking ?? event.bookingRequest ?? event.inquiry;
  const { errors, onInput } = useFormAnswerErrors(actionData?.result);
  const nights = daysBetween(event.dateFrom, event.dateTo);
  return (
    <Panel id="calendar-event" title={stay ? `${stay.customer.firstName} ${stay.customer.lastName}` : source(event)}>
      <dl className="cal-facts">
        <div>
          <dt>{t("calendarPanels:event.from")}</dt>
          <dd>{format.date(event.dateFrom)}</dd>
        </div>
        <div>
          <dt>{t("calendarPanels:event.to")}</dt>
          <dd>{format.date(event.dateTo)}</dd>
        </div>
        <div>
          <dt>{t("calendarPanels:event.nights")}</dt>
          <dd>{nights}</dd>
        </div>
        <div>
          <dt>{t("calendarPanels:event.source")}</dt>
          <dd>{source(event)}</dd>
        </div>
        {stay ? (
          <>
            <div>
              <dt>{t("calendarPanels:event.code")}</dt>
              <dd>{stay.code}</dd>
            </div>
            <div>
              <dt>{t("calendarPanels:event.guests")}</dt>
              <dd>{stay.guests}</dd>
            </div>
            <div>
              <dt>{t("calendarPanels:event.total")}</dt>
              <dd>{format.money(stay.totalAmount, stay.currency)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {event.kind === "manual" || event.kind === "pause" ? (
        <Form method="post" className="stack" onInput={onInput}>
          <MarkedFields from={event.dateFrom} to={addDays(event.dateTo, -1)} />
          <FormErrors id="calendar-event-errors" errors={errors} />
          {event.kind === "manual" ? <IntentButton intent="unblock">{t("calendarPanels:event.unblock")}</IntentButton> : <IntentButton intent="resume">{t("calendarPanels:availability.resume")}</IntentButton>}
        </Form>
      ) : (
        <>
          {event.booking ? <Link to={href("/booking-details/:id", { id: event.booking.publicId })}>{t("calendarPanels:event.openBooking")}</Link> : null}
          {event.bookingRequest ? <Link to={href("/booking-request-details/:id", { id: event.bookingRequest.publicId })}>{t("calendarPanels:event.openRequest")}</Link> : null}
          {event.inquiry ? <Link to={href("/inquiries/:inquiryId", { inquiryId: event.inquiry.publicId })}>{t("calendarPanels:event.openInquiry")}</Link> : null}
          {stay ? <MessageGuestButton type={event.booking ? "booking" : event.bookingRequest ? "bookingRequest" : "bookingInquiry"} stayId={stay.publicId} size="small" /> : null}
        </>
      )}
    </Panel>
  );
}
