import { href, Link } from "react-router";
import type { Route } from "./+types/tax-report";
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
  const availability = await context.get(authContext).taxReport();
  return { title: serverT(context)("insights:taxReport.title"), ...availability };
}

export default function TaxReport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { years, missingSellerData } = loaderData;
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
          <ul>
            {missingSellerData.map((field) => (
              <li key={field}>{t(`insights:taxReport.field.${field}`)}</li>
            ))}
          </ul>
          <p>{t("insights:taxReport.missingWhere")}</p>
          <p>
            <Link to={href("/account/billing")}>{t("insights:taxReport.billingLink")}</Link>
          </p>
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
          <p className="muted">{t("insights:taxReport.derivation")}</p>
        </section>
      ) : (
        <EmptyState icon={icons.statistics}>{t("insights:taxReport.empty")}</EmptyState>
      )}
    </div>
  );
}
