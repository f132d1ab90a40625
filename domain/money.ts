import { z } from "zod";

/** Currencies a host can choose; money is always integer minor units plus one of these. */
export const SUPPORTED_CURRENCIES = ["EUR", "CHF", "GBP", "USD"] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "EUR";

/**
 * An amount as a host types it in major units ("120", "120.5", "1 200,50") in minor units
 * (12050), or null when it is not a non-negative amount with at most two decimals.
 */
export function parseMajorAmount(text: string): number | null {
  const compact = text.trim().replace(/[\s\u00a0\u202f']/g, "");
  const match = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/** An amount field of a form ("120.50") read into minor units; `amount_invalid` when it is not one. */
export const majorAmountSchema = z.string({ message: "required" }).transform((text, context) => {
  const amount = parseMajorAmount(text);
  if (amount === null) context.addIssue({ code: "custom", message: "amount_invalid" });
  return amount ?? 0;
});

/** Minor units back to what the host typed, without grouping: 12050 → "120.50", 12000 → "120". */
export function toMajorText(minorUnits: number): string {
  const whole = Math.trunc(minorUnits / 100);
  const cents = minorUnits % 100;
  return cents ? `${whole}.${String(cents).padStart(2, "0")}` : String(whole);
}
