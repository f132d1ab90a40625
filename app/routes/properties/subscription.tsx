import { href, Link } from "react-router";
import type { Route } from "./+types/subscription";
import { hostApi } from "@contract/index";
import { expiryState } from "@domain/subscription-plans";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { getLocale } from "~/lib/i18n.server";
import { useFormat } from "~/lib/format";
import { unitHref } from "~/lib/pages";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { SubscriptionSummary } from "~/components/subscription/summary";
import { Banner } from "~/components/ui/banner";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { useUnit } from "./unit-layout";

export const handle: TranslationsHandle = { i18n: ["properties", "subscription"], formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** §2 subscription-and-boosters: the plan the unit is under, its term, credits and boosts, and the expiry warning (§4). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { call, user, subscriptionPage } = context.get(authContext);
  // Read with the shell's call (decision 024): the state carries the term (the expiry warning follows from it, §4) and the boosts of every unit.
  const state = subscriptionPage(params.unitId)?.state ?? (await call(hostApi.subscriptions.state, { query: { hl: getLocale(context) } }));
  const sub = state.subscription;
  const title = serverT(context)("properties:unit.section.subscription-and-boosters");
  const expiry = sub ? { state: expiryState(new Date(sub.expirationDate), sub.periodUnit, new Date()), expirationDate: sub.expirationDate } : { state: null, expirationDate: null };
  const boosts = state.boost.scheduledPeriods.filter((b) => b.unitId === params.unitId);
  return { title, state, expiry, boosts, boosters: user.isCoinSubscriptionEnabled, onCommission: user.commercialModel !== "subscription" };
}

export default function SubscriptionSection({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const { state, expiry, boosts, boosters, onCommission } = loaderData;
  const unit = useUnit();
  if (!state.subscription) {
    // Without a plan a commission (or hybrid) host's unit is listed under commission once published; a plan adds inquiries (§1, §3).
    const none = !onCommission ? "none" : unit.state === "PUBLISHED" ? "publishedOnCommission" : "noneOnCommission";
    return (
      <section className="stack" aria-labelledby="subscription-title">
        <h2 id="subscription-title">{t("properties:unit.section.subscription-and-boosters")}</h2>
        <EmptyState icon={icons.info}>{t(`subscription:${none}`)}</EmptyState>
        <p>
          <Link className="button button--primary" to={unitHref(params, "manage-subscription")}>
            {t("subscription:choosePlan")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="stack" aria-labelledby="subscription-title">
      <h2 id="subscription-title">{t("properties:unit.section.subscription-and-boosters")}</h2>
      {expiry.state === "expiring" && expiry.expirationDate ? (
        <Banner tone="warning" role="status">
          <p>{t("subscription:expiring", { date: format.date(expiry.expirationDate) })}</p>
        </Banner>
      ) : null}
      {expiry.state === "expired" ? (
        <Banner tone="error" role="status">
          <p>{t("subscription:expired")}</p>
        </Banner>
      ) : null}
      <SubscriptionSummary state={state} />
      <section className="card stack" aria-labelledby="boosts-title">
        <h3 id="boosts-title">{t("subscription:boosts.title")}</h3>
        {boosts.length ? (
          <ul className="stack stack--tight">
            {boosts.map((b) => (
              <li key={b.id}>
                {t("subscription:boosts.period", { from: format.date(b.startDate), to: format.date(b.endDate), count: b.credits })}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t("subscription:boosts.none")}</p>
        )}
        {state.boostsInfo.length ? (
          <ul className="stack stack--tight">
            {state.boostsInfo.map((b) => (
              <li key={b.type}>{t("subscription:boosts.service", { service: t(`subscription:services.${b.type}`), date: format.date(b.expirationDate) })}</li>
            ))}
          </ul>
        ) : null}
      </section>
      <div className="button-row">
        <Link className="button button--primary" to={unitHref(params, "manage-subscription")}>
          {t("subscription:manage")}
        </Link>
        {boosters ? (
          <Link className="button" to={href("/properties/:propertyId/units/:unitId/boosters", params)}>
            {t("subscription:boosts.buy")}
          </Link>
        ) : null}
      </div>
    </section>
  );
}
