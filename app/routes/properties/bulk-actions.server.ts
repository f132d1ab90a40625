import { propertySchema } from "~/lib/api-types";
import type { Auth } from "~/lib/auth.server";
import { HostApiError } from "~/lib/host-api.server";
import { MAX_BULK_SELECTION } from "./bulk-limits";

export type BulkIntent = "publish" | "unpublish" | "delete";

export interface BulkResult {
  propertyId: string;
  title: string;
  outcome: "done" | "refused" | "notFound";
  /** Error codes of the units that could not be changed, e.g. publish_registrationNumber. */
  reasons: string[];
}


/**
 * Runs one bulk action over the selected properties, property by property through the host API's
 * own endpoints, and reports each property's outcome (refusals included) instead of failing all.
 */
export async function runBulkAction(api: Auth["api"], intent: BulkIntent, propertyIds: string[]): Promise<BulkResult[]> {
  return Promise.all(
    propertyIds.slice(0, MAX_BULK_SELECTION).map(async (propertyId): Promise<BulkResult> => {
      let property;
      try {
        property = await api("GET", `/api/app/properties/${encodeURIComponent(propertyId)}`, { schema: propertySchema });
      } catch (error) {
        if (error instanceof HostApiError && error.status === 404) return { propertyId, title: "", outcome: "notFound", reasons: [] };
        throw error;
      }
      if (intent === "delete") {
        await api("DELETE", `/api/app/properties/${encodeURIComponent(propertyId)}`);
        return { propertyId, title: property.title, outcome: "done", reasons: [] };
      }
      const reasons = new Set<string>();
      let changed = 0;
      for (const unitId of property.unitIds) {
        try {
          await api("PATCH", `/api/app/property-unit/${encodeURIComponent(unitId)}/${intent}`);
          changed += 1;
        } catch (error) {
          if (!(error instanceof HostApiError) || error.status !== 409) throw error;
          for (const e of error.all()) reasons.add(e.type);
        }
      }
      return { propertyId, title: property.title, outcome: changed > 0 || reasons.size === 0 ? "done" : "refused", reasons: [...reasons] };
    }),
  );
}
