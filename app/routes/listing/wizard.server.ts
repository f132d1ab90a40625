import { createContext, href, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { hostApi } from "@contract/index";
import {
  isReachable,
  previousStep,
  stepAfter,
  wizardSteps,
  withCompleted,
  type StepId,
  type WizardKind,
  type WizardState,
} from "@domain/listing-steps";
import { pagePathname } from "~/lib/pages";
import { authContext } from "~/lib/auth.server";
import { orNotFound } from "~/lib/host-api.server";
import { SAVE_AND_EXIT } from "./save-and-exit";

type Context = Readonly<RouterContextProvider>;
export interface WizardParams {
  propertyId: string;
  unitId: string;
}

/** A step's address; every step id is a registered route (STEP_FILES), so the typecheck knows each one. */
export function stepHref(kind: WizardKind, params: WizardParams, step: StepId) {
  return href(`/listing/:kind/:propertyId/:unitId/${step}`, { kind, propertyId: params.propertyId, unitId: params.unitId });
}

const leavingContext = createContext<boolean>(false);

/** Route middleware of the wizard: notes whether a step form was sent with "Save and exit". */
export const saveAndExit: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const type = request.headers.get("content-type") ?? "";
  // The step's action reads the body itself: a copy tells which button sent it.
  if (request.method === "POST" && (type.includes("form-urlencoded") || type.includes("multipart/form-data"))) {
    context.set(leavingContext, (await request.clone().formData()).has(SAVE_AND_EXIT));
  }
  return next();
};

/** The host asked to save the step and leave: where they go instead of the next step. */
export function leaving(context: Context): Response | null {
  return context.get(leavingContext) ? redirect(href("/properties")) : null;
}

/** The API's listing state (where the unit's listing stands, in one answer) with the wizard's own step definitions (weights, groups, forms). */
async function loadState(context: Context, unitId: string): Promise<WizardState> {
  const state = await context.get(authContext).call(hostApi.units.listingState, { params: { id: unitId } });
  const definitions = new Map(wizardSteps(state.kind).map((s) => [s.id, s]));
  const steps = state.steps.map((s) => definitions.get(s.id as StepId)!);
  return { kind: state.kind, steps, completed: state.completedSteps as StepId[], current: definitions.get(state.nextStep as StepId)!, percent: state.percent };
}

/** Everything the wizard knows about where a host is: the unit, the steps they walk, what is done. */
async function loadWizard(context: Context, params: WizardParams) {
  const auth = context.get(authContext);
  const [unit, state] = await orNotFound(
    Promise.all([auth.unit(params.unitId), loadState(context, params.unitId)]),
  );
  if (unit.propertyId !== params.propertyId) throw new Response(null, { status: 404 });
  return { ...state, unit, user: auth.user };
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
 * Marks a step done and leads on (or to the completed page after publishing). Every step's action
 * ends here once its own data is saved; what the step saved may change which steps follow (a country
 * with registration rules, how the host pays), so the listing state is read afresh.
 */
export async function completeStep(context: Context, params: WizardParams, stepId: StepId) {
  const { call } = context.get(authContext);
  const before = await getWizard(context, params);
  const steps = withCompleted(before.completed, stepId);
  await call(hostApi.units.saveListingProgress, { params: { id: params.unitId }, body: { steps } });
  if (stepId === "publish") return redirect(href("/listing/:propertyId/:unitId/completed", params));
  const leave = leaving(context);
  if (leave) return leave;
  const after = await loadState(context, params.unitId);
  return redirect(stepHref(after.kind, params, stepAfter(before.steps, after, stepId, before.completed).id));
}

/**
 * For a route that serves two steps of the same kind (e.g. payout/info and
 * identity-and-payout-details/payout): which one this request is, from its page's address.
 */
export function stepOfRequest<Id extends StepId>(request: Request, candidates: readonly Id[]): Id {
  const path = pagePathname(request.url);
  const step = candidates.find((id) => path.endsWith(`/${id}`));
  if (!step) throw new Response(null, { status: 404 });
  return step;
}
