import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { singleLineText } from "@domain/text";
import { HOST_ROLES, onboardingEligibility } from "@domain/eligibility";
import { LOCALES } from "@domain/locales";
import { SUPPORTED_CURRENCIES } from "@domain/money";
import type { ApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { properties, subscriptions, userInteractions, users } from "@api/db/schema";
import { ApiError } from "@api/lib/errors";
import { readJson } from "@api/lib/validation";
import { presentCurrentUser } from "./current-user";

const name = singleLineText(80).min(1, "required");

const patchUserInfo = z
  .object({
    firstName: name,
    lastName: name,
    alias: singleLineText(80).nullable(),
    companyName: singleLineText(120).min(1, "required"),
    locale: z.enum(LOCALES, { message: "invalid_choice" }),
    currency: z.enum(SUPPORTED_CURRENCIES, { message: "currency_invalid" }),
    // How the host pays (the wizard's commercial-model step); chosen once, while onboarding.
    commercialModel: z.enum(["subscription", "commission"]),
  })
  .partial()
  .strict();

export const INTERACTION_TYPES = ["helpCenterTooltip", "welcomeTour"] as const;

const putInteractions = z
  .object({
    interactions: z
      .array(z.object({ interactionType: z.enum(INTERACTION_TYPES), interacted: z.boolean() }).strict())
      .min(1)
      .max(INTERACTION_TYPES.length),
  })
  .strict();

/**
 * Prices and subscriptions are stored as amounts in the account's currency (§7: it is fixed by the
 * first account). Changing it afterwards would re-denominate every amount without converting it.
 */
async function hasAmountsInCurrency(db: Database, hostUserId: number): Promise<boolean> {
  const [row] = await db.all<{ found: number }>(sql`select exists (select 1 from ${properties} where ${properties.hostUserId} = ${hostUserId} and ${properties.state} <> 'DELETED')
      or exists (select 1 from ${subscriptions} where ${subscriptions.hostUserId} = ${hostUserId}) as found`);
  return Boolean(row?.found);
}

/** The tooltips and tours the user has seen (or dismissed). */
export function listInteractions(db: Database, userId: number) {
  return db
    .select({ interactionType: userInteractions.interactionType, interacted: userInteractions.interacted, createdAt: userInteractions.createdAt })
    .from(userInteractions)
    .where(eq(userInteractions.userId, userId))
    .limit(INTERACTION_TYPES.length);
}

export const userRoutes = new Hono<ApiEnv>()
  .get("/user/info", (c) => c.json(presentCurrentUser(c.var.principal)))
  .patch("/user/info", async (c) => {
    const patch = await readJson(c, patchUserInfo);
    const { user } = c.var.principal;
    if (patch.companyName !== undefined && user.type !== "company") {
      return c.json(
        { message: "Validation failed", errors: [{ field: "companyName", message: "Only company hosts have a company name", type: "not_applicable" }] },
        400,
      );
    }
    if (patch.commercialModel !== undefined && patch.commercialModel !== user.commercialModel && user.onboardingStatus === "finished") {
      return c.json(
        { message: "Validation failed", errors: [{ field: "commercialModel", message: "The way you pay is chosen during onboarding; contact us to change it", type: "commercial_model_locked" }] },
        400,
      );
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
    return c.json(presentCurrentUser({ ...c.var.principal, user: updated! }));
  })
  .get("/user/interactions", async (c) => c.json({ interactions: await listInteractions(c.var.db, c.var.principal.user.id) }))
  .put("/user/interaction", async (c) => {
    const { interactions } = await readJson(c, putInteractions);
    const userId = c.var.principal.user.id;
    const db = c.var.db;
    const [first, ...rest] = interactions.map((i) =>
        db
          .insert(userInteractions)
          .values({ userId, interactionType: i.interactionType, interacted: i.interacted })
          .onConflictDoUpdate({
            target: [userInteractions.userId, userInteractions.interactionType],
            set: { interacted: i.interacted, createdAt: sql`(unixepoch('subsec') * 1000)` },
          }),
    );
    await db.batch([first!, ...rest]);
    const rows = await db
      .select()
      .from(userInteractions)
      .where(and(eq(userInteractions.userId, userId)));
    return c.json({ interactions: rows.map(({ interactionType, interacted, createdAt }) => ({ interactionType, interacted, createdAt })) });
  })
  // The answers of /listing/check-eligibility; an eligible host goes on to the first property.
  .post("/user/init-onboarding", async (c) => {
    const answers = await readJson(c, z.object({ countryCode: z.string().trim().min(2, "required").max(5), hostRole: z.enum(HOST_ROLES) }).strict());
    const user = c.var.principal.user;
    if (user.onboardingStatus === "finished") return c.json({ eligible: true, onboardingStatus: user.onboardingStatus });
    const answer = onboardingEligibility(answers);
    // Stored, so that a host told they may not list cannot create a property another way.
    await c.var.db.update(users).set({ listingEligibility: answer.eligible ? "eligible" : answer.reason, updatedAt: new Date() }).where(eq(users.id, user.id));
    return c.json({ ...answer, onboardingStatus: user.onboardingStatus });
  });
