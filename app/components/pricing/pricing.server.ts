import type { RouterContextProvider } from "react-router";
import { hostApi } from "@contract/index";
import type { PromotionState, PromotionType } from "@domain/pricing";
import { authContext } from "~/lib/auth.server";

type Context = Readonly<RouterContextProvider>;

export function loadPriceConfiguration(context: Context, unitId: string) {
  return context.get(authContext).call(hostApi.pricing.configuration, { params: { id: unitId } });
}

export function loadPromotions(context: Context, unitId: string) {
  return context.get(authContext).call(hostApi.pricing.promotions, { params: { id: unitId } });
}

export async function setPromotion(context: Context, unitId: string, type: PromotionType, state: PromotionState) {
  await context.get(authContext).call(hostApi.pricing.setPromotion, { params: { id: unitId }, body: { type, state } });
}
