import { href, Link } from "react-router";
import type { Route } from "./+types/tax-report";
import { receivesPayouts } from "@domain/user-flags";
import { Banner } from "~/components/ui/banner";
import { buttonClass } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { Icon } from "~/components/ui/icon";
import { authContext } from "~/lib/auth.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";
import stylesheet from "~/components/insights/insights.css?url";

/** Its downloads are links: no form errors, so their texts are not sent (decision 024). */
export const handle: TranslationsHandle = { i18n: ["insights"], formErrors: false };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** The DAC7 report's years (§7 Reports), each a plain link to its file, and what seller data is missing: read with the shell's call (decision 024). */
export async function loader({ context }: Route.LoaderArgs) {
  const { taxReport, user } = context.get(authContext);
  const availability = await taxReport();
  // A host on a subscription is paid by the guests: a stay counts on its check-in day, not as a payout credited.
  return { title: serverT(context)("insights:taxReport.title"), ...availability, payouts: receivesPayouts(user) };
}

/** Where each detail is given in the account: the IBAN with the payout accounts, the rest with the billing details. */
const DETAIL_TABS = ["billing", "payout"] as const;
const tabOf = (field: string): (typeof DETAIL_TABS)[number] => (field === "iban" ? "payout" : "billing");
const TAB_HREFS = { billing: href("/account/billing"), payout: href("/account/payout") };

export default function TaxReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { years, missingSellerData, payouts } = loaderData;
  return (
    <div className="page stack">
      <div className="page-heading">
        <h1>{loaderData.title}</h1>
      </div>
      <p className="muted">{t("insights:taxReport.intro")}</p>
      {missingSellerData.length ? (
        <Banner tone="warning" labelledBy="seller-data-missing">
          <h2 id="seller-data-missing">{t("insights:taxReport.missingTitle")}</h2>
          <p>{t("insights:taxReport.missingIntro")}</p>
          {DETAIL_TABS.map((tab) => {
            const fields = missingSellerData.filter((field) => tabOf(field) === tab);
            return fields.length ? (
              <div key={tab}>
                <ul>
                  {fields.map((field) => (
                    <li key={field}>{t(`insights:taxReport.field.${field}`)}</li>
                  ))}
                </ul>
                <p>
                  <Link to={TAB_HREFS[tab]}>{t(`insights:taxReport.${tab}Link`)}</Link>
                </p>
              </div>
            ) : null;
          })}
          <p>{t("insights:taxReport.missingWhere")}</p>
        </Banner>
      ) : null}
      {years.length ? (
        <section className="card stack" aria-labelledby="report-years">
          <h2 id="report-years">{t("insights:taxReport.years")}</h2>
          <ul className="download-list">
            {years.map((year) => (
              <li key={year}>
                <a href={href("/insights/tax-report/:year", { year: String(year) })} download={`report-${year}.csv`} className={buttonClass()}>
                  <Icon icon={icons.download} />
                  {t("insights:taxReport.download", { year })}
                </a>
              </li>
            ))}
          </ul>
          <p className="muted">{t(payouts ? "insights:taxReport.derivation" : "insights:taxReport.derivationWithoutPayouts")}</p>
        </section>
      ) : (
        <EmptyState icon={icons.statistics}>{t(payouts ? "insights:taxReport.empty" : "insights:taxReport.emptyWithoutPayouts")}</EmptyState>
      )}
    </div>
  );
}
