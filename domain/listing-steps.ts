/**
 * The listing wizard (§2 "Listing", §3 Listing progress, §4): which steps a host walks, in which
 * order, how much each weighs, and where a host who comes back resumes. Pure: the web's wizard
 * routes and the API's progress endpoint share it.
 */
export const WIZARD_KINDS = ["single-unit", "multi-unit"] as const;
export type WizardKind = (typeof WIZARD_KINDS)[number];

export type StepGroup = "property-basic-info" | "property-detail" | "unit-basic-info" | "unit-details" | "pricing-and-availability" | "final-info";

/** What decides whether a step shows for a host and a unit (§2, §6). */
export interface WizardContext {
  userType: "individual" | "company";
  onboardingFinished: boolean;
  commissionApplicable: boolean;
  subscriptionApplicable: boolean;
  /** A commission host with a hybrid bidding tag: both models apply (§6: no pricing-model choice). */
  hybrid: boolean;
  isKYCApplicable: boolean;
  isSubscriptionCheckoutAvailable: boolean;
  isCoinSubscriptionEnabled: boolean;
  /** The listing-verification setting (§6 "Listing verification page appears when its setting is on"). */
  listingVerificationEnabled: boolean;
  /** The unit's calendar verification status; "verified" or "validated" hide the status step. */
  calendarVerificationStatus: string | null;
  /** The unit's country or region asks for a registration number or an identification code. */
  regionalRequirementsApply: boolean;
  /**
   * The host answered the "how you pay" step for this unit. It stays one of their steps whichever
   * model they chose, so that answering it never takes its own weight out of the progress.
   */
  commercialModelChosen?: boolean;
}

export type StepId =
  | "property"
  | "location"
  | "location/address"
  | "location/map"
  | "property-title"
  | "start-unit"
  | "unit-type"
  | "guests-and-rooms/info"
  | "guests-and-rooms/beds"
  | "photos"
  | "amenities"
  | "title"
  | "price-and-availability"
  | "price-and-availability/promotions"
  | "price-and-availability/seasons"
  | "listing-verification"
  | "listing-verification/status"
  | "calendar-availability"
  | "commission-model"
  | "verification/info"
  | "verification/owner"
  | "verification/upload"
  | "commercial-model"
  | "commercial-model/plan"
  | "commercial-model/plan-services"
  | "booking-preference"
  | "identity-and-payout-details/upload"
  | "identity-and-payout-details/payout"
  | "identity-and-payout-details/payout-document"
  | "payout/info"
  | "payout/upload"
  | "personal-details/info"
  | "personal-details/owner"
  | "regional-requirements"
  | "subscription/plan"
  | "subscription/boost"
  | "publish";

export interface StepDefinition {
  id: StepId;
  /** Effort weight of §2; the progress percent is weighted by it. */
  weight: 0 | 1 | 2 | 3;
  /** Belongs to the property rather than the unit: done once for all units of a multi-unit property. */
  scope: "property" | "unit";
  /** No form: a Continue button completes it (§2 "Formless steps"). */
  formless?: boolean;
  /** Only while the host's onboarding is in progress (§2 "Onboarding-only steps"). */
  onboardingOnly?: boolean;
  /** May be passed without entering anything (§2 "Some steps allow progress ahead"). */
  optional?: boolean;
  /** Shown only when this holds for the host and unit (§6). */
  when?: (context: WizardContext) => boolean;
}

const commission = (c: WizardContext) => c.commissionApplicable;
const kyc = (c: WizardContext) => c.commissionApplicable && c.isKYCApplicable;
const noKyc = (c: WizardContext) => c.commissionApplicable && !c.isKYCApplicable;
const pureSubscription = (c: WizardContext) => c.subscriptionApplicable && !c.commissionApplicable;
const choosesModel = (c: WizardContext) => pureSubscription(c) || (Boolean(c.commercialModelChosen) && !c.hybrid);
const company = (c: WizardContext) => c.userType === "company";
const listingVerification = (c: WizardContext) => c.listingVerificationEnabled;
const CALENDAR_VERIFIED = new Set(["verified", "validated"]);

const STEP_DEFINITIONS: Record<StepId, Omit<StepDefinition, "id">> = {
  property: { weight: 1, scope: "property" },
  location: { weight: 1, scope: "property" },
  "location/address": { weight: 1, scope: "property" },
  "location/map": { weight: 1, scope: "property" },
  "property-title": { weight: 3, scope: "property" },
  "start-unit": { weight: 0, scope: "unit", formless: true },
  "unit-type": { weight: 1, scope: "unit" },
  "guests-and-rooms/info": { weight: 1, scope: "unit" },
  "guests-and-rooms/beds": { weight: 2, scope: "unit" },
  photos: { weight: 2, scope: "unit" },
  amenities: { weight: 1, scope: "unit" },
  title: { weight: 3, scope: "unit" },
  "price-and-availability": { weight: 3, scope: "unit" },
  "price-and-availability/promotions": { weight: 1, scope: "unit", optional: true, when: commission },
  "price-and-availability/seasons": { weight: 2, scope: "unit", optional: true },
  "listing-verification": { weight: 2, scope: "unit", when: listingVerification },
  "listing-verification/status": {
    weight: 1,
    scope: "unit",
    optional: true,
    when: (c) => listingVerification(c) && !CALENDAR_VERIFIED.has(c.calendarVerificationStatus ?? ""),
  },
  "calendar-availability": { weight: 2, scope: "unit" },
  "commission-model": { weight: 1, scope: "unit", onboardingOnly: true, when: commission },
  "verification/info": { weight: 3, scope: "unit", onboardingOnly: true, when: kyc },
  "verification/owner": { weight: 3, scope: "unit", onboardingOnly: true, when: (c) => kyc(c) && company(c) },
  "verification/upload": { weight: 2, scope: "unit", onboardingOnly: true, when: kyc },
  "commercial-model": { weight: 1, scope: "unit", onboardingOnly: true, when: choosesModel },
  "commercial-model/plan": { weight: 2, scope: "unit", onboardingOnly: true, when: pureSubscription },
  "commercial-model/plan-services": { weight: 1, scope: "unit", onboardingOnly: true, optional: true, when: pureSubscription },
  "booking-preference": { weight: 1, scope: "unit", when: commission },
  "identity-and-payout-details/upload": { weight: 2, scope: "unit", onboardingOnly: true, when: noKyc },
  "identity-and-payout-details/payout": { weight: 2, scope: "unit", onboardingOnly: true, when: noKyc },
  "identity-and-payout-details/payout-document": { weight: 2, scope: "unit", onboardingOnly: true, when: noKyc },
  "payout/info": { weight: 2, scope: "unit", onboardingOnly: true, when: kyc },
  "payout/upload": { weight: 2, scope: "unit", onboardingOnly: true, when: kyc },
  "personal-details/info": { weight: 3, scope: "unit", onboardingOnly: true, when: (c) => !c.isKYCApplicable },
  "personal-details/owner": { weight: 3, scope: "unit", onboardingOnly: true, when: (c) => !c.isKYCApplicable && company(c) },
  "regional-requirements": { weight: 2, scope: "unit", when: (c) => c.regionalRequirementsApply },
  "subscription/plan": {
    weight: 2,
    scope: "unit",
    when: (c) => c.subscriptionApplicable && !c.hybrid && c.onboardingFinished && c.isSubscriptionCheckoutAvailable,
  },
  "subscription/boost": {
    weight: 1,
    scope: "unit",
    optional: true,
    when: (c) => c.subscriptionApplicable && !c.hybrid && c.onboardingFinished && c.isCoinSubscriptionEnabled,
  },
  publish: { weight: 0, scope: "unit", formless: true },
};

const step = (id: StepId): StepDefinition => ({ id, ...STEP_DEFINITIONS[id] });

/** The single-unit wizard, in order, with its groups (§2). */
const SINGLE_UNIT: readonly (readonly [StepGroup, readonly StepId[]])[] = [
  ["property-basic-info", ["property", "location", "location/address", "location/map", "guests-and-rooms/info", "guests-and-rooms/beds"]],
  ["property-detail", ["photos", "amenities", "title"]],
  [
    "pricing-and-availability",
    [
      "price-and-availability",
      "price-and-availability/promotions",
      "price-and-availability/seasons",
      "listing-verification",
      "listing-verification/status",
      "calendar-availability",
    ],
  ],
  [
    "final-info",
    [
      "commission-model",
      "verification/info",
      "verification/owner",
      "verification/upload",
      "commercial-model",
      "commercial-model/plan",
      "commercial-model/plan-services",
      "booking-preference",
      "identity-and-payout-details/upload",
      "identity-and-payout-details/payout",
      "identity-and-payout-details/payout-document",
      "payout/info",
      "payout/upload",
      "personal-details/info",
      "personal-details/owner",
      "regional-requirements",
      "subscription/plan",
      "subscription/boost",
      "publish",
    ],
  ],
];

/** The multi-unit wizard, in order, with its groups (§2). */
const MULTI_UNIT: readonly (readonly [StepGroup, readonly StepId[]])[] = [
  ["property-basic-info", ["property", "location", "location/address", "location/map", "property-title", "start-unit"]],
  ["unit-basic-info", ["unit-type", "guests-and-rooms/info", "guests-and-rooms/beds"]],
  ["unit-details", ["photos", "amenities", "title"]],
  ["pricing-and-availability", ["price-and-availability", "price-and-availability/promotions", "price-and-availability/seasons", "calendar-availability"]],
  [
    "final-info",
    [
      "commission-model",
      "verification/info",
      "verification/owner",
      "verification/upload",
      "personal-details/info",
      "personal-details/owner",
      "booking-preference",
      "regional-requirements",
      "payout/info",
      "payout/upload",
      "publish",
    ],
  ],
];

const WIZARDS: Record<WizardKind, readonly (readonly [StepGroup, readonly StepId[]])[]> = { "single-unit": SINGLE_UNIT, "multi-unit": MULTI_UNIT };

export interface WizardStep extends StepDefinition {
  group: StepGroup;
}

/** Every step of a wizard, whether it shows or not. */
export function wizardSteps(kind: WizardKind): WizardStep[] {
  return WIZARDS[kind].flatMap(([group, ids]) => ids.map((id) => ({ ...step(id), group })));
}

/** Every step name any wizard knows: what the progress endpoint accepts. */
export const ALL_STEP_IDS = Object.keys(STEP_DEFINITIONS) as StepId[];

export function isStepId(value: string): value is StepId {
  return Object.hasOwn(STEP_DEFINITIONS, value);
}

export function wizardKindOf(propertyType: "single" | "multi"): WizardKind {
  return propertyType === "multi" ? "multi-unit" : "single-unit";
}

/** The steps this host walks for this unit, in order (§2, §6). */
export function visibleSteps(kind: WizardKind, context: WizardContext): WizardStep[] {
  return wizardSteps(kind).filter((s) => (!s.onboardingOnly || !context.onboardingFinished) && (!s.when || s.when(context)));
}

/**
 * Where a host resumes: the step after the last completed one (§4 "current step = last completed
 * step + 1"); the first step when nothing is done, the last (publish) when everything is.
 */
export function currentStep(steps: readonly WizardStep[], completed: readonly string[]): WizardStep {
  const done = new Set(completed);
  let last = -1;
  steps.forEach((s, index) => {
    if (done.has(s.id)) last = index;
  });
  return steps[Math.min(last + 1, steps.length - 1)]!;
}

/** A step can be opened when it is done or is the current one; later steps wait their turn. */
export function isReachable(steps: readonly WizardStep[], completed: readonly string[], id: StepId): boolean {
  const index = steps.findIndex((s) => s.id === id);
  if (index === -1) return false;
  return index <= steps.findIndex((s) => s.id === currentStep(steps, completed).id);
}

/** Percent of the effort done, weighted as §2 weighs the steps; whole numbers, 0–100. A published unit is done. */
export function progressPercent(steps: readonly WizardStep[], completed: readonly string[]): number {
  const done = new Set(completed);
  if (done.has("publish")) return 100;
  const total = steps.reduce((sum, s) => sum + s.weight, 0);
  if (total === 0) return 0;
  const achieved = steps.reduce((sum, s) => sum + (done.has(s.id) ? s.weight : 0), 0);
  return Math.round((achieved / total) * 100);
}

/** Where a unit's listing stands: the steps this host walks, what is done, where they resume, the percent. */
export interface WizardState {
  kind: WizardKind;
  steps: WizardStep[];
  completed: StepId[];
  current: WizardStep;
  percent: number;
}

/**
 * The listing state of a unit. A host who still chooses how they pay walks more steps on commission
 * than on subscription; until they have chosen, the percent counts the longer way, so that the
 * answer never lowers it.
 */
export function wizardState(kind: WizardKind, context: WizardContext, completedNames: readonly string[]): WizardState {
  const completed = completedNames.filter(isStepId);
  const chosen = { ...context, commercialModelChosen: completed.includes("commercial-model") };
  const steps = visibleSteps(kind, chosen);
  let percent = progressPercent(steps, completed);
  if (steps.some((s) => s.id === "commercial-model") && !chosen.commercialModelChosen) {
    const onCommission = visibleSteps(kind, { ...chosen, commissionApplicable: true, subscriptionApplicable: false, commercialModelChosen: true });
    percent = Math.min(percent, progressPercent(onCommission, completed));
  }
  return { kind, steps, completed, current: currentStep(steps, completed), percent };
}

/**
 * Where a host goes after completing a step. An answer that makes earlier steps apply (choosing
 * commission offers promotions) leads back to the first of them; a step done for the first time
 * behind steps already done leads on to the next one not done; otherwise the next step.
 */
export function stepAfter(before: readonly WizardStep[], after: WizardState, id: StepId, completedBefore: readonly string[]): WizardStep {
  const index = after.steps.findIndex((s) => s.id === id);
  const done = new Set(after.completed);
  const offered = after.steps.find((s, i) => (index === -1 || i < index) && !done.has(s.id) && !before.some((b) => b.id === s.id));
  if (offered) return offered;
  if (index === -1) return after.current;
  const catchingUp = !completedBefore.includes(id) && after.steps.slice(index + 1).some((s) => completedBefore.includes(s.id));
  if (catchingUp) return after.steps.slice(index + 1).find((s) => !done.has(s.id)) ?? after.current;
  return after.steps[index + 1] ?? after.current;
}

export function nextStep(steps: readonly WizardStep[], id: StepId): WizardStep | null {
  const index = steps.findIndex((s) => s.id === id);
  return index === -1 ? null : (steps[index + 1] ?? null);
}

export function previousStep(steps: readonly WizardStep[], id: StepId): WizardStep | null {
  const index = steps.findIndex((s) => s.id === id);
  return index <= 0 ? null : steps[index - 1]!;
}

/** Adds a completed step, keeping the stored list free of repeats. */
export function withCompleted(completed: readonly string[], id: StepId): StepId[] {
  const known = completed.filter(isStepId);
  return known.includes(id) ? known : [...known, id];
}

/** A further unit of a multi-unit property starts with the property's steps already done. */
export function propertyStepsOf(completed: readonly string[]): StepId[] {
  return completed.filter(isStepId).filter((id) => STEP_DEFINITIONS[id].scope === "property");
}
