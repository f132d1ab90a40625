/**
 * Rules of §4 for how a property or unit shows, which fields are invalid, and whether a unit can
 * be published. Pure: the API and the web share them.
 */
export type ListingState = "IN_PROGRESS" | "UNDER_REVIEW" | "REJECTED_BY_STAFF" | "PUBLISHED" | "UNPUBLISHED" | "APPROVED" | "DELETED";

export type InvalidFieldName = "registrationNumber" | "nationalIdentificationCode";

export interface InvalidField {
  field: InvalidFieldName;
  propertyId: string;
  propertyUnitId: string;
}

/** registrationNumber is always listed before nationalIdentificationCode (§3). */
const FIELD_ORDER: Record<InvalidFieldName, number> = { registrationNumber: 0, nationalIdentificationCode: 1 };

export function sortInvalidFields(fields: InvalidField[]): InvalidField[] {
  return fields.toSorted((a, b) => FIELD_ORDER[a.field] - FIELD_ORDER[b.field] || a.propertyUnitId.localeCompare(b.propertyUnitId));
}

export interface UnitRegistration {
  propertyId: string;
  propertyUnitId: string;
  registrationNumber: string | null;
  registrationNumberRejected: boolean;
  nationalIdentificationCode: string | null;
  requiresRegistrationNumber: boolean;
  requiresNationalIdentificationCode: boolean;
}

/** A registration number is invalid when the country requires one and it is missing or was rejected. */
export function invalidFieldsOf(unit: UnitRegistration): InvalidField[] {
  const fields: InvalidField[] = [];
  const ids = { propertyId: unit.propertyId, propertyUnitId: unit.propertyUnitId };
  if (unit.registrationNumberRejected || (unit.requiresRegistrationNumber && !unit.registrationNumber?.trim())) {
    fields.push({ field: "registrationNumber", ...ids });
  }
  if (unit.requiresNationalIdentificationCode && !unit.nationalIdentificationCode?.trim()) {
    fields.push({ field: "nationalIdentificationCode", ...ids });
  }
  return sortInvalidFields(fields);
}

export type DisplayStatus =
  | { kind: "actionNeeded"; field: InvalidField; rejected: false }
  | { kind: "actionNeeded"; field: InvalidField | null; rejected: true }
  | { kind: "label"; state: ListingState; tone: StateTone };

export type StateTone = "error" | "primary" | "neutral";

/** The colour of a state's label (§4): rejected and deleted in the error colour, published in the primary, the rest gray. */
export function stateTone(state: ListingState): StateTone {
  if (state === "DELETED" || state === "REJECTED_BY_STAFF") return "error";
  return state === "PUBLISHED" ? "primary" : "neutral";
}

/**
 * How a property or unit shows in lists (§4 "Property display"). A unit rejected by staff makes
 * its property "action needed" plus rejected, whatever its other units' states. §4's "publishing"
 * (published, no marketplace link yet) needs the guest-facing listing page; until it exists a
 * published unit has no link and shows as published.
 */
export function displayStatus(state: ListingState, invalidFields: InvalidField[], rejectedByStaff = state === "REJECTED_BY_STAFF"): DisplayStatus {
  const [firstInvalid] = sortInvalidFields(invalidFields);
  if (rejectedByStaff) return { kind: "actionNeeded", field: firstInvalid ?? null, rejected: true };
  if (firstInvalid && state !== "IN_PROGRESS") return { kind: "actionNeeded", field: firstInvalid, rejected: false };
  return { kind: "label", state, tone: stateTone(state) };
}

/** A property's state follows its units: published if any unit is, else the most advanced one. */
export function propertyStateFromUnits(unitStates: ListingState[]): ListingState {
  const live = unitStates.filter((s) => s !== "DELETED");
  if (live.length === 0) return unitStates.length ? "DELETED" : "IN_PROGRESS";
  for (const state of ["PUBLISHED", "APPROVED", "UNDER_REVIEW", "REJECTED_BY_STAFF", "UNPUBLISHED"] as const) {
    if (live.includes(state)) return state;
  }
  return "IN_PROGRESS";
}

export type PublishProblem =
  | "state"
  | "title"
  | "description"
  | "address"
  | "photos"
  | "price"
  | "registrationNumber"
  | "nationalIdentificationCode"
  | "subscription"
  | "unitPublishCredits";

/** The host's running subscription as publishing sees it (§3 unit-publish credits). */
export interface PublishPlan {
  /** The unit is already under the plan: publishing it again spends no credit. */
  coversUnit: boolean;
  creditsLeft: number;
}

export interface PublishCheck {
  state: ListingState;
  title: string;
  description: string;
  hasAddress: boolean;
  photoCount: number;
  /** A nightly price is set. */
  hasPrice: boolean;
  invalidFields: InvalidField[];
  /**
   * The plan a subscription host publishes under: its running subscription, or "missing" when it
   * has none (nothing can be published without one). Null for hosts on commission, who need none.
   */
  plan: PublishPlan | "missing" | null;
}

/**
 * What stands in the way of publishing a unit, each missing piece named; empty means it can be
 * published. The one rule of publishability: the wizard's publish step, the single publish and the
 * bulk publish all ask it (through the host API).
 */
export function publishProblems(unit: PublishCheck): PublishProblem[] {
  const problems: PublishProblem[] = [];
  if (unit.state === "DELETED" || unit.state === "REJECTED_BY_STAFF") problems.push("state");
  if (!unit.title.trim()) problems.push("title");
  if (!unit.description.trim()) problems.push("description");
  if (!unit.hasAddress) problems.push("address");
  if (unit.photoCount === 0) problems.push("photos");
  if (!unit.hasPrice) problems.push("price");
  for (const field of sortInvalidFields(unit.invalidFields)) problems.push(field.field);
  if (unit.plan === "missing") problems.push("subscription");
  else if (unit.plan && !unit.plan.coversUnit && unit.plan.creditsLeft <= 0) problems.push("unitPublishCredits");
  return problems;
}

/** Whether publishing this unit spends one of the plan's unit-publish credits. */
export function publishSpendsCredit(plan: PublishCheck["plan"]): boolean {
  return plan !== null && plan !== "missing" && !plan.coversUnit;
}

/** Whether a unit counts as complete (§4: complete when its state is not in progress). */
export function isUnitComplete(state: ListingState) {
  return state !== "IN_PROGRESS";
}
