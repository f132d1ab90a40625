import { wizardKindOf, wizardState, type WizardContext } from "@domain/listing-steps";
import { regionalRequirementsApply } from "@domain/unit-sections";
import { deriveUserFlags } from "@domain/user-flags";
import { calendarStatusesOf } from "@api/calendar-verification/routes";
import type { Principal } from "@api/context";
import type { Database } from "@api/db/client";
import { presentRegionalRequirements } from "@api/properties/present";
import { unitInvalidFields, type PropertyRow, type UnitRow } from "@api/properties/queries";

/** What decides the wizard's steps for this host and unit (§2, §6), from what is stored. */
export async function wizardContextFor(db: Database, user: Principal["user"], property: PropertyRow, unit: UnitRow): Promise<WizardContext> {
  const flags = deriveUserFlags(user);
  const listingVerificationEnabled = flags.appFeatures.includes("listingVerification");
  // Only where listing verification is on does its status decide a step (§6).
  const calendarVerificationStatus = listingVerificationEnabled ? ((await calendarStatusesOf(db, user.id, [unit.id])).get(unit.id) ?? "not_started") : null;
  const required = presentRegionalRequirements(property);
  return {
    userType: user.type,
    onboardingFinished: user.onboardingStatus === "finished",
    commissionApplicable: flags.commissionApplicable,
    subscriptionApplicable: flags.subscriptionApplicable,
    hybrid: flags.commercialModel === "hybrid",
    isKYCApplicable: flags.isKYCApplicable,
    isSubscriptionCheckoutAvailable: flags.isSubscriptionCheckoutAvailable,
    isCoinSubscriptionEnabled: flags.isCoinSubscriptionEnabled,
    listingVerificationEnabled,
    calendarVerificationStatus,
    regionalRequirementsApply: regionalRequirementsApply({
      commissionApplicable: flags.commissionApplicable,
      regionalRequirements: { registrationNumber: required.registrationNumber.required, nationalIdentificationCode: required.nationalIdentificationCode.required },
      registrationNumber: unit.registrationNumber,
      nationalIdentificationCode: unit.nationalIdentificationCode,
      invalidFields: unitInvalidFields(property, unit),
    }),
  };
}

/**
 * The listing state of a unit in one answer (issue 10 §3): the wizard it walks, the steps this host
 * sees with what is done, the step to resume at and the weighted percent.
 */
export async function presentListingState(db: Database, user: Principal["user"], property: PropertyRow, unit: UnitRow) {
  const state = wizardState(wizardKindOf(property.propertyType), await wizardContextFor(db, user, property, unit), unit.listingSteps);
  const done = new Set<string>(state.completed);
  return {
    kind: state.kind,
    percent: state.percent,
    steps: state.steps.map((s) => ({ id: s.id, group: s.group, done: done.has(s.id) })),
    completedSteps: state.completed,
    nextStep: state.current.id,
  };
}
