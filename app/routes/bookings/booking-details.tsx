import { data, Form, href, Link, useNavigation, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/booking-details";
import { hostApi } from "@contract/index";
import { CANCEL_REASONS, CANCEL_SUB_REASONS, isCancellationReasonCode } from "@domain/booking";
import { keptOnCancellation, type Dac7Instalment, type KeptOnCancellation } from "@domain/dac7";
import { todayUtc } from "@domain/dates";
import { receivesPayouts } from "@domain/user-flags";
import { Button } from "~/components/ui/button";
import { serviceLabels } from "~/components/bookings/labels.server";
import { AnswerRefusal, ReasonForm } from "~/components/bookings/reason-form";
import { reasonSchema, withExplanation } from "~/components/bookings/reasons.server";
import { MoneyCard, StaySummaryCard } from "~/components/bookings/stay-cards";
import { BookingStatus } from "~/components/bookings/status";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError, orNotFound } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { useShellData } from "~/lib/use-shell-data";
import { serverT } from "~/lib/i18n.server";
import type { ShellHandle } from "~/routes/shell";
import { requireBookings } from "./guards.server";
import { MessageGuestButton } from "~/components/messages/message-button";
import stylesheet from "~/components/bookings/bookings.css?url";

/** §2: the header's back button of a booking leads to all bookings. */
export const handle: TranslationsHandle & ShellHandle = { i18n: ["bookings"], back: { to: href("/bookings/:tab", { tab: "all" }), labelKey: "bookings:back.all" } };

export const middleware: Route.MiddlewareFunction[] = [requireBookings];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** A cancellation refused as no longer possible (409) reloads the booking as it is now, with JavaScript too (4xx answers skip the reload otherwise). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/**
 * A booking (§3): guest, unit, stay, price breakdown, payment plan, payout and status; a confirmed
 * one can be cancelled with a reason, after a step that says what cancelling it today means.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const booking = await orNotFound(call(hostApi.bookings.get, { params: { bookingId: params.id } }));
  // What the booking would still pay if cancelled today: the rule the API answers once it is (decision 027).
  const ifCancelledToday = booking.status === "CONFIRMED" ? keptOnCancellation({ total: booking.totalAmount, commission: booking.commission.amount, instalments: booking.instalments as Dac7Instalment[], bookedOn: todayUtc(new Date(booking.bookedAt)), cancelledOn: todayUtc() }) : null;
  return { title: serverT(context)("bookings:detail.bookingTitle", { name: booking.customer.fullName }), booking, services: serviceLabels(context, booking.priceBreakdown), ifCancelledToday };
}

const cancelSchema = reasonSchema(CANCEL_REASONS, CANCEL_SUB_REASONS);

/**
 * Cancelling takes two posts (as deleting properties does): the reason form (`cancel`) answers what
 * cancelling means, with the reason chosen; only its confirmation (`confirmCancel`) cancels.
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: cancelSchema });
  if (submission.status !== "success") return data({ intent: "cancel", result: submission.reply(), refusal: null, confirm: null }, { status: 400 });
  const { reason, subReason, explanation } = submission.value;
  if (submission.value.intent !== "confirmCancel") return { intent: "cancel", result: submission.reply(), refusal: null, confirm: { reason, subReason: subReason ?? null, explanation: explanation ?? "" } };
  const { call } = context.get(authContext);
  try {
    await call(hostApi.bookings.cancel, { params: { bookingId: params.id }, body: withExplanation({ reason, ...(subReason ? { subReason } : {}), explanation }) });
  } catch (error) {
    // Cancelled or ended meanwhile: the page shows the booking as it is now.
    if (error instanceof HostApiError && error.status === 409) return data({ intent: "cancel", result: submission.reply(), refusal: "refusal.notCancellable", confirm: null }, { status: 409 });
    const { result, status } = replyWithApiError(submission, error, { fields: ["reason", "subReason", "explanation"] });
    return data({ intent: "cancel", result, refusal: null, confirm: null }, { status });
  }
  return redirectWithFlash(context, href("/booking-details/:id", { id: params.id }), { kind: "success", key: "bookings:flash.cancelled" });
}

/**
 * The cancellation's second step: what it means for the guest, the host's money and the nights,
 * the reason chosen, and the button that cancels (the reason sent again) or the way back.
 */
function CancelConfirmation({ booking, kept, chosen, payouts }: { booking: Route.ComponentProps["loaderData"]["booking"]; kept: KeptOnCancellation; chosen: { reason: string; subReason: string | null; explanation: string }; payouts: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const amount = (value: number) => format.money(value, booking.currency);
  const cancelling = navigation.state === "submitting" && navigation.formData?.get("intent") === "confirmCancel";
  // A stay paid in full (booked within a month of arrival) has no instalment left to spare, and cancelling takes nothing off the payout.
  const paidInFull = kept.gross >= booking.totalAmount;
  return (
    <Form method="post" className="banner banner--warning stack" aria-labelledby="cancel-confirm-title">
      <h2 id="cancel-confirm-title">{t("bookings:cancel.confirmTitle")}</h2>
      <ul>
        <li>{t(paidInFull ? "bookings:cancel.confirmGuestPaidInFull" : "bookings:cancel.confirmGuest", { paid: amount(kept.gross) })}</li>
        {/* A host on a subscription is paid by the guest: what they keep is what the guest paid, with no commission and no payout. */}
        {payouts ? (
          <li>{paidInFull ? t("bookings:cancel.confirmKeepAll", { payout: amount(kept.payout) }) : t("bookings:cancel.confirmKeep", { payout: amount(kept.payout), sold: amount(booking.payout) })}</li>
        ) : (
          <li>{paidInFull ? t("bookings:cancel.confirmKeepAllDirect", { paid: amount(kept.gross) }) : t("bookings:cancel.confirmKeepDirect", { paid: amount(kept.gross), total: amount(booking.totalAmount) })}</li>
        )}
        <li>{t("bookings:cancel.confirmNights", { dates: t("bookings:dates", { from: format.date(booking.checkIn, "long"), to: format.date(booking.checkOut, "long") }) })}</li>
      </ul>
      <p>
        {t("bookings:cancel.confirmReason", { reason: [t(`bookings:reasons.cancel.${chosen.reason}`), chosen.subReason ? t(`bookings:subReasons.cancel.${chosen.subReason}`) : null, chosen.explanation || null].filter(Boolean).join(" · ") })}
      </p>
      <input type="hidden" name="reason" value={chosen.reason} />
      {chosen.subReason ? <input type="hidden" name="subReason" value={chosen.subReason} /> : null}
      <input type="hidden" name="explanation" value={chosen.explanation} />
      <div className="button-row">
        <Button variant="danger" name="intent" value="confirmCancel" pending={cancelling}>
          {t("bookings:cancel.confirmSubmit")}
        </Button>
        <Link to={href("/booking-details/:id", { id: booking.publicId })} className="button">
          {t("bookings:cancel.keep")}
        </Link>
      </div>
    </Form>
  );
}

export default function BookingDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { booking, services, ifCancelledToday } = loaderData;
  const payouts = receivesPayouts(useShellData().user);
  return (
    <div className="page stack">
      <div className="page-heading">
        <h1>{t("bookings:detail.bookingTitle", { name: booking.customer.fullName })}</h1>
        <BookingStatus status={booking.status} cancelledBy={booking.cancelledBy} />
        <MessageGuestButton type="booking" stayId={booking.publicId} />
      </div>
      <AnswerRefusal answer={actionData} />
      <div className="detail-layout">
        <StaySummaryCard stay={booking}>
          <dt>{t("bookings:detail.status")}</dt>
          <dd>
            <BookingStatus status={booking.status} cancelledBy={booking.cancelledBy} />
            {booking.cancellation ? (
              <p className="muted">
                {t("bookings:detail.cancelledOn", { date: format.dateTime(booking.cancellation.cancelledAt) })}
                {booking.cancellation.reason ? ` · ${isCancellationReasonCode(booking.cancellation.reason) ? t(`bookings:reasons.cancel.${booking.cancellation.reason}`) : booking.cancellation.reason}` : ""}
                {booking.cancellation.subReason ? ` · ${t(`bookings:subReasons.cancel.${booking.cancellation.subReason}`, { defaultValue: booking.cancellation.subReason })}` : ""}
                {booking.cancellation.explanation ? ` · ${booking.cancellation.explanation}` : ""}
              </p>
            ) : null}
          </dd>
        </StaySummaryCard>
        <MoneyCard price={booking.priceBreakdown} services={services} money={booking} payouts={payouts} />
      </div>
      {booking.status === "CONFIRMED" && actionData?.confirm && ifCancelledToday ? (
        <CancelConfirmation booking={booking} kept={ifCancelledToday} chosen={actionData.confirm} payouts={payouts} />
      ) : booking.status === "CONFIRMED" ? (
        <ReasonForm
          id="cancel-booking"
          intent="cancel"
          title={t("bookings:cancel.title")}
          intro={t("bookings:cancel.intro")}
          reasons={CANCEL_REASONS}
          reasonLabel={(reason) => t(`bookings:reasons.cancel.${reason}`)}
          subReasons={CANCEL_SUB_REASONS}
          subReasonLabel={(subReason) => t(`bookings:subReasons.cancel.${subReason}`)}
          submitLabel={t("bookings:cancel.submit")}
          answer={actionData}
        />
      ) : null}
    </div>
  );
}
