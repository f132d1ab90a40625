import type { Route } from "./+types/payment";
import { hostApi } from "@contract/index";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { StatusPill } from "~/components/ui/status-pill";
import { authContext } from "~/lib/auth.server";
import { useFormat } from "~/lib/format";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { getLocale, serverT } from "~/lib/i18n.server";

/** The payment tab shows no form errors: the error texts are not sent (TranslationsHandle). */
export const handle: TranslationsHandle = { formErrors: false };

/**
 * Payment details (§2; when subscription checkout is available): the subscription the host pays for
 * and the payment source on file at the payment provider, as the subscription API answers them.
 * Paying and changing plans happen in the unit's subscription sections.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { call } = context.get(authContext);
  const [state, source] = await Promise.all([call(hostApi.subscriptions.state, { query: { hl: getLocale(context) } }), call(hostApi.subscriptions.paymentSourceStatus)]);
  const plan = state.currentPlan;
  const subscription = state.subscription;
  return {
    title: serverT(context)("account:tab.payment"),
    source,
    subscription: subscription && plan
      ? {
          planName: plan.name,
          status: "subscriptionStatus" in plan ? plan.subscriptionStatus : null,
          price: subscription.price,
          currency: subscription.currency,
          period: subscription.period,
          periodUnit: subscription.periodUnit,
          expirationDate: subscription.expirationDate,
        }
      : null,
  };
}

export default function Payment({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { source, subscription } = loaderData;
  return (
    <div className="stack">
      <section className="card stack" aria-labelledby="payment-source-title">
        <h2 id="payment-source-title">{t("account:payment.sourceTitle")}</h2>
        <p>
          <StatusPill tone={source.status === "valid" ? "success" : source.status === "missing" ? "warning" : "neutral"}>{t(`account:payment.source.${source.status}`)}</StatusPill>
        </p>
        {source.provider ? <p>{t("account:payment.provider", { provider: source.provider })}</p> : null}
        {source.lastPaymentAt ? <p>{t("account:payment.lastPayment", { date: format.date(source.lastPaymentAt.slice(0, 10)) })}</p> : null}
      </section>
      <section className="card stack" aria-labelledby="payment-subscription-title">
        <h2 id="payment-subscription-title">{t("account:payment.subscriptionTitle")}</h2>
        {subscription ? (
          <dl className="facts">
            <dt>{t("account:payment.plan")}</dt>
            <dd>{subscription.planName}</dd>
            <dt>{t("account:payment.price")}</dt>
            <dd>{t("account:payment.pricePer", { price: format.money(subscription.price, subscription.currency), count: subscription.period, unit: t(`account:payment.unit.${subscription.periodUnit}`, { count: subscription.period }) })}</dd>
            <dt>{t("account:payment.renews")}</dt>
            <dd>{format.date(subscription.expirationDate.slice(0, 10))}</dd>
          </dl>
        ) : (
          <EmptyState icon={icons.info}>{t("account:payment.noSubscription")}</EmptyState>
        )}
      </section>
    </div>
  );
}
