import { data, href, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/detail";
import { hostApi } from "@contract/index";
import { INQUIRY_REJECT_REASONS } from "@domain/booking";
import { serviceLabels } from "~/components/bookings/labels.server";
import { AnswerRefusal, ConfirmForm, ReasonForm } from "~/components/bookings/reason-form";
import { confirmRefusal, reasonSchema, withExplanation } from "~/components/bookings/reasons.server";
import { MoneyCard, StaySummaryCard } from "~/components/bookings/stay-cards";
import { InquiryStatus } from "~/components/bookings/status";
import { authContext } from "~/lib/auth.server";
import { parseWithZod } from "~/lib/conform.server";
import { redirectWithFlash } from "~/lib/flash.server";
import { useFormat } from "~/lib/format";
import { replyWithApiError } from "~/lib/forms.server";
import { HostApiError, orNotFound } from "~/lib/host-api.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import type { ShellHandle } from "~/routes/shell";
import { requireInquiries } from "~/routes/bookings/guards.server";
import { MessageGuestButton } from "~/components/messages/message-button";
import { GuestMatch } from "~/components/guest-match";
import stylesheet from "~/components/bookings/bookings.css?url";

/** §2: the header's back button of an inquiry leads to the inquiries. */
export const handle: TranslationsHandle & ShellHandle = { i18n: ["bookings", "guestProfile"], back: { to: href("/inquiries"), labelKey: "bookings:back.inquiries" } };

export const middleware: Route.MiddlewareFunction[] = [requireInquiries];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

/** An answer refused as stale (409) reloads the inquiry as it is now, with JavaScript too (4xx answers skip the reload otherwise). */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The nights of the inquiry others take already, shown before the host confirms. */
const OVERLAPS_SHOWN = 10;

const OPEN = new Set(["REQUESTED", "ACTION_NEEDED"]);

/** An inquiry (§3): the guest's question about a stay, what takes its nights already, and confirm or reject with a reason and a message (§8). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const [inquiry, overlaps] = await Promise.all([
    orNotFound(call(hostApi.inquiries.get, { params: { id: params.inquiryId } })),
    orNotFound(call(hostApi.inquiries.overlappingUnavailabilities, { params: { id: params.inquiryId }, query: { page: 1, limit: OVERLAPS_SHOWN } })),
  ]);
  return { title: serverT(context)("bookings:detail.inquiryTitle", { name: inquiry.customer.fullName }), inquiry, overlaps: overlaps.items, moreOverlaps: overlaps.pagination.total - overlaps.items.length, services: serviceLabels(context, inquiry.priceBreakdown) };
}

const rejectSchema = reasonSchema(INQUIRY_REJECT_REASONS);

export async function action({ params, request, context }: Route.ActionArgs) {
  const formData = await request.formData();
  const { call } = context.get(authContext);
  if (formData.get("intent") === "confirm") {
    try {
      await call(hostApi.inquiries.confirm, { params: { id: params.inquiryId } });
    } catch (error) {
      const refusal = confirmRefusal(error, "refusal.notOpen");
      if (refusal) return data({ intent: "confirm", result: null, refusal }, { status: 409 });
      throw error;
    }
    return redirectWithFlash(context, href("/inquiries/:inquiryId", { inquiryId: params.inquiryId }), { kind: "success", key: "bookings:flash.inquiryConfirmed" });
  }
  const submission = parseWithZod(formData, { schema: rejectSchema });
  if (submission.status !== "success") return data({ intent: "reject", result: submission.reply(), refusal: null }, { status: 400 });
  const { reason, explanation, message } = submission.value;
  try {
    // §5: for inquiries the explanation goes only with OTHER.
    await call(hostApi.inquiries.reject, { params: { id: params.inquiryId }, body: { reason, ...(reason === "OTHER" ? withExplanation({ explanation }) : {}), ...(message ? { message } : {}) } });
  } catch (error) {
    if (error instanceof HostApiError && error.status === 409) return data({ intent: "reject", result: submission.reply(), refusal: "refusal.notOpen" }, { status: 409 });
    const { result, status } = replyWithApiError(submission, error, { fields: ["reason", "explanation", "message"] });
    return data({ intent: "reject", result, refusal: null }, { status });
  }
  return redirectWithFlash(context, href("/inquiries"), { kind: "success", key: "bookings:flash.inquiryRejected" });
}

export default function InquiryDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { inquiry, overlaps, moreOverlaps, services } = loaderData;
  const open = OPEN.has(inquiry.status);
  return (
    <div className="page stack">
      <div className="page-heading">
        <h1>{t("bookings:detail.inquiryTitle", { name: inquiry.customer.fullName })}</h1>
        <InquiryStatus status={inquiry.status} />
        <MessageGuestButton type="bookingInquiry" stayId={inquiry.publicId} />
      </div>
      <AnswerRefusal answer={actionData} />
      <section className="card stack" aria-labelledby="overlaps-title">
        <h2 id="overlaps-title">{t("bookings:inquiry.overlapsTitle")}</h2>
        {overlaps.length ? (
          <ul className="plain-list">
            {overlaps.map((event) => (
              <li key={event.id}>
                {t("bookings:dates", { from: format.date(event.dateFrom, "long"), to: format.date(event.dateTo, "long") })} · {t(`bookings:inquiry.source.${event.kind}`)}
              </li>
            ))}
            {moreOverlaps > 0 ? <li className="muted">{t("bookings:inquiry.moreOverlaps", { count: moreOverlaps })}</li> : null}
          </ul>
        ) : (
          <p>{t("bookings:inquiry.noOverlaps")}</p>
        )}
      </section>
      {open ? (
        <section className="card stack" aria-labelledby="inquiry-answer-title">
          <h2 id="inquiry-answer-title">{t("bookings:inquiry.answerTitle")}</h2>
          <p className="muted">{t("bookings:inquiry.confirmHint")}</p>
          <ConfirmForm label={t("bookings:inquiry.confirm")} />
        </section>
      ) : null}
      <GuestMatch idealGuest={inquiry.idealGuest} stay={{ ...inquiry, language: inquiry.customer.language }} kind="inquiry" />
      <div className="detail-layout">
        <StaySummaryCard stay={inquiry}>
          {inquiry.rejection ? (
            <>
              <dt>{t("bookings:detail.rejection")}</dt>
              <dd>
                {t(`bookings:reasons.inquiry.${inquiry.rejection.reason}`)}
                {inquiry.rejection.explanation ? ` · ${inquiry.rejection.explanation}` : ""}
              </dd>
            </>
          ) : null}
        </StaySummaryCard>
        <MoneyCard price={inquiry.priceBreakdown} services={services} />
      </div>
      {open ? (
        <ReasonForm
          id="reject-inquiry"
          intent="reject"
          title={t("bookings:inquiry.rejectTitle")}
          reasons={INQUIRY_REJECT_REASONS}
          reasonLabel={(reason) => t(`bookings:reasons.inquiry.${reason}`)}
          withMessage
          submitLabel={t("bookings:inquiry.reject")}
          answer={actionData}
        />
      ) : null}
    </div>
  );
}
