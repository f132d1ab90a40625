import { useTranslation } from "~/lib/i18n";
import { href, Link } from "react-router";
import type { Route } from "./+types/home";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { useFormat } from "~/lib/format";
import { useShellData } from "~/lib/use-shell-data";
import { Banner } from "~/components/ui/banner";
import { EmailAddress } from "~/components/ui/email-address";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title }];
}

export function loader({ context }: Route.LoaderArgs) {
  const { user } = context.get(authContext);
  return { title: serverT(context)("home.title"), greetingName: user.alias || user.firstName || user.fullName };
}

/** Verification statuses that show a banner, and whether it offers a way into the flow (§2 Verification). */
function verificationBanner(status: string): null | "expired" | "inProgress" | "action" {
  if (status === "COMPLETED" || status === "VERIFICATION_NEVER_STARTED") return null;
  if (status === "EXPIRED") return "expired";
  if (status === "IN_PROGRESS") return "inProgress";
  return "action";
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, pendingRequests } = useShellData();
  const format = useFormat();
  const banner = user.isKYCApplicable ? verificationBanner(user.status) : null;
  const verificationPath = user.type === "company" ? "/verification/company/identity/info" : "/verification/individual/identity";
  return (
    <div className="page stack">
      <h1>{t("home.greeting", { name: loaderData.greetingName })}</h1>
      {banner ? (
        <Banner tone={banner === "expired" ? "error" : "warning"} labelledBy="verification-title">
          <h2 id="verification-title">{t(`verification.banner.${banner}.title`)}</h2>
          <p>{t(`verification.banner.${banner}.description`)}</p>
          {banner === "action" ? (
            <Link className="button button--primary" to={verificationPath}>
              {t("verification.banner.action.button")}
            </Link>
          ) : null}
          {banner === "expired" ? (
            <a className="button" href="mailto:support@stayhost.example">
              {t("verification.banner.expired.button")}
            </a>
          ) : null}
        </Banner>
      ) : null}
      <div className="cards">
        {user.onboardingStatus === "in_progress" ? (
          <section className="card" aria-labelledby="onboarding-title">
            <h2 id="onboarding-title">{t("home.onboarding.title")}</h2>
            <p>{t("home.onboarding.description")}</p>
            <Link className="button button--primary" to={href("/listing")}>
              {t("home.onboarding.button")}
            </Link>
          </section>
        ) : null}
        {user.bookingsAvailable ? (
          <section className="card" aria-labelledby="requests-title">
            <h2 id="requests-title">{t("home.requests.title")}</h2>
            <p>{t("home.requests.count", { count: pendingRequests })}</p>
            <Link className="button" to={href("/bookings/:tab", { tab: "requests" })}>
              {t("home.requests.button")}
            </Link>
          </section>
        ) : null}
        <section className="card" aria-labelledby="account-title">
          <h2 id="account-title">{t("home.account.title")}</h2>
          <dl className="facts">
            <dt>{t("home.account.name")}</dt>
            <dd>{user.fullName}</dd>
            <dt>{t("home.account.email")}</dt>
            <dd>
              <EmailAddress address={user.email} />
            </dd>
            <dt>{t("home.account.type")}</dt>
            <dd>{t(`auth.accountTypes.${user.type}`)}</dd>
            <dt>{t("home.account.model")}</dt>
            <dd>{t(`home.account.models.${user.commercialModel}`)}</dd>
            <dt>{t("home.account.memberSince")}</dt>
            <dd>{format.date(user.memberSince, "long")}</dd>
          </dl>
        </section>
      </div>
    </div>
  );
}
