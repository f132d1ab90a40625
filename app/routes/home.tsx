import type { ReactNode } from "react";
import { Form, href, Link } from "react-router";
import type { Route } from "./+types/home";
import { hostApi } from "@contract/index";
import type { Overview } from "@contract/home";
import { statisticsHref } from "@domain/navigation";
import { openTasks, type TaskType } from "@domain/tasks";
import type { KycStatus } from "@domain/onboarding";
import { showsWelcomeTour } from "@domain/tour";
import { buttonClass } from "~/components/ui/button";
import { EmailAddress } from "~/components/ui/email-address";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { StatusPill } from "~/components/ui/status-pill";
import { WelcomeTour } from "~/components/tour/welcome-tour";
import { GuestProfileLink } from "~/components/guest-profile/guest-profile-link";
import { VerificationBanner } from "~/components/verification-banner";
import { authContext } from "~/lib/auth.server";
import { appContext } from "~/lib/context";
import { useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import { unitHref, withQuery } from "~/lib/pages";
import { useShellData } from "~/lib/use-shell-data";

/** The overview shows no form errors (its forms are buttons): the error texts are not sent (decision 024). */
export const handle: TranslationsHandle = { i18n: ["overview", "tour", "guestProfile"], formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The overview came with the shell's call (one API call for the page, decision 024). */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, shell, call } = context.get(authContext);
  const overview = shell.overview ?? (await call(hostApi.shell.get, { query: { overview: "true" } })).overview;
  if (!overview) throw new Error("The shell's call did not bring the overview");
  const now = Date.now();
  const tourSeen = shell.interactions.some((i) => i.interactionType === "welcomeTour" && i.interacted);
  const tourForced = context.get(appContext).env.WELCOME_TOUR_ALWAYS === "true";
  return {
    title: serverT(context)("overview:title"),
    greetingName: user.alias || user.firstName || user.fullName,
    // The account card's facts: the shell's data carries only what every page needs of the host.
    account: { email: user.email, type: user.type, memberSince: user.memberSince },
    overview: {
      ...overview,
      // Hours left to answer, counted on the server so that the page reads the same before and after hydration.
      requests: overview.requests.map((r) => ({ ...r, hoursLeft: Math.max(1, Math.ceil((Date.parse(r.expirationTime) - now) / 3_600_000)) })),
    },
    showTour: showsWelcomeTour(tourSeen, tourForced, user.role),
    tourForced,
  };
}

/** Where each task is done. */
const TASK_LINKS: Record<TaskType, string> = {
  welcomeTour: href("/tour"),
  describeIdealGuest: href("/guest-profile/:step", { step: "introduction" }),
  activatePromotion: href("/properties"),
  syncCalendar: href("/calendar"),
};

type Stay = Overview["checkInsToday"][number];

function stayHref(stay: Stay) {
  if (stay.kind === "request") return href("/booking-request-details/:id", { id: stay.publicId });
  if (stay.kind === "inquiry") return href("/inquiries/:inquiryId", { inquiryId: stay.publicId });
  return href("/booking-details/:id", { id: stay.publicId });
}

/** One card of the overview: a title, its content and at most one action at its end. */
function OverviewCard({ id, title, children, footer, wide }: { id: string; title: string; children: ReactNode; footer?: ReactNode; wide?: boolean }) {
  return (
    <section className={wide ? "card overview-card overview-card--wide" : "card overview-card"} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
      {footer ? <div className="overview-card__action">{footer}</div> : null}
    </section>
  );
}

/** Guests of a moment of the day (arriving today, leaving tomorrow, …), each linking to their booking. */
function StayList({ id, title, stays, empty }: { id: string; title: string; stays: Stay[]; empty: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="overview-list" aria-labelledby={`${id}-heading`} role="group">
      <h3 id={`${id}-heading`}>
        {title} <span className="overview-list__count">{format.number(stays.length)}</span>
      </h3>
      {stays.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="overview-stays">
          {stays.map((stay) => (
            <li key={`${id}-${stay.publicId}`}>
              <Link to={stayHref(stay)} className="overview-stay">
                <span className="overview-stay__guest">{stay.guestName}</span>
                <span className="overview-stay__facts facts-line">
                  <span>{stay.unitTitle}</span>
                  <span>{t("overview:stay.guests", { count: stay.guests })}</span>
                  <span>
                    {format.date(stay.checkIn)} – {format.date(stay.checkOut)}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, pendingRequests } = useShellData();
  const format = useFormat();
  const { overview } = loaderData;
  const tasks = openTasks(overview.tasks);
  const credits = overview.subscription;
  // A subscription host is paid by its guests, not through us: no payout to show (§1, §6).
  const onSubscription = user.commercialModel === "subscription";
  // Until its first listing is published a host has no listing to have issues: the card waits for one.
  const showsListingIssues = overview.listingIssues.length > 0 || user.onboardingStatus !== "in_progress";
  return (
    <div className="page stack overview">
      <header className="overview__head">
        <h1>{t("overview:greeting", { name: loaderData.greetingName })}</h1>
        <p className="muted">{t("overview:today", { date: format.date(overview.today, "long") })}</p>
      </header>
      {loaderData.showTour ? <WelcomeTour forced={loaderData.tourForced} /> : null}
      {user.isKYCApplicable ? <VerificationBanner status={user.status as KycStatus} reason={null} flowHref={href("/verification")} onVerificationRoute={false} /> : null}
      {user.onboardingStatus === "in_progress" ? (
        <section className="card" aria-labelledby="onboarding-title">
          <h2 id="onboarding-title">{t("home.onboarding.title")}</h2>
          <p>{t(`home.onboarding.description.${user.commercialModel}`)}</p>
          <Link className="button button--primary" to={href("/listing")}>
            {t("home.onboarding.button")}
          </Link>
        </section>
      ) : null}

      <div className="overview__grid">
        <OverviewCard
          id="today"
          title={t("overview:day.todayTitle")}
          wide
          footer={
            <Link className={buttonClass({ size: "small" })} to={href("/calendar")}>
              {t("overview:day.calendar")}
            </Link>
          }
        >
          <div className="overview-lists">
            <StayList id="check-ins-today" title={t("overview:day.checkIns")} stays={overview.checkInsToday} empty={t("overview:day.noCheckIns")} />
            <StayList id="check-outs-today" title={t("overview:day.checkOuts")} stays={overview.checkOutsToday} empty={t("overview:day.noCheckOuts")} />
            <StayList id="staying-now" title={t("overview:day.stayingNow")} stays={overview.stayingNow} empty={t("overview:day.nobodyStaying")} />
          </div>
        </OverviewCard>
        <OverviewCard
          id="tomorrow"
          title={t("overview:day.tomorrowTitle")}
          footer={
            // What comes after tomorrow: the stays ahead, a tab of the bookings.
            user.bookingsAvailable ? (
              <Link className={buttonClass({ size: "small" })} to={href("/bookings/:tab", { tab: "upcoming" })}>
                {t("overview:day.upcoming")}
              </Link>
            ) : undefined
          }
        >
          <div className="overview-lists">
            <StayList id="check-ins-tomorrow" title={t("overview:day.checkIns")} stays={overview.checkInsTomorrow} empty={t("overview:day.noCheckIns")} />
            <StayList id="check-outs-tomorrow" title={t("overview:day.checkOuts")} stays={overview.checkOutsTomorrow} empty={t("overview:day.noCheckOuts")} />
          </div>
        </OverviewCard>

        {user.bookingsAvailable ? (
          <OverviewCard
            id="requests"
            title={t("overview:requests.title")}
            footer={
              <Link className={buttonClass({ size: "small", variant: pendingRequests ? "primary" : "secondary" })} to={href("/bookings/:tab", { tab: "requests" })}>
                {t("overview:requests.all", { count: pendingRequests })}
              </Link>
            }
          >
            {overview.requests.length === 0 ? (
              <EmptyState icon={icons.bookings}>{t("overview:requests.empty")}</EmptyState>
            ) : (
              <ul className="overview-stays">
                {overview.requests.map((r) => (
                  <li key={r.publicId}>
                    <Link to={stayHref(r)} className="overview-stay">
                      <span className="overview-stay__guest">{r.guestName}</span>
                      <span className="overview-stay__facts facts-line">
                        <span>{r.unitTitle}</span>
                        <span>
                          {format.date(r.checkIn)} – {format.date(r.checkOut)}
                        </span>
                      </span>
                      <StatusPill tone={r.hoursLeft <= 6 ? "error" : "warning"} title={format.dateTime(r.expirationTime)}>
                        {t("overview:requests.expiresIn", { count: r.hoursLeft })}
                      </StatusPill>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </OverviewCard>
        ) : null}

        {overview.inquiries ? (
          <OverviewCard
            id="inquiries"
            title={t("overview:inquiries.title")}
            footer={
              <Link className={buttonClass({ size: "small" })} to={href("/inquiries")}>
                {t("overview:inquiries.all", { count: overview.inquiries.count })}
              </Link>
            }
          >
            {overview.inquiries.items.length === 0 ? (
              <EmptyState icon={icons.inquiries}>{t("overview:inquiries.empty")}</EmptyState>
            ) : (
              <ul className="overview-stays">
                {overview.inquiries.items.map((i) => (
                  <li key={i.publicId}>
                    <Link to={stayHref(i)} className="overview-stay">
                      <span className="overview-stay__guest">{i.guestName}</span>
                      <span className="overview-stay__facts facts-line">
                        <span>{i.unitTitle}</span>
                        <span>
                          {format.date(i.checkIn)} – {format.date(i.checkOut)}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </OverviewCard>
        ) : null}

        {overview.unreadMessages !== null ? (
          <OverviewCard
            id="messages"
            title={t("overview:messages.title")}
            footer={
              <Link className={buttonClass({ size: "small", variant: overview.unreadMessages ? "primary" : "secondary" })} to={withQuery(href("/messages/:channelStatus", { channelStatus: "all" }), overview.unreadMessages ? { unread: "1" } : {})}>
                {t("overview:messages.open")}
              </Link>
            }
          >
            {overview.unreadMessages === 0 ? (
              <EmptyState icon={icons.inbox}>{t("overview:messages.none")}</EmptyState>
            ) : (
              <p className="overview-figure">{t("overview:messages.unread", { count: overview.unreadMessages })}</p>
            )}
          </OverviewCard>
        ) : null}

        <OverviewCard id="tasks" title={t("overview:tasks.title")}>
          {tasks.length === 0 ? (
            <EmptyState icon={icons.check}>{t("overview:tasks.empty")}</EmptyState>
          ) : (
            <ul className="overview-tasks">
              {tasks.map((task) => (
                <li key={task.taskType} className="overview-task">
                  <div>
                    <p className="overview-task__title">{t(`overview:tasks.types.${task.taskType}.title`)}</p>
                    <p className="muted">{t(task.taskType === "describeIdealGuest" ? `overview:tasks.types.describeIdealGuest.text.${user.commercialModel}` : `overview:tasks.types.${task.taskType}.text`)}</p>
                  </div>
                  <div className="button-row">
                    {task.taskType === "describeIdealGuest" ? (
                      // The ideal-guest flow opens over the overview with JavaScript (§2 Guest).
                      <GuestProfileLink className={buttonClass({ size: "small", variant: "primary" })}>
                        {t(task.status === "in_progress" ? "overview:tasks.continue" : "overview:tasks.start")}
                        <span className="visually-hidden">: {t(`overview:tasks.types.${task.taskType}.title`)}</span>
                      </GuestProfileLink>
                    ) : (
                      <Link className={buttonClass({ size: "small", variant: "primary" })} to={TASK_LINKS[task.taskType]}>
                        {t(task.status === "in_progress" ? "overview:tasks.continue" : "overview:tasks.start")}
                        <span className="visually-hidden">: {t(`overview:tasks.types.${task.taskType}.title`)}</span>
                      </Link>
                    )}
                    <Form method="post" action={href("/resources/tasks")}>
                      <input type="hidden" name="intent" value="hide" />
                      <input type="hidden" name="taskType" value={task.taskType} />
                      <button type="submit" className={buttonClass({ size: "small", variant: "ghost" })}>
                        {t("overview:tasks.hide")}
                        <span className="visually-hidden">: {t(`overview:tasks.types.${task.taskType}.title`)}</span>
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </OverviewCard>

        {showsListingIssues ? (
          <OverviewCard id="listing-issues" title={t("overview:issues.title")}>
            {overview.listingIssues.length === 0 ? (
              <EmptyState icon={icons.success}>{t("overview:issues.empty")}</EmptyState>
            ) : (
              <ul className="overview-stays">
                {overview.listingIssues.map((issue) => (
                  <li key={issue.unitId}>
                    <Link
                      className="overview-stay"
                      to={
                        issue.issue === "actionNeeded" && (issue.field === "registrationNumber" || issue.field === "nationalIdentificationCode")
                          ? href("/properties/:propertyId/units/:unitId/regional/:field", { propertyId: issue.propertyId, unitId: issue.unitId, field: issue.field })
                          : unitHref(issue)
                      }
                    >
                      <span className="overview-stay__guest">{issue.title || t("overview:issues.untitled")}</span>
                      <StatusPill tone="error">{t(`overview:issues.${issue.issue}`)}</StatusPill>
                      <span className="overview-stay__facts">{issue.issue === "rejected" ? issue.rejectionReason : t(`overview:issues.fields.${issue.field ?? "registrationNumber"}`)}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </OverviewCard>
        ) : null}

        {credits ? (
          <OverviewCard id="subscription" title={t("overview:subscription.title")}>
            <dl className="facts">
              <dt>{t("overview:subscription.expires")}</dt>
              <dd>
                {format.date(credits.expirationDate)}{" "}
                {credits.expiry !== "ok" ? <StatusPill tone={credits.expiry === "expired" ? "error" : "warning"}>{t(`overview:subscription.expiry.${credits.expiry}`)}</StatusPill> : null}
              </dd>
              <dt>{t("overview:subscription.leads")}</dt>
              <dd>
                {credits.leads.total === null ? t("overview:subscription.unlimited") : t("overview:subscription.left", { remaining: credits.leads.remaining, total: credits.leads.total })}{" "}
                {credits.leads.state !== "ok" ? <StatusPill tone={credits.leads.state === "empty" ? "error" : "warning"}>{t(`overview:subscription.state.${credits.leads.state}`)}</StatusPill> : null}
              </dd>
              <dt>{t("overview:subscription.publishCredits")}</dt>
              <dd>
                {t("overview:subscription.left", { remaining: credits.unitPublish.remaining, total: credits.unitPublish.quota })}{" "}
                {credits.unitPublish.state !== "ok" ? <StatusPill tone={credits.unitPublish.state === "empty" ? "error" : "warning"}>{t(`overview:subscription.state.${credits.unitPublish.state}`)}</StatusPill> : null}
              </dd>
            </dl>
          </OverviewCard>
        ) : null}

        <OverviewCard
          id="month"
          title={t("overview:month.title", { month: format.longMonthYear(overview.month.from) })}
          footer={
            <Link className={buttonClass({ size: "small" })} to={statisticsHref(user)}>
              {t("overview:month.statistics")}
            </Link>
          }
        >
          <dl className="overview-stats">
            {!onSubscription ? (
              <div className="stat">
                <dt>{t("overview:month.earnings")}</dt>
                <dd className="overview-figure">{format.money(overview.month.earnings.amount, overview.month.earnings.currency)}</dd>
              </div>
            ) : null}
            <div className="stat">
              <dt>{t("overview:month.occupancy")}</dt>
              <dd className="overview-figure">{overview.month.occupancyPercent === null ? "–" : format.percent(overview.month.occupancyPercent)}</dd>
            </div>
            <div className="stat">
              <dt>{t("overview:month.nights")}</dt>
              <dd className="overview-figure">{format.number(overview.month.bookedNights)}</dd>
            </div>
          </dl>
        </OverviewCard>

        <OverviewCard id="account" title={t("home.account.title")}>
          <dl className="facts">
            <dt>{t("home.account.name")}</dt>
            <dd>{user.fullName}</dd>
            <dt>{t("home.account.email")}</dt>
            <dd>
              <EmailAddress address={loaderData.account.email} />
            </dd>
            <dt>{t("home.account.type")}</dt>
            <dd>{t(`auth.accountTypes.${loaderData.account.type}`)}</dd>
            <dt>{t("home.account.model")}</dt>
            <dd>{t(`home.account.models.${user.commercialModel}`)}</dd>
            <dt>{t("home.account.memberSince")}</dt>
            <dd>{format.date(loaderData.account.memberSince, "long")}</dd>
          </dl>
        </OverviewCard>
      </div>
    </div>
  );
}
