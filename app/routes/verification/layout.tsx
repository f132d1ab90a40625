import { Outlet, useLocation } from "react-router";
import type { Route } from "./+types/layout";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import type { TranslationsHandle } from "~/lib/i18n";
import { VerificationBanner } from "~/components/verification-banner";
import { flowStart } from "./flow.server";

export const handle: TranslationsHandle = { i18n: ["verification", "onboarding"] };

/** Every verification page: the banner of the host's status (§2) above the step. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, call } = context.get(authContext);
  const kyc = await call(hostApi.onboarding.kycStatus);
  return { status: kyc.status, reason: kyc.decision.reason, flowHref: flowStart(user) };
}

export default function VerificationLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="page stack verification">
      {pathname.endsWith("/success") ? null : <VerificationBanner status={loaderData.status} reason={loaderData.reason} flowHref={loaderData.flowHref} onVerificationRoute />}
      <Outlet />
    </div>
  );
}
