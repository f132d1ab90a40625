import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";

type Context = Readonly<RouterContextProvider>;

/** GET /api/app/property-unit/{id}/price-configuration, the parts the web uses (amounts in minor units). */
export const priceConfigurationSchema = z.object({
  currency: z.string(),
  nightlyPrice: z.number().nullable(),
  minStay: z.number(),
  maxStay: z.number(),
  extraGuestPrice: z.number().nullable(),
  extraGuestsCount: z.number().nullable(),
  seasonsPricing: z.array(
    z.object({
      id: z.string(),
      dateFrom: z.string(),
      dateTo: z.string(),
      recurrence: z.enum(["one-time", "recurring"]),
      nightlyPrice: z.number(),
      minStay: z.number().nullable(),
      extraGuestPrice: z.number().nullable(),
    }),
  ),
});
export type PriceConfiguration = z.infer<typeof priceConfigurationSchema>;

export const promotionsSchema = z.object({
  items: z.array(z.object({ type: z.string(), state: z.enum(["ACTIVE", "INACTIVE"]), data: z.object({ discount: z.number() }) })),
});

const path = (unitId: string) => `/api/app/property-unit/${encodeURIComponent(unitId)}`;

export function loadPriceConfiguration(context: Context, unitId: string) {
  return context.get(authContext).api("GET", `${path(unitId)}/price-configuration`, { schema: priceConfigurationSchema });
}

export function loadPromotions(context: Context, unitId: string) {
  return context.get(authContext).api("GET", `${path(unitId)}/promotions`, { schema: promotionsSchema });
}

/**
 * A JSON merge-patch of the unit's price configuration (§7 PATCH price-configuration). Answers null,
 * or the refusal as field errors (dotted API fields such as `seasonsPricing.0.dateTo`) and form errors.
 */
export async function patchPriceConfiguration(context: Context, unitId: string, patch: Record<string, unknown>) {
  try {
    await context.get(authContext).api("PATCH", `${path(unitId)}/price-configuration`, { body: patch, schema: priceConfigurationSchema });
    return null;
  } catch (error) {
    const refusal = refusalOf(error);
    const { form = [], ...fields } = refusal.codes();
    return { fields, form };
  }
}

export async function setPromotion(context: Context, unitId: string, type: string, state: "ACTIVE" | "INACTIVE") {
  await context.get(authContext).api("POST", `${path(unitId)}/promotion`, { body: { type, state } });
}
