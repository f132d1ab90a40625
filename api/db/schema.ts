import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const timestamps = {
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`),
};

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["host", "staff"] }).notNull().default("host"),
    type: text("type", { enum: ["individual", "company"] }).notNull().default("individual"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    companyName: text("company_name"),
    alias: text("alias"),
    locale: text("locale").notNull().default("en_US"),
    currency: text("currency").notNull().default("EUR"),
    onboardingStatus: text("onboarding_status", { enum: ["in_progress", "finished"] })
      .notNull()
      .default("in_progress"),
    commercialModel: text("commercial_model", { enum: ["subscription", "commission"] })
      .notNull()
      .default("subscription"),
    biddingTag: text("bidding_tag"),
    kycApplicable: integer("kyc_applicable", { mode: "boolean" }).notNull().default(false),
    kycStatus: text("kyc_status").notNull().default("VERIFICATION_NEVER_STARTED"),
    kycStartedAt: integer("kyc_started_at", { mode: "timestamp_ms" }),
    accountSource: text("account_source").notNull().default("web"),
    imageKey: text("image_key"),
    features: text("features", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_unique").on(t.email), uniqueIndex("users_public_id_unique").on(t.publicId)],
);

export const signInAttempts = sqliteTable(
  "sign_in_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subject: text("subject").notNull(),
    attemptedAt: integer("attempted_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("sign_in_attempts_subject_time").on(t.subject, t.attemptedAt)],
);

export const impersonations = sqliteTable(
  "impersonations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    staffUserId: integer("staff_user_id")
      .notNull()
      .references(() => users.id),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    endedAt: integer("ended_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("impersonations_staff_open").on(t.staffUserId, t.endedAt)],
);

export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorUserId: integer("actor_user_id")
      .notNull()
      .references(() => users.id),
    subjectUserId: integer("subject_user_id").references(() => users.id),
    action: text("action").notNull(),
    details: text("details", { mode: "json" }).$type<Record<string, unknown>>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index("audit_log_actor").on(t.actorUserId, t.createdAt)],
);

export const userInteractions = sqliteTable(
  "user_interactions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    interactionType: text("interaction_type").notNull(),
    interacted: integer("interacted", { mode: "boolean" }).notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.interactionType] })],
);

export const bookingRequests = sqliteTable(
  "booking_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["REQUESTED", "CONFIRMED", "REJECTED", "EXPIRED"] })
      .notNull()
      .default("REQUESTED"),
    checkIn: text("check_in").notNull(),
    checkOut: text("check_out").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("booking_requests_public_id_unique").on(t.publicId),
    index("booking_requests_host_status").on(t.hostUserId, t.status, t.expiresAt),
  ],
);
