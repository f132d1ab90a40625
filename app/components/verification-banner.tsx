import { Link } from "react-router";
import type { KycStatus } from "@domain/onboarding";
import { verificationBanner } from "@domain/kyc-review";
import { useTranslation } from "~/lib/i18n";
import { Banner } from "~/components/ui/banner";

/**
 * The verification banner (§2): for every status but COMPLETED; EXPIRED offers to write to support,
 * IN_PROGRESS says the review runs, every other status has a button into the flow (FAILED with the
 * reason staff gave). Nothing for a host who never started, on the verification pages themselves.
 */
export function VerificationBanner({ status, reason, flowHref, onVerificationRoute }: { status: KycStatus; reason: string | null; flowHref: string; onVerificationRoute: boolean }) {
  const { t } = useTranslation();
  const banner = verificationBanner(status, onVerificationRoute);
  if (!banner) return null;
  const tone = banner.kind === "expired" || banner.kind === "failed" ? "error" : banner.kind === "inProgress" ? "info" : "warning";
  return (
    <Banner tone={tone} labelledBy="verification-banner-title" role={banner.kind === "failed" ? "alert" : undefined}>
      <h2 id="verification-banner-title">{t(`common:verification.banner.${banner.kind}.title`)}</h2>
      <p>{t(`common:verification.banner.${banner.kind}.description`)}</p>
      {banner.kind === "failed" && reason ? (
        <p>
          <strong>{t("common:verification.banner.failed.reason")}</strong> {reason}
        </p>
      ) : null}
      {banner.kind === "expired" ? (
        <a className="button" href="mailto:support@stayhost.example">
          {t("common:verification.banner.expired.button")}
        </a>
      ) : null}
      {banner.kind === "action" || banner.kind === "failed" ? (
        <Link className="button button--primary" to={flowHref}>
          {t(`common:verification.banner.${banner.kind}.button`)}
        </Link>
      ) : null}
    </Banner>
  );
}
