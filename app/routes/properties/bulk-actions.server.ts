import { hostApi } from "@contract/index";
import type { Auth } from "~/lib/auth.server";
import { MAX_BULK_SELECTION } from "./bulk-limits";

export type BulkIntent = "publish" | "unpublish" | "delete";

export interface BulkResult {
  propertyId: string;
  title: string;
  outcome: "done" | "refused";
  /** Error codes of the units that could not be changed, e.g. publish_registrationNumber. */
  reasons: string[];
}

/**
 * Runs one bulk action over the selected properties in one host API call, and reports each
 * property's outcome (refusals included) instead of failing all. A property is done when one of its
 * units changed, or none had to.
 */
export async function runBulkAction(call: Auth["call"], intent: BulkIntent, propertyIds: string[]): Promise<BulkResult[]> {
  const selection = propertyIds.slice(0, MAX_BULK_SELECTION);
  if (intent === "delete") {
    const { results } = await call(hostApi.properties.bulkRemove, { body: { propertyIds: selection } });
    return results.map((r) => ({ propertyId: r.propertyId, title: r.propertyTitle, outcome: "done", reasons: [] }));
  }
  const body = { propertyIds: selection };
  const { results } = intent === "publish" ? await call(hostApi.units.bulkPublish, { body }) : await call(hostApi.units.bulkUnpublish, { body });
  const byProperty = new Map<string, { title: string; changed: number; reasons: Set<string> }>();
  for (const unit of results) {
    const property = byProperty.get(unit.propertyId) ?? { title: unit.propertyTitle, changed: 0, reasons: new Set<string>() };
    if (unit.outcome === "done") property.changed += 1;
    for (const error of unit.errors) property.reasons.add(error.type);
    byProperty.set(unit.propertyId, property);
  }
  return [...byProperty].map(([propertyId, p]) => ({
    propertyId,
    title: p.title,
    outcome: p.changed > 0 || p.reasons.size === 0 ? "done" : "refused",
    reasons: [...p.reasons],
  }));
}
