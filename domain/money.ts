/** Currencies a host can choose; money is always integer minor units plus one of these. */
export const SUPPORTED_CURRENCIES = ["EUR", "CHF", "GBP", "USD"] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = "EUR";
