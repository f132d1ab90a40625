import { data, redirect, type RouterContextProvider } from "react-router";
import { hostApi } from "@contract/index";
import { authContext } from "~/lib/auth.server";
import { serverT } from "~/lib/i18n.server";
import { pagePathname } from "~/lib/pages";

type Context = Readonly<RouterContextProvider>;

/**
 * The identity-verification flow (§2 Verification): its steps per kind of host, in order. Owner
 * steps only for a company identity verification (KYC) applies to (§6).
 */
export const VERIFICATION_STEPS = {
  individual: ["identity", "upload-id", "payout-info", "payout-upload"],
  company: ["identity/info", "document-upload", "owner/info", "owner-upload/id", "payout-info", "payout-upload"],
} as const;

export type VerificationKind = keyof typeof VERIFICATION_STEPS;
const OWNER_STEPS: readonly string[] = ["owner/info", "owner-upload/id"];

export function stepsFor(kind: VerificationKind, kycApplies: boolean): string[] {
  return VERIFICATION_STEPS[kind].filter((step) => kind === "individual" || kycApplies || !OWNER_STEPS.includes(step));
}

export function stepPath(kind: VerificationKind, step: string): string {
  return `/verification/${kind}/${step}`;
}

/** Where a host starts the flow: the first step of their kind. */
export function flowStart(user: { type: string }): string {
  const kind: VerificationKind = user.type === "company" ? "company" : "individual";
  return stepPath(kind, VERIFICATION_STEPS[kind][0]);
}

/**
 * The step a request is on, with its neighbours. Another kind's flow sends the host to their own;
 * a step that does not apply (owner steps without KYC) does not exist (404).
 */
export function openStep(request: Request, context: Context) {
  const { user } = context.get(authContext);
  const match = /^\/verification\/(individual|company)\/(.+?)\/?$/.exec(pagePath(request));
  if (!match) throw data(null, { status: 404 });
  const kind = match[1] as VerificationKind;
  const own: VerificationKind = user.type === "company" ? "company" : "individual";
  if (kind !== own) throw redirect(flowStart(user));
  const steps = stepsFor(kind, user.isKYCApplicable);
  const index = steps.indexOf(match[2]!);
  if (index < 0) throw data(null, { status: 404 });
  const step = steps[index]!;
  return {
    kind,
    step,
    position: index + 1,
    count: steps.length,
    title: serverT(context)(`verification:steps.${stepKey(step)}`),
    backHref: index > 0 ? stepPath(kind, steps[index - 1]!) : null,
    nextHref: index < steps.length - 1 ? stepPath(kind, steps[index + 1]!) : "/verification/success",
  };
}

/** The page's own path, also for the data request JavaScript sends (`….data`). */
export function pagePath(request: Request): string {
  return pagePathname(request.url);
}

/** A step's key in the translations: `owner-upload/id` → `ownerUploadId`. */
export function stepKey(step: string): string {
  return step.replace(/[/-](\w)/g, (_, letter: string) => letter.toUpperCase());
}

/** The first save of the flow starts the verification where it applies (§7 kyc/set-start-at; once). */
export async function startVerification(context: Context): Promise<void> {
  const { user, call } = context.get(authContext);
  if (user.isKYCApplicable) await call(hostApi.onboarding.startKyc);
}
