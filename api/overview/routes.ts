import { desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Context } from "hono";
import { home as contract } from "@contract/home";
import { isComplete, NO_LANGUAGE_PREFERENCE, preferableLanguages } from "@domain/guest-profile";
import { DEFAULT_LOCALE, LANGUAGE_PARAM, resolveLocale } from "@domain/locales";
import { tasksOf } from "@domain/tasks";
import { deriveUserFlags } from "@domain/user-flags";
import { articleStepKey, KNOWLEDGE_CATEGORIES, knowledgeArticlesFor, topicsOf, type ContactTopic, type KnowledgeCategory } from "@domain/support";
import type { ApiEnv } from "@api/context";
import type { Database } from "@api/db/client";
import { contactMessages, guestPreferences, hostProfiles, icalFeeds, userInteractions, userTasks, users } from "@api/db/schema";
import { notFound, validationFailed } from "@api/lib/errors";
import { newPublicId } from "@api/lib/ids";
import { contractRouter } from "@api/lib/openapi";
import { translator } from "@api/lib/translate";
import { notificationReads, profileOf } from "./queries";

/** Texts follow `hl`, else the host's language. */
function translate(c: Context<ApiEnv>) {
  return translator(resolveLocale(c.req.query(LANGUAGE_PARAM)) ?? resolveLocale(c.var.principal.user.locale) ?? DEFAULT_LOCALE);
}

/** The host's ideal guest as saved and the languages the host's profile says they speak, in one batch. */
async function guestProfileReads(db: Database, userId: number) {
  const [[row], [profile]] = await db.batch([
    db.select().from(guestPreferences).where(eq(guestPreferences.userId, userId)).limit(1),
    db.select({ hostLanguages: hostProfiles.hostLanguages }).from(hostProfiles).where(eq(hostProfiles.hostUserId, userId)).limit(1),
  ]);
  return { row, spoken: profile?.hostLanguages ?? [] };
}

async function taskFacts(db: Database, userId: number, { bookingsAvailable, commissionApplicable }: { bookingsAvailable: boolean; commissionApplicable: boolean }) {
  const [units, [profile], tour, feeds] = await db.batch([
    ...notificationReads(db, userId),
    db.select({ interacted: userInteractions.interacted }).from(userInteractions).where(sql`${userInteractions.userId} = ${userId} and ${userInteractions.interactionType} = 'welcomeTour'`).limit(1),
    db.select({ found: sql<number>`1` }).from(icalFeeds).where(eq(icalFeeds.hostUserId, userId)).limit(1),
  ]);
  return {
    tourSeen: Boolean(tour[0]?.interacted),
    hasGuestProfile: Boolean(profile?.completedAt),
    hasActivePromotion: units.some((u) => u.hasActivePromotion),
    hasCalendarFeed: feeds.length > 0,
    bookingsAvailable,
    commissionApplicable,
    hasPublishedUnit: units.some((u) => u.state === "PUBLISHED"),
  };
}

const CONTACT_PAGE_SIZE = 25;

export const homeRoutes = contractRouter<ApiEnv>()
  .openapi(contract.updateTask, async (c) => {
    const { taskType } = c.req.valid("param");
    const { status } = c.req.valid("json");
    const { db, principal } = c.var;
    await db
      .insert(userTasks)
      .values({ userId: principal.user.id, taskType, status })
      .onConflictDoUpdate({ target: [userTasks.userId, userTasks.taskType], set: { status, updatedAt: new Date() } });
    const stored = await db.select({ taskType: userTasks.taskType, status: userTasks.status }).from(userTasks).where(eq(userTasks.userId, principal.user.id)).limit(20);
    return c.json({ tasks: tasksOf(stored, await taskFacts(db, principal.user.id, deriveUserFlags(principal.user))) }, 200);
  })
  .openapi(contract.guestPreferences, async (c) => {
    const { db, principal } = c.var;
    const { row, spoken } = await guestProfileReads(db, principal.user.id);
    return c.json({ ...profileOf(row), hostLanguages: preferableLanguages(principal.user.locale, spoken) }, 200);
  })
  .openapi(contract.updateGuestPreferences, async (c) => {
    const { completed, ...answers } = c.req.valid("json");
    const { db, principal } = c.var;
    const userId = principal.user.id;
    const { row: current, spoken } = await guestProfileReads(db, userId);
    const offered = preferableLanguages(principal.user.locale, spoken);
    // §2 Guest: one of the host's languages, or no preference.
    if (answers.language !== undefined && answers.language !== NO_LANGUAGE_PREFERENCE && !offered.includes(answers.language)) {
      throw validationFailed([{ field: "language", message: "Choose one of your languages, or no preference", type: "invalid_choice" }]);
    }
    const next = { ...profileOf(current), ...answers };
    if (completed && !isComplete(next)) {
      throw validationFailed(
        (["bookingTimes", "stayDurations", "startOfStay", "groupSizes", "language"] as const)
          .filter((field) => (field === "language" ? next.language === null : next[field].length === 0))
          .map((field) => ({ field, message: "Choose at least one option", type: "required" })),
      );
    }
    const values = { bookingTimes: next.bookingTimes, stayDurations: next.stayDurations, startOfStay: next.startOfStay, groupSizes: next.groupSizes, language: next.language, updatedAt: new Date() };
    const completedAt = completed ? new Date() : (current?.completedAt ?? null);
    const writes = [
      db
        .insert(guestPreferences)
        .values({ userId, ...values, completedAt })
        .onConflictDoUpdate({ target: guestPreferences.userId, set: { ...values, completedAt } }),
      // The flow is the task: begun with the first answer, done when confirmed.
      db
        .insert(userTasks)
        .values({ userId, taskType: "describeIdealGuest", status: completedAt ? "done" : "in_progress" })
        .onConflictDoUpdate({ target: [userTasks.userId, userTasks.taskType], set: { status: completedAt ? "done" : sql`case when ${userTasks.status} = 'hidden' then 'hidden' else 'in_progress' end`, updatedAt: new Date() } }),
    ] as const;
    await db.batch(writes);
    const [row] = await db.select().from(guestPreferences).where(eq(guestPreferences.userId, userId)).limit(1);
    return c.json({ ...profileOf(row), hostLanguages: offered }, 200);
  })
  .openapi(contract.contactTopics, (c) => {
    const t = translate(c);
    const { type } = c.req.valid("query");
    return c.json({ topics: topicsOf(type ?? "general").map((value) => ({ value, name: t(`help:topics.${value}`) })) }, 200);
  })
  .openapi(contract.sendContactForm, async (c) => {
    const { topic, body, pageId, propertyUnitId } = c.req.valid("json");
    const { db, principal } = c.var;
    const publicId = newPublicId("msg");
    await db.insert(contactMessages).values({ publicId, userId: principal.user.id, staffUserId: principal.impersonator?.id ?? null, topic, body, pageId: pageId || null, propertyUnitId: propertyUnitId || null });
    return c.json({ publicId }, 201);
  })
  .openapi(contract.knowledgeArticles, (c) => {
    const t = translate(c);
    const asked = (c.req.valid("query").categories ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = asked.filter((category) => !(KNOWLEDGE_CATEGORIES as readonly string[]).includes(category));
    if (unknown.length) throw validationFailed([{ field: "categories", message: `Unknown categories: ${unknown.join(", ")}`, type: "invalid_choice" }]);
    const wanted = new Set(asked as KnowledgeCategory[]);
    const flags = deriveUserFlags(c.var.principal.user);
    const articles = knowledgeArticlesFor(wanted, flags).map((a) => ({
      id: a.id,
      category: a.category,
      title: t(`help:articles.${a.id}.title`),
      summary: t(`help:articles.${a.id}.summary`),
      steps: Array.from({ length: a.steps }, (_, i) => t(articleStepKey(a.id, i + 1, flags))),
    }));
    return c.json({ articles }, 200);
  })
  .openapi(contract.contactMessages, async (c) => {
    const actor = c.var.principal.impersonator ?? c.var.principal.user;
    if (actor.role !== "staff") throw notFound();
    const { page } = c.req.valid("query");
    const staff = alias(users, "staff");
    const rows = await c.var.db
      .select({ message: contactMessages, host: { userId: users.publicId, firstName: users.firstName, lastName: users.lastName, companyName: users.companyName, type: users.type, email: users.email }, staffName: sql<string | null>`${staff.firstName} || ' ' || ${staff.lastName}`.as("staff_name") })
      .from(contactMessages)
      .innerJoin(users, eq(users.id, contactMessages.userId))
      .leftJoin(staff, eq(staff.id, contactMessages.staffUserId))
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(CONTACT_PAGE_SIZE + 1)
      .offset((page - 1) * CONTACT_PAGE_SIZE);
    const items = rows.slice(0, CONTACT_PAGE_SIZE).map(({ message, host, staffName }) => ({
      publicId: message.publicId,
      topic: message.topic as ContactTopic,
      body: message.body,
      pageId: message.pageId,
      propertyUnitId: message.propertyUnitId,
      host: { userId: host.userId, fullName: host.type === "company" && host.companyName ? host.companyName : `${host.firstName} ${host.lastName}`, email: host.email },
      sentByStaff: staffName,
      createdAt: message.createdAt.toISOString(),
    }));
    return c.json({ items, pagination: { current: page, next: rows.length > CONTACT_PAGE_SIZE ? page + 1 : page } }, 200);
  });
