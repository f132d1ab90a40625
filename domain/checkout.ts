/**
 * A checkout at the payment provider (§7 subscription/in_progress): `open` once the provider made the
 * hosted page, `in_progress` when the host came back from it, then `paid` or `declined` as the
 * provider's webhook says. Only `paid` starts the plan.
 */
export const CHECKOUT_STATUSES = ["open", "in_progress", "paid", "declined"] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** What the provider says of its hosted page when asked (the host may come back before the webhook). */
export type HostedPageState = "open" | "succeeded" | "pending" | "failed";

/** The status a checkout moves to when the host comes back and the provider says `page`; a settled checkout stays. */
export function checkoutAfterReturn(current: CheckoutStatus, page: HostedPageState): CheckoutStatus {
  if (current === "paid" || current === "declined") return current;
  if (page === "failed") return "declined";
  if (page === "open") return current;
  return "in_progress";
}

/** Whether a webhook event may settle a checkout: only one that is not settled yet (a repeated event changes nothing). */
export function isSettled(status: CheckoutStatus): boolean {
  return status === "paid" || status === "declined";
}
