import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import { propertyStateFromUnits, publishProblems, publishSpendsCredit, type ListingState, type PublishProblem } from "@domain/listing-status";
import { deriveUserFlags } from "@domain/user-flags";
import type { UserRow } from "@api/context";
import type { Database } from "@api/db/client";
import { properties, propertyUnits, unitPriceConfigurations, users } from "@api/db/schema";
import { ApiError, notFound, type FieldError } from "@api/lib/errors";
import { hasAddress, photoSummaries, unitInvalidFields, type PropertyRow, type UnitRow } from "@api/properties/queries";
import { loadDetails } from "@api/subscriptions/queries";
import { addUnit } from "@api/subscriptions/services";
import { publishPlanOf, runningSubscription } from "@api/subscriptions/unit-credits";

/*
 * Publishing and unpublishing units (§3, §4): one rule of publishability (domain/listing-status.ts)
 * asked the same way by the single publish, the bulk publish and the wizard's publish step.
 */

/** Writes the property's state and, on a first publish, the host's onboarding, with the unit change. */
export async function saveUnitState(db: Database, property: PropertyRow, unit: UnitRow, patch: Partial<UnitRow>, hostUserId: number) {
  const siblings = await db.select({ id: propertyUnits.id, state: propertyUnits.state }).from(propertyUnits).where(eq(propertyUnits.propertyId, property.id));
  const nextState = propertyStateFromUnits(siblings.map((s) => (s.id === unit.id ? (patch.state ?? s.state) : s.state) as ListingState));
  const now = new Date();
  const [updated] = await db.batch([
    db.update(propertyUnits).set({ ...patch, updatedAt: now }).where(eq(propertyUnits.id, unit.id)).returning(),
    db.update(properties).set({ state: nextState, updatedAt: now }).where(eq(properties.id, property.id)),
    ...(patch.state === "PUBLISHED" ? [db.update(users).set({ onboardingStatus: "finished", updatedAt: now }).where(eq(users.id, hostUserId))] : []),
  ]);
  return updated[0]!;
}

/** Everything publishing a unit depends on, and the running subscription whose credit it would spend. */
async function publishCheckOf(db: Database, host: UserRow, property: PropertyRow, unit: UnitRow) {
  const onSubscription = deriveUserFlags(host).commercialModel === "subscription";
  const [photos, [price], sub] = await Promise.all([
    photoSummaries(db, [unit.id]),
    db.select({ nightlyPrice: unitPriceConfigurations.nightlyPrice }).from(unitPriceConfigurations).where(eq(unitPriceConfigurations.unitId, unit.id)),
    onSubscription ? runningSubscription(db, host.id) : Promise.resolve(null),
  ]);
  const check = {
    state: unit.state as ListingState,
    title: unit.title,
    description: unit.description,
    hasAddress: hasAddress(property),
    photoCount: photos.get(unit.id)!.count,
    hasPrice: price?.nightlyPrice != null,
    invalidFields: unitInvalidFields(property, unit),
    plan: sub ? await publishPlanOf(db, sub, unit.id) : onSubscription ? ("missing" as const) : null,
  };
  return { check, sub };
}

/** What stands in the way of publishing the unit now (empty: it can be published). */
export async function unitPublishProblems(db: Database, host: UserRow, property: PropertyRow, unit: UnitRow): Promise<PublishProblem[]> {
  return publishProblems((await publishCheckOf(db, host, property, unit)).check);
}

export type PublishResult = { ok: true; unit: UnitRow } | { ok: false; errors: FieldError[] };

const refusal = (problem: string, prefix: "publish" | "unpublish"): FieldError => ({
  field: ["state", "subscription", "unitPublishCredits"].includes(problem) ? null : problem,
  message: `Missing or invalid: ${problem}`,
  type: `${prefix}_${problem}`,
});

export function publishRefusal(problems: PublishProblem[]): FieldError[] {
  return problems.map((p) => refusal(p, "publish"));
}

/**
 * Publishes a unit when nothing stands in the way; under a running subscription a unit not yet
 * under it takes one of the plan's unit-publish credits (checked again as it is taken).
 */
export async function publishUnit(db: Database, host: UserRow, property: PropertyRow, unit: UnitRow): Promise<PublishResult> {
  const { check, sub } = await publishCheckOf(db, host, property, unit);
  const problems = publishProblems(check);
  if (problems.length) return { ok: false, errors: publishRefusal(problems) };
  if (sub && publishSpendsCredit(check.plan)) {
    try {
      await addUnit(db, host, sub, await loadDetails(db, sub), unit, new Date());
    } catch (error) {
      // Taken meanwhile by another unit: the credit check inside the insert refused it.
      if (error instanceof ApiError) return { ok: false, errors: publishRefusal(["unitPublishCredits"]) };
      throw error;
    }
  }
  const updated = await saveUnitState(db, property, unit, { state: "PUBLISHED", publishedAt: unit.publishedAt ?? new Date() }, host.id);
  return { ok: true, unit: updated };
}

export async function unpublishUnit(db: Database, host: UserRow, property: PropertyRow, unit: UnitRow): Promise<PublishResult> {
  if (unit.state !== "PUBLISHED") return { ok: false, errors: [{ ...refusal("state", "unpublish"), message: "Only a published unit can be unpublished" }] };
  return { ok: true, unit: await saveUnitState(db, property, unit, { state: "UNPUBLISHED", links: [] }, host.id) };
}

/**
 * The host's units named by unit id or by property id (a property stands for all its units), in
 * list order. All or nothing: an id the host does not own makes the whole request "not found".
 */
export async function ownedUnitsOf(db: Database, hostUserId: number, ids: { unitIds: string[]; propertyIds: string[] }) {
  const rows = await db
    .select({ unit: propertyUnits, property: properties })
    .from(propertyUnits)
    .innerJoin(properties, eq(properties.id, propertyUnits.propertyId))
    .where(
      and(
        eq(propertyUnits.hostUserId, hostUserId),
        eq(properties.hostUserId, hostUserId),
        ne(propertyUnits.state, "DELETED"),
        ne(properties.state, "DELETED"),
        or(
          ids.unitIds.length ? inArray(propertyUnits.publicId, ids.unitIds) : undefined,
          ids.propertyIds.length ? inArray(properties.publicId, ids.propertyIds) : undefined,
        ),
      ),
    )
    .orderBy(asc(properties.id), asc(propertyUnits.position), asc(propertyUnits.id));
  const unitIds = new Set(rows.map((r) => r.unit.publicId));
  const propertyIds = new Set(rows.map((r) => r.property.publicId));
  if (!ids.unitIds.every((id) => unitIds.has(id)) || !ids.propertyIds.every((id) => propertyIds.has(id))) throw notFound("Unit");
  return rows;
}

/** The result of a bulk publish or unpublish, per unit, named by its and its property's title. */
export async function changeUnits(db: Database, host: UserRow, ids: { unitIds: string[]; propertyIds: string[] }, change: typeof publishUnit) {
  if (ids.unitIds.length + ids.propertyIds.length === 0) throw new ApiError(400, "Validation failed", [{ field: "unitIds", message: "Name at least one unit or property", type: "selection_empty" }]);
  const rows = await ownedUnitsOf(db, host.id, ids);
  const results = [];
  // One unit after the other: a property's state follows all of its units.
  for (const { unit, property } of rows) {
    const result = await change(db, host, property, unit);
    results.push({
      unitId: unit.publicId,
      unitTitle: unit.title,
      propertyId: property.publicId,
      propertyTitle: property.title,
      state: result.ok ? result.unit.state : unit.state,
      outcome: result.ok ? ("done" as const) : ("refused" as const),
      errors: result.ok ? [] : result.errors,
    });
  }
  return { results };
}
