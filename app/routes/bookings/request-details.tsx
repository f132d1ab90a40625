import { data, href, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/request-details";
import { hostApi } from "@contract/index";
import { REQUEST_REJECT_REASONS, REQUEST_REJECT_SUB_REASONS } from "@domain/booking";
import { receivesPayouts } from "@domain/user-flags";
import { ExpiryCountdown } from "~/components/bookings/countdown";
import { serviceLabels } from "~/components/bookings/labels.server";
import { AnswerRefusal, ConfirmForm, ReasonForm } from "~/components/bookings/reason-form";
import { confirmRefusal, reasonSchema, withExplanation } from "~/components/bookings/reasons.server";
import { MoneyCard, StaySummaryCard } from "~/components/bookings/stay-cards";
import { RequestStatus } from "~/components/bookings/status";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError, orNotFound } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { useShellData } from "~/lib/use-shell-data";
import { serverT } from "~/lib/i18n.server";
import type { ShellHandle } from "~/routes/shell";
import { requireBookings } from "./guards.server";
import { MessageGuestButton } from "~/components/messages/message-button";
import { GuestMatch } from "~/components/guest-match";
import stylesheet from "~/components/bookings/bookings.css?url";

/** §2: the header's back button of a request leads to the requests. */
export const handle: TranslationsHandle & ShellHandle = { i18n: ["bookings", "guestProfile"], back: { to: href("/bookings/:tab", { tab: "requests" }), labelKey: "bookings:back.requests" } };

export const middleware: Route.MiddlewareFunction[] = [requireBookings];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** An answer refused as stale (409) reloads the request as it is now, with JavaScript too (4xx answers skip the reload otherwise). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** A booking request (§3): the stay and its price, the time left to answer, and confirm or reject with a reason (§5, §8). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const request = await orNotFound(call(hostApi.bookingRequests.get, { params: { id: params.id } }));
  return { title: serverT(context)("bookings:detail.requestTitle", { name: request.customer.fullName }), request, services: serviceLabels(context, request.priceBreakdown) };
}

const rejectSchema = reasonSchema(REQUEST_REJECT_REASONS, REQUEST_REJECT_SUB_REASONS);

export async function action({ params, request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { call } = context.get(authContext);
  if (formData.get("intent") === "confirm") {
    try {
      await call(hostApi.bookingRequests.confirm, { params: { id: params.id } });
    } catch (error) {
      // A night taken meanwhile, or answered or expired meanwhile: the request stays as it is and the page says why.
      const refusal = confirmRefusal(error, "refusal.notPending");
      if (refusal) return data({ intent: "confirm", result: null, refusal }, { status: 409 });
      throw error;
    }
    return redirect(href("/booking-request-confirmation/:id", { id: params.id }));
  }
  const submission = parseWithZod(formData, { schema: rejectSchema });
  if (submission.status !== "success") return data({ intent: "reject", result: submission.reply(), refusal: null }, { status: 400 });
  const { reason, subReason, explanation } = submission.value;
  try {
    await call(hostApi.bookingRequests.reject, { params: { id: params.id }, body: withExplanation({ reason, ...(subReason ? { subReason } : {}), explanation }) });
  } catch (error) {
    if (error instanceof HostApiError && error.status === 409) return data({ intent: "reject", result: submission.reply(), refusal: "refusal.notPending" }, { status: 409 });
    const { result, status } = replyWithApiError(submission, error, { fields: ["reason", "subReason", "explanation"] });
    return data({ intent: "reject", result, refusal: null }, { status });
  }
  return redirectWithFlash(context, href("/bookings/:tab", { tab: "requests" }), { kind: "success", key: "bookings:flash.rejected" });
}

export default function RequestDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { request, services } = loaderData;
  const payouts = receivesPayouts(useShellData().user);
  return (
    <div className="page stack">
      <div className="page-heading">
        <h1>{t("bookings:detail.requestTitle", { name: request.customer.fullName })}</h1>
        <RequestStatus status={request.status} />
        <MessageGuestButton type="bookingRequest" stayId={request.publicId} />
      </div>
      <AnswerRefusal answer={actionData} />
      {request.pending ? (
        <section className="card stack request-answer" aria-labelledby="answer-title">
          <h2 id="answer-title">{t("bookings:request.answerTitle")}</h2>
          <ExpiryCountdown expiresAt={request.expirationTime} />
          <ConfirmForm label={t("bookings:request.confirm")} />
        </section>
      ) : request.bookingId ? (
        <p className="banner banner--success">
          {t("bookings:request.confirmedAs")} <Link to={href("/booking-details/:id", { id: request.bookingId })}>{t("bookings:request.openBooking")}</Link>
        </p>
      ) : null}
      <GuestMatch idealGuest={request.idealGuest} stay={{ ...request, language: request.customer.language }} kind="request" />
      <div className="detail-layout">
        <StaySummaryCard stay={request}>
          {request.rejection ? (
            <>
              <dt>{t("bookings:detail.rejection")}</dt>
              <dd>
                {t(`bookings:reasons.request.${request.rejection.reason}`)}
                {request.rejection.subReason ? ` · ${t(`bookings:subReasons.request.${request.rejection.subReason}`, { defaultValue: request.rejection.subReason })}` : ""}
                {request.rejection.explanation ? ` · ${request.rejection.explanation}` : ""}
              </dd>
            </>
          ) : null}
        </StaySummaryCard>
        <MoneyCard price={request.priceBreakdown} services={services} money={request} payouts={payouts} ended={request.status === "REJECTED" || request.status === "EXPIRED" ? request.status : null} />
      </div>
      {request.pending ? (
        <ReasonForm
          id="reject-request"
          intent="reject"
          title={t("bookings:reject.title")}
          intro={t("bookings:reject.intro")}
          reasons={REQUEST_REJECT_REASONS}
          reasonLabel={(reason) => t(`bookings:reasons.request.${reason}`)}
          subReasons={REQUEST_REJECT_SUB_REASONS}
          subReasonLabel={(subReason) => t(`bookings:subReasons.request.${subReason}`)}
          submitLabel={t("bookings:reject.submit")}
          answer={actionData}
        />
      ) : null}
    </div>
  );
}
