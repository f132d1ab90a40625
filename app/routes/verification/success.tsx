import { href, Link, redirect } from "react-router";
import type { Route } from "./+types/success";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { useTranslation, type TranslationsHandle } from "~/lib/i18n";
import { Banner } from "~/components/ui/banner";
import { StatusPill } from "~/components/ui/status-pill";
import { flowStart } from "./flow.server";
import { verificationMeta } from "./frame";

export const handle: TranslationsHandle = { i18n: ["verification", "onboarding"], formErrors: false };
export const meta = verificationMeta;

/** The end of the flow: what was sent, each check's state, and staff's decision once made; before anything is sent, the flow's start. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, call } = context.get(authContext);
  const kyc = await call(hostApi.onboarding.kycStatus);
  // Nothing has been sent yet: there is nothing to confirm, the host starts the verification instead.
  if (kyc.status === "VERIFICATION_NEVER_STARTED" || kyc.status === "REQUIRED") throw redirect(flowStart(user));
  return { title: serverT(context)("verification:success.title"), kyc, flowHref: flowStart(user) };
}

const TONES = { new: "neutral", awaiting_data: "warning", pending: "info", passed: "success", failed: "error" } as const;

export default function VerificationSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { kyc } = loaderData;
  const complete = kyc.status === "COMPLETED";
  const failed = kyc.status === "FAILED";
  return (
    <section className="stack" aria-labelledby="verification-success-title">
      <h1 id="verification-success-title">{t("verification:success.title")}</h1>
      <Banner tone={complete ? "success" : failed ? "error" : "info"} role="status">
        <p>{t(`verification:success.status.${kyc.status}`)}</p>
        {failed && kyc.decision.reason ? (
          <p>
            <strong>{t("common:verification.banner.failed.reason")}</strong> {kyc.decision.reason}
          </p>
        ) : null}
      </Banner>
      <div className="card stack">
        <h2>{t("verification:success.checks")}</h2>
        <ul className="stack stack--tight verification__checks">
          {kyc.checks.map((check) => (
            <li key={check.type} className="verification__check">
              <span>{t(`verification:checks.${check.type}`)}</span>
              <StatusPill tone={TONES[check.status]}>{t(`verification:checkStatus.${check.status}`)}</StatusPill>
            </li>
          ))}
        </ul>
      </div>
      <div className="button-row">
        {failed || kyc.status === "COLLECTING_DATA" ? (
          <Link className="button button--primary" to={loaderData.flowHref}>
            {t("verification:success.correct")}
          </Link>
        ) : null}
        <Link className="button" to={href("/home")}>
          {t("verification:success.home")}
        </Link>
      </div>
    </section>
  );
}
