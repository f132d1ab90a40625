import { href, Link } from "react-router";
import type { Route } from "./+types/earnings";
import { EmptyState } from "~/components/ui/empty-state";
import * as icons from "~/components/ui/icons";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { serverT } from "~/lib/i18n.server";

/** The earnings tab shows no form errors: the error texts are not sent (TranslationsHandle). */
export const handle: TranslationsHandle = { formErrors: false };

/**
 * Earning details (§2, per setting): where the host's earnings are. The statistics' earnings page
 * shows them per unit and period, the tax report per year; this tab leads there rather than being a
 * second earnings page.
 */
export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  return { title: serverT(context)("account:tab.earnings") };
}

export default function Earnings() {
  const { t } = useTranslation();
  return (
    <section className="card stack" aria-labelledby="earnings-title">
      <h2 id="earnings-title">{t("account:earnings.title")}</h2>
      <EmptyState
        icon={icons.statistics}
        action={
          <div className="button-row">
            <Link to={href("/insights/earnings/:id?")} className="button button--primary">
              {t("account:earnings.seeEarnings")}
            </Link>
            <Link to={href("/bookings/:tab", { tab: "completed" })} className="button">
              {t("account:earnings.completedStays")}
            </Link>
            <Link to={href("/insights/tax-report")} className="button">
              {t("account:earnings.taxReport")}
            </Link>
          </div>
        }
      >
        {t("account:earnings.intro")}
      </EmptyState>
    </section>
  );
}
