import { href } from "react-router";
import type { AccountTab } from "@domain/account-settings";

/** Each account tab's page; typed, so a renamed route breaks the typecheck. */
const TAB_PAGES = {
  profile: "/account/profile",
  billing: "/account/billing",
  payout: "/account/payout",
  pricing: "/account/pricing",
  payment: "/account/payment",
  earnings: "/account/earnings",
  localization: "/account/localization",
} as const satisfies Record<AccountTab, Parameters<typeof href>[0]>;

export function accountTabHref(tab: AccountTab): string {
  return href(TAB_PAGES[tab]);
}
