import type { RouterContextProvider } from "react-router";
import { hostApi } from "@contract/index";
import type { PromotionState, PromotionType } from "@domain/pricing";
import { authContext } from "~/lib/auth.server";
import { refusalOf } from "~/lib/host-api.server";

type Context = Readonly<RouterContextProvider>;

export function loadPriceConfiguration(context: Context, unitId: string) {
  return context.get(authContext).call(hostApi.pricing.configuration, { params: { id: unitId } });
}

export function loadPromotions(context: Context, unitId: string) {
  return context.get(authContext).call(hostApi.pricing.promotions, { params: { id: unitId } });
}

/**
 * A JSON merge-patch of the unit's price configuration (§7 PATCH price-configuration). Answers null,
 * or the refusal as field errors (dotted API fields such as `seasonsPricing.0.dateTo`) and form errors.
 */
export async function patchPriceConfiguration(context: Context, unitId: string, patch: Record<string, unknown>) {
  try {
    await context.get(authContext).call(hostApi.pricing.patchConfiguration, { params: { id: unitId }, body: patch });
    return null;
  } catch (error) {
    const refusal = refusalOf(error);
    const { form = [], ...fields } = refusal.codes();
    return { fields, form };
  }
}

export async function setPromotion(context: Context, unitId: string, type: PromotionType, state: PromotionState) {
  await context.get(authContext).call(hostApi.pricing.setPromotion, { params: { id: unitId }, body: { type, state } });
}
