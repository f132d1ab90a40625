import { eq, type Placeholder } from "drizzle-orm";
import type { UserRow } from "@api/context";
import { cachedStatement } from "@api/db/cached-statement";
import type { Database } from "@api/db/client";
import { hostBusinessDetails, hostIndividualDetails } from "@api/db/schema";
import { presentBusinessDetails, presentIndividualDetails } from "@api/onboarding/routes";

/**
 * The account's billing tab (§3 Tax and company details) with the shell's call (decision 024): the
 * host's details row of each kind, by primary key, in the shell's D1 batch; the page shows the one
 * of the host's type, as GET user/onboarding/getIndividualDetails or getBusinessDetails answers it.
 */
const individualRow = cachedStatement((db, $: (name: "hostUserId") => Placeholder) => db.select().from(hostIndividualDetails).where(eq(hostIndividualDetails.hostUserId, $("hostUserId"))));
const businessRow = cachedStatement((db, $: (name: "hostUserId") => Placeholder) => db.select().from(hostBusinessDetails).where(eq(hostBusinessDetails.hostUserId, $("hostUserId"))));

export const billingReads = (db: Database, hostUserId: number) => [individualRow(db, { hostUserId }), businessRow(db, { hostUserId })] as const;

export function presentBilling(
  user: UserRow,
  [[individual], [business]]: readonly [(typeof hostIndividualDetails.$inferSelect)[], (typeof hostBusinessDetails.$inferSelect)[]],
) {
  return user.type === "company"
    ? { individual: null, business: presentBusinessDetails(user, business) }
    : { individual: presentIndividualDetails(user, individual), business: null };
}
