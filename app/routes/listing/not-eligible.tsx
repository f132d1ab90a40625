import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { href, Link } from "react-router";
import type { Route } from "./+types/not-eligible";
import { INELIGIBLE_REASONS, type IneligibleReason } from "@domain/eligibility";
import { serverT } from "~/lib/i18n.server";

export const handle: TranslationsHandle = { i18n: ["listing"], formErrors: false };

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

/** Why a host cannot list (yet), and what they can do (§2 /listing/onboarding-not-eligible). */
export function loader({ request, context }: Route.LoaderArgs) {
  const reason = new URL(request.url).searchParams.get("reason");
  return {
    title: serverT(context)("listing:notEligible.title"),
    reason: (INELIGIBLE_REASONS as readonly string[]).includes(reason ?? "") ? (reason as IneligibleReason) : null,
  };
}

export default function NotEligible({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow stack">
      <h1>{t("listing:notEligible.title")}</h1>
      <p className="banner banner--warning">{loaderData.reason ? t(`listing:notEligible.reason.${loaderData.reason}`) : t("listing:notEligible.generic")}</p>
      <p>{t("listing:notEligible.next")}</p>
      <div className="button-row">
        <Link to={href("/listing/check-eligibility")} className="button">
          {t("listing:notEligible.again")}
        </Link>
        <Link to={href("/home")} className="button button--primary">
          {t("listing:notEligible.home")}
        </Link>
      </div>
    </div>
  );
}
