import { createRoute, z } from "@hono/zod-openapi";
import { CONTACT_TOPIC_TYPES, CONTACT_TOPICS, KNOWLEDGE_CATEGORIES } from "@domain/support";
import { BOOKING_TIMES, GROUP_SIZES, GUEST_LANGUAGES, NO_LANGUAGE_PREFERENCE, STAY_DURATIONS, START_OF_STAY } from "@domain/guest-profile";
import { NOTIFICATION_TYPES } from "@domain/notifications";
import { TASK_STATUSES, TASK_TYPES } from "@domain/tasks";
import { multiLineText } from "@domain/text";
import { commonErrors, json, jsonBody, security } from "./http";

/**
 * The host's day (§2 Home, §3 Notification, Task, Contact form, Guest profile, §7 User): the
 * overview's data, notifications, tasks, the ideal guest, help articles and the support form.
 */

export const notificationSchema = z
  .object({
    type: z.enum(NOTIFICATION_TYPES),
    unitId: z.string().nullable().openapi({ description: "The unit it is about, when it is about one" }),
    propertyId: z.string().nullable(),
    unitTitle: z.string().nullable(),
    read: z.boolean().openapi({ description: "Interacted: the host opened it or marked all as read" }),
    createdAt: z.iso.datetime(),
  })
  .openapi("Notification");
export type Notification = z.infer<typeof notificationSchema>;

export const taskSchema = z.object({ taskType: z.enum(TASK_TYPES), status: z.enum(TASK_STATUSES) }).openapi("Task");

const stayItem = z.object({
  kind: z.enum(["booking", "request", "inquiry"]),
  publicId: z.string(),
  guestName: z.string(),
  guests: z.number().int(),
  checkIn: z.string(),
  checkOut: z.string(),
  unitId: z.string(),
  unitTitle: z.string(),
});

export const overviewSchema = z
  .object({
    today: z.string().openapi({ description: "Today where the host's first property is (YYYY-MM-DD)" }),
    timeZone: z.string(),
    checkInsToday: z.array(stayItem),
    checkInsTomorrow: z.array(stayItem),
    checkOutsToday: z.array(stayItem),
    checkOutsTomorrow: z.array(stayItem),
    stayingNow: z.array(stayItem),
    requests: z.array(stayItem.extend({ expirationTime: z.iso.datetime() })).openapi({ description: "The pending requests that expire first (at most 5); the shell's pendingCount counts all" }),
    inquiries: z.object({ count: z.number().int(), items: z.array(stayItem) }).nullable().openapi({ description: "Open inquiries (subscription hosts), else null" }),
    tasks: z.array(taskSchema).openapi({ description: "Every task that applies, with its status" }),
    listingIssues: z.array(
      z.object({ unitId: z.string(), propertyId: z.string(), title: z.string(), issue: z.enum(["actionNeeded", "rejected"]), rejectionReason: z.string().nullable(), field: z.string().nullable() }),
    ),
    subscription: z
      .object({
        publicId: z.string(),
        expirationDate: z.iso.datetime(),
        expiry: z.enum(["ok", "expiring", "expired"]),
        leads: z.object({ remaining: z.number().int(), total: z.number().int().nullable(), state: z.enum(["ok", "low", "empty"]) }),
        unitPublish: z.object({ remaining: z.number().int(), quota: z.number().int(), state: z.enum(["ok", "low", "empty"]) }),
      })
      .nullable(),
    month: z.object({
      from: z.string(),
      to: z.string(),
      earnings: z.object({ amount: z.number().int(), currency: z.string() }).openapi({ description: "Payout of this month's nights (confirmed and completed stays), in minor units" }),
      bookedNights: z.number().int().openapi({ description: "Nights of this month taken by stays and confirmed inquiries, as GET /insights/occupancy counts them" }),
      occupancyPercent: z
        .number()
        .nullable()
        .openapi({ description: "This month's occupancy of all the host's units as GET /insights/occupancy counts it (booked nights over the nights for sale), in percent with one decimal; null when no night was for sale" }),
    }),
    unreadMessages: z.number().int().nullable().openapi({ description: "Unread guest messages, when the inbox applies (commission hosts); else null" }),
  })
  .openapi("Overview");
export type Overview = z.infer<typeof overviewSchema>;

export const guestProfileSchema = z
  .object({
    bookingTimes: z.array(z.enum(BOOKING_TIMES)),
    stayDurations: z.array(z.enum(STAY_DURATIONS)),
    startOfStay: z.array(z.enum(START_OF_STAY)),
    groupSizes: z.array(z.enum(GROUP_SIZES)),
    language: z.enum([...GUEST_LANGUAGES, NO_LANGUAGE_PREFERENCE]).nullable(),
    completed: z.boolean().openapi({ description: "The host confirmed the profile on the flow's last step" }),
    hostLanguages: z.array(z.enum(GUEST_LANGUAGES)).openapi({ description: "The languages the host may choose from" }),
  })
  .openapi("GuestPreferences");
export type GuestPreferences = z.infer<typeof guestProfileSchema>;

/** The host's ideal guest as a request or inquiry carries it: what its match level is measured against. */
export const idealGuestSchema = guestProfileSchema
  .omit({ completed: true, hostLanguages: true })
  .nullable()
  .openapi("IdealGuest", { description: "The host's confirmed ideal guest (§2 Guest), to show the guest's match level; null until the host confirmed one" });
export type IdealGuest = z.infer<typeof idealGuestSchema>;

const unique = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(10)
    .refine((list) => new Set(list).size === list.length, "duplicate");

export const patchGuestProfileSchema = z
  .object({
    bookingTimes: unique(z.enum(BOOKING_TIMES)).min(1, "required"),
    stayDurations: unique(z.enum(STAY_DURATIONS)).min(1, "required"),
    startOfStay: unique(z.enum(START_OF_STAY)).min(1, "required"),
    groupSizes: unique(z.enum(GROUP_SIZES)).min(1, "required"),
    language: z.enum([...GUEST_LANGUAGES, NO_LANGUAGE_PREFERENCE], { message: "required" }),
    completed: z.literal(true).openapi({ description: "Confirms the profile (the flow's last step); every criterion must be answered by then" }),
  })
  .partial()
  .strict();

export const contactTopicSchema = z.object({ name: z.string(), value: z.enum(CONTACT_TOPICS) }).openapi("ContactTopic");

export const contactFormSchema = z
  .object({
    topic: z.enum(CONTACT_TOPICS, { message: "required" }),
    body: multiLineText(4000).min(10, "too_short"),
    pageId: z.string().trim().max(200).nullable().optional(),
    propertyUnitId: z.string().trim().max(64).nullable().optional(),
  })
  .strict();

export const contactMessageSchema = z
  .object({
    publicId: z.string(),
    topic: z.enum(CONTACT_TOPICS),
    body: z.string(),
    pageId: z.string().nullable(),
    propertyUnitId: z.string().nullable(),
    host: z.object({ userId: z.string(), fullName: z.string(), email: z.string() }),
    sentByStaff: z.string().nullable().openapi({ description: "The staff member who wrote it while acting for the host" }),
    createdAt: z.iso.datetime(),
  })
  .openapi("ContactMessage");

export const knowledgeArticleSchema = z
  .object({ id: z.string(), category: z.enum(KNOWLEDGE_CATEGORIES), title: z.string(), summary: z.string(), steps: z.array(z.string()) })
  .openapi("KnowledgeArticle");

const tags = ["User"];
const language = z.string().max(10).optional().openapi({ description: "The language of the texts (§9 hl); else the host's" });

export const home = {
  updateTask: createRoute({
    method: "patch",
    path: "/api/app/user/task/{taskType}",
    tags,
    summary: "Set a task's status (start, finish or hide it)",
    security,
    request: { params: z.object({ taskType: z.enum(TASK_TYPES) }), body: jsonBody(z.object({ status: z.enum(TASK_STATUSES) }).strict()) },
    responses: { 200: json(z.object({ tasks: z.array(taskSchema) }), "Every task that applies, with its status"), ...commonErrors },
  }),
  guestPreferences: createRoute({
    method: "get",
    path: "/api/app/user/guest-preferences",
    tags,
    summary: "The host's ideal guest",
    security,
    responses: { 200: json(guestProfileSchema, "The ideal guest (empty lists before the host described one)"), ...commonErrors },
  }),
  updateGuestPreferences: createRoute({
    method: "patch",
    path: "/api/app/user/guest-preferences",
    tags,
    summary: "Answer one or more steps of the ideal-guest flow; `completed` confirms it",
    security,
    request: { body: jsonBody(patchGuestProfileSchema) },
    responses: { 200: json(guestProfileSchema, "The ideal guest"), ...commonErrors },
  }),
  contactTopics: createRoute({
    method: "get",
    path: "/api/app/user/contact-form/topics",
    tags,
    summary: "The topics a host may write to support about, in the host's language",
    security,
    request: { query: z.object({ type: z.enum(CONTACT_TOPIC_TYPES).optional().openapi({ description: "general (default) or listing: topics about one unit" }), hl: language }) },
    responses: { 200: json(z.object({ topics: z.array(contactTopicSchema) }), "The topics"), ...commonErrors },
  }),
  sendContactForm: createRoute({
    method: "post",
    path: "/api/app/user/contact-form",
    tags,
    summary: "Write to support, with the page and unit the host writes from",
    security,
    request: { body: jsonBody(contactFormSchema) },
    responses: { 201: json(z.object({ publicId: z.string() }), "Sent"), ...commonErrors },
  }),
  knowledgeArticles: createRoute({
    method: "get",
    path: "/api/app/user/knowledge-articles",
    tags,
    summary: "Short help articles about the product's screens, in the host's language",
    security,
    request: {
      query: z.object({
        categories: z
          .string()
          .max(200)
          .optional()
          .openapi({ description: `Comma-separated categories (${KNOWLEDGE_CATEGORIES.join(", ")}); none answers every article` }),
        hl: language,
      }),
    },
    responses: { 200: json(z.object({ articles: z.array(knowledgeArticleSchema) }), "The articles"), ...commonErrors },
  }),
  contactMessages: createRoute({
    method: "get",
    path: "/api/app/staff/contact-messages",
    tags: ["Staff"],
    summary: "Hosts' messages to support, newest first, 25 per page (staff only)",
    security,
    request: { query: z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) }) },
    responses: { 200: json(z.object({ items: z.array(contactMessageSchema), pagination: z.object({ current: z.number().int(), next: z.number().int() }) }), "A page of messages"), ...commonErrors },
  }),
};
