import { eq, sql, type SQLWrapper } from "drizzle-orm";
import { INTERACTION_TYPES, user as contract, type InteractionType } from "@contract/user";
import { onboardingEligibility } from "@domain/eligibility";
import { notificationKey, NOTIFICATION_TYPES, type NotificationType } from "@domain/notifications";
import type { ApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { properties, subscriptions, userInteractions, users } from "@api/db/schema";
import { ApiError, notFound, validationFailed } from "@api/lib/errors";
import { MAX_UNITS_CONSIDERED, notificationReads, presentNotifications } from "@api/overview/queries";
import { contractRouter } from "@api/lib/openapi";
import { presentCurrentUser } from "./current-user";

/**
 * Prices and subscriptions are stored as amounts in the account's currency (§7: it is fixed by the
 * first account). Changing it afterwards would re-denominate every amount without converting it.
 */
async function hasAmountsInCurrency(db: Database, hostUserId: number): Promise<boolean> {
  const [row] = await db.all<{ found: number }>(sql`select exists (select 1 from ${properties} where ${properties.hostUserId} = ${hostUserId} and ${properties.state} <> 'DELETED')
      or exists (select 1 from ${subscriptions} where ${subscriptions.hostUserId} = ${hostUserId}) as found`);
  return Boolean(row?.found);
}

/** Interactions kept per user: the tooltips and tours, and a read mark per notification of each unit considered. */
const MAX_INTERACTIONS = INTERACTION_TYPES.length + NOTIFICATION_TYPES.length * (MAX_UNITS_CONSIDERED + 1);

/** The tooltips and tours the user has seen (or dismissed), and the notifications read (by `notificationKey`). */
export function listInteractions(db: Database, userId: number | SQLWrapper) {
  return db
    .select({ interactionType: userInteractions.interactionType, interacted: userInteractions.interacted, createdAt: userInteractions.createdAt })
    .from(userInteractions)
    .where(eq(userInteractions.userId, userId))
    .limit(MAX_INTERACTIONS);
}

/** Interactions as §3 answers them; only the known types are ever stored. */
export function presentInteractions(rows: { interactionType: string; interacted: boolean; createdAt: Date }[]) {
  return rows.flatMap(({ interactionType, interacted, createdAt }) =>
    INTERACTION_TYPES.map(String).includes(interactionType) ? [{ interactionType: interactionType as InteractionType, interacted, createdAt: createdAt.toISOString() }] : [],
  );
}

export const userRoutes = contractRouter<ApiEnv>()
  .openapi(contract.info, (c) => c.json(presentCurrentUser(c.var.principal), 200))
  .openapi(contract.updateInfo, async (c) => {
    const patch = c.req.valid("json");
    const { user } = c.var.principal;
    if (patch.companyName !== undefined && user.type !== "company") {
      throw validationFailed([{ field: "companyName", message: "Only company hosts have a company name", type: "not_applicable" }]);
    }
    if (patch.commercialModel !== undefined && patch.commercialModel !== user.commercialModel && user.onboardingStatus === "finished") {
      throw validationFailed([{ field: "commercialModel", message: "The way you pay is chosen during onboarding; contact us to change it", type: "commercial_model_locked" }]);
    }
    if (patch.currency !== undefined && patch.currency !== user.currency && (await hasAmountsInCurrency(c.var.db, user.id))) {
      throw new ApiError(409, "The currency is fixed once prices exist", [
        { field: "currency", message: "Your prices and subscription are in your account's currency; it cannot change once you have a property or a subscription", type: "currency_locked" },
      ]);
    }
    const [updated] = await c.var.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return c.json(presentCurrentUser({ ...c.var.principal, user: updated! }), 200);
  })
  .openapi(contract.interactions, async (c) => {
    const { db, principal } = c.var;
    const [interactions, units, [profile]] = await db.batch([listInteractions(db, principal.user.id), ...notificationReads(db, principal.user.id)]);
    const { bookingsAvailable, commissionApplicable } = presentCurrentUser(principal);
    return c.json({ interactions: presentInteractions(interactions), notifications: presentNotifications({ bookingsAvailable, commissionApplicable, createdAt: principal.user.createdAt }, units, profile, interactions) }, 200);
  })
  .openapi(contract.saveInteractions, async (c) => {
    const { interactions } = c.req.valid("json");
    const { db, principal } = c.var;
    const userId = principal.user.id;
    const [units, [profile]] = await db.batch(notificationReads(db, userId));
    const { bookingsAvailable, commissionApplicable } = presentCurrentUser(principal);
    // A notification is marked read only while it is raised for this host (another host's unit is never one).
    const raised = new Set(presentNotifications({ bookingsAvailable, commissionApplicable, createdAt: principal.user.createdAt }, units, profile, []).map((n) => notificationKey(n.type, n.unitId)));
    const keys = interactions.map((i) => {
      if ((INTERACTION_TYPES as readonly string[]).includes(i.interactionType)) return i.unitId === undefined ? i.interactionType : null;
      const key = notificationKey(i.interactionType as NotificationType, i.unitId ?? null);
      return raised.has(key) ? key : null;
    });
    if (keys.includes(null)) throw notFound("Notification");
    const [first, ...rest] = interactions.map((i, index) =>
      db
        .insert(userInteractions)
        .values({ userId, interactionType: keys[index]!, interacted: i.interacted })
        .onConflictDoUpdate({
          target: [userInteractions.userId, userInteractions.interactionType],
          set: { interacted: i.interacted, createdAt: sql`(unixepoch('subsec') * 1000)` },
        }),
    );
    await db.batch([first!, ...rest]);
    const rows = await listInteractions(db, userId);
    return c.json({ interactions: presentInteractions(rows), notifications: presentNotifications({ bookingsAvailable, commissionApplicable, createdAt: principal.user.createdAt }, units, profile, rows) }, 200);
  })
  // The answers of /listing/check-eligibility; an eligible host goes on to the first property.
  .openapi(contract.initOnboarding, async (c) => {
    const answers = c.req.valid("json");
    const user = c.var.principal.user;
    if (user.onboardingStatus === "finished") return c.json({ eligible: true, onboardingStatus: user.onboardingStatus }, 200);
    const answer = onboardingEligibility(answers);
    // Stored, so that a host told they may not list cannot create a property another way.
    await c.var.db.update(users).set({ listingEligibility: answer.eligible ? "eligible" : answer.reason, updatedAt: new Date() }).where(eq(users.id, user.id));
    return c.json({ ...answer, onboardingStatus: user.onboardingStatus }, 200);
  });
