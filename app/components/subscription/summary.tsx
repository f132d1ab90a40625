import type { SubscriptionState } from "@contract/subscriptions";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";
import { StatusPill, type PillTone } from "~/components/ui/status-pill";

type Credits = SubscriptionState["unitPublish"];

const STATE_TONE: Record<string, PillTone> = { ok: "success", low: "warning", empty: "error" };

/** One credit line (§4): remaining of the quota, and whether it runs low or out. */
function CreditRow({ label, remaining, total, state }: { label: string; remaining: number | null; total: number | null; state: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{label}</dt>
      <dd className="credit">
        <span>{remaining === null ? t("subscription:credits.unlimited") : t("subscription:credits.remaining", { remaining, total })}</span>
        {state && state !== "ok" ? <StatusPill tone={STATE_TONE[state] ?? "neutral"}>{t(`subscription:credits.state.${state}`)}</StatusPill> : null}
      </dd>
    </>
  );
}

const credit = (c: Credits) => (c.enabled ? c : null);

/** The current plan, its status and term, and the credits left (§2 subscription-and-boosters, §3, §4). */
export function SubscriptionSummary({ state }: { state: SubscriptionState }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { currentPlan: plan, subscription: sub } = state;
  if (!plan || !sub) return null;
  const publish = credit(state.unitPublish);
  const boost = credit(state.boostCredits);
  return (
    <section className="card stack" aria-labelledby="subscription-plan-title">
      <h2 id="subscription-plan-title">{plan.name}</h2>
      <p className="pills">
        <StatusPill tone={plan.subscriptionStatus === "expired" || plan.subscriptionStatus === "cancelled" ? "error" : plan.subscriptionStatus === "in_trial" ? "info" : "success"}>
          {t(`subscription:status.${plan.subscriptionStatus}`)}
        </StatusPill>
        {plan.isCancellationScheduled ? <StatusPill tone="warning">{t("subscription:cancellationScheduled")}</StatusPill> : null}
        {plan.subscriptionInternalStatus === "in_progress" ? <StatusPill tone="info">{t("subscription:paymentInProgress")}</StatusPill> : null}
      </p>
      <dl className="facts">
        <dt>{t("subscription:period")}</dt>
        <dd>{t("subscription:periodMonths", { count: sub.period })}</dd>
        <dt>{t("subscription:term")}</dt>
        <dd>
          <time dateTime={sub.startDate}>{format.date(sub.startDate)}</time> – <time dateTime={sub.expirationDate}>{format.date(sub.expirationDate)}</time>
        </dd>
        <dt>{t("subscription:price")}</dt>
        <dd>
          {format.money(sub.price, sub.currency)}
          {sub.couponCode && sub.discountPercent !== null ? ` (${t("subscription:coupon", { code: sub.couponCode, percent: format.percent(sub.discountPercent) })})` : null}
        </dd>
        {state.leads.enabled || state.leads.unlimited ? <CreditRow label={t("subscription:credits.leads")} remaining={state.leads.remaining} total={state.leads.total} state={state.leads.state} /> : null}
        {publish ? <CreditRow label={t("subscription:credits.unitPublish")} remaining={publish.remaining} total={publish.quota} state={publish.state} /> : null}
        {boost ? <CreditRow label={t("subscription:credits.boost")} remaining={boost.remaining} total={boost.quota} state={boost.state} /> : null}
      </dl>
    </section>
  );
}
