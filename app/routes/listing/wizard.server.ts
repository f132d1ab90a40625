import type { RouterContextProvider } from "react-router";
import { redirect } from "react-router";
import { z } from "zod";
import {
  currentStep,
  isReachable,
  isStepId,
  nextStep,
  previousStep,
  progressPercent,
  visibleSteps,
  withCompleted,
  wizardKindOf,
  type StepId,
  type WizardContext,
  type WizardKind,
} from "@domain/listing-steps";
import { regionalRequirementsApply } from "@domain/unit-sections";
import { currentUserSchema, unitSchema, type CurrentUser, type Unit } from "~/lib/api-types";
import { authContext } from "~/lib/auth.server";
import { orNotFound } from "~/lib/host-api.server";

const progressSchema = z.object({ steps: z.array(z.string()) });
const calendarStatusSchema = z.object({ calendarVerificationStatus: z.string().nullable() });

type Context = Readonly<RouterContextProvider>;
export interface WizardParams {
  propertyId: string;
  unitId: string;
}

export function wizardContextOf(user: CurrentUser, unit: Unit): WizardContext {
  return {
    userType: user.type,
    onboardingFinished: user.onboardingStatus === "finished",
    commissionApplicable: user.commissionApplicable,
    subscriptionApplicable: user.subscriptionApplicable,
    hybrid: user.commercialModel === "hybrid",
    isKYCApplicable: user.isKYCApplicable,
    isSubscriptionCheckoutAvailable: user.isSubscriptionCheckoutAvailable,
    isCoinSubscriptionEnabled: user.isCoinSubscriptionEnabled,
    listingVerificationEnabled: user.appFeatures.includes("listingVerification"),
    calendarVerificationStatus: null,
    regionalRequirementsApply: regionalRequirementsApply({
      commissionApplicable: user.commissionApplicable,
      regionalRequirements: {
        registrationNumber: unit.regionalRequirements.registrationNumber.required,
        nationalIdentificationCode: unit.regionalRequirements.nationalIdentificationCode.required,
      },
      registrationNumber: unit.registrationNumber,
      nationalIdentificationCode: unit.nationalIdentificationCode,
      invalidFields: unit.invalidFields,
    }),
  };
}

export function stepHref(kind: WizardKind, params: WizardParams, step: StepId) {
  return `/listing/${kind}/${params.propertyId}/${params.unitId}/${step}`;
}

/** Everything the wizard knows about where a host is: the unit, the steps they walk, what is done. */
async function loadWizard(context: Context, params: WizardParams, { freshUser = false } = {}) {
  const auth = context.get(authContext);
  const { api } = auth;
  const unitPath = `/api/app/property-unit/${encodeURIComponent(params.unitId)}`;
  const [unit, progress, user] = await orNotFound(
    Promise.all([
      api("GET", unitPath, { schema: unitSchema }),
      api("GET", `${unitPath}/listing-progress`, { schema: progressSchema }),
      freshUser ? api("GET", "/api/app/user/info", { schema: currentUserSchema }) : auth.user,
    ]),
  );
  if (unit.propertyId !== params.propertyId) throw new Response(null, { status: 404 });
  const kind = wizardKindOf(unit.propertyType);
  // Only where listing verification is on does its status decide a step (§6).
  const verification = user.appFeatures.includes("listingVerification")
    ? (await api("GET", `/api/app/subscription/info/${encodeURIComponent(params.unitId)}`, { schema: calendarStatusSchema })).calendarVerificationStatus
    : null;
  const steps = visibleSteps(kind, { ...wizardContextOf(user, unit), calendarVerificationStatus: verification });
  const completed = progress.steps.filter(isStepId);
  return { unit, user, kind, steps, completed, current: currentStep(steps, completed), percent: progressPercent(steps, completed) };
}

export type Wizard = Awaited<ReturnType<typeof loadWizard>>;

// The wizard's frame and its step load in parallel for one request: they share one answer.
const loaded = new WeakMap<Context, Promise<Wizard>>();

export function getWizard(context: Context, params: WizardParams): Promise<Wizard> {
  let wizard = loaded.get(context);
  if (!wizard) {
    wizard = loadWizard(context, params);
    loaded.set(context, wizard);
  }
  return wizard;
}

/**
 * The step a route serves, for this host and unit. A step of the other wizard, one that does not
 * apply to the host, or one further than where the host is leads to where the host is.
 */
export async function requireStep(context: Context, params: WizardParams & { kind: string }, id: StepId) {
  const wizard = await getWizard(context, params);
  const step = wizard.steps.find((s) => s.id === id);
  if (params.kind !== wizard.kind || !step || !isReachable(wizard.steps, wizard.completed, step.id)) {
    throw redirect(stepHref(wizard.kind, params, wizard.current.id));
  }
  const back = previousStep(wizard.steps, step.id);
  return { wizard, step, backHref: back ? stepHref(wizard.kind, params, back.id) : null };
}

/**
 * Marks a step done and leads to the next one (or to the completed page after publishing). Every
 * step's action ends here once its own data is saved; what the step saved may change which steps
 * follow (a country with registration rules, how the host pays), so the wizard and the host are read afresh.
 */
export async function completeStep(context: Context, params: WizardParams, stepId: StepId) {
  const { api } = context.get(authContext);
  const wizard = await loadWizard(context, params, { freshUser: true });
  const steps = withCompleted(wizard.completed, stepId);
  await api("PUT", `/api/app/property-unit/${encodeURIComponent(params.unitId)}/listing-progress`, { body: { steps }, schema: progressSchema });
  if (stepId === "publish") return redirect(`/listing/${params.propertyId}/${params.unitId}/completed`);
  // A step whose answer hid it (how the host pays) has no next one of its own: on to where the host is.
  const next = nextStep(wizard.steps, stepId) ?? currentStep(wizard.steps, steps);
  return redirect(stepHref(wizard.kind, params, next.id));
}

/**
 * For a route that serves two steps of the same kind (e.g. payout/info and
 * identity-and-payout-details/payout): which one this request is, from its address. Data requests
 * end in `.data`, documents do not.
 */
export function stepOfRequest<Id extends StepId>(request: Request, candidates: readonly Id[]): Id {
  const path = new URL(request.url).pathname.replace(/\.data$/, "");
  const step = candidates.find((id) => path.endsWith(`/${id}`));
  if (!step) throw new Response(null, { status: 404 });
  return step;
}
