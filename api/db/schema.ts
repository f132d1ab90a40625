import { sql } from "drizzle-orm";
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { INELIGIBLE_REASONS } from "@domain/eligibility";
import { PROMOTION_STATES, PROMOTION_TYPES, SEASON_RECURRENCES, type Discount, type ExtraCharge, type Tax } from "@domain/pricing";
import { TAKEN_NIGHT_KINDS } from "@domain/calendar";
import { DOCUMENT_MIME_TYPES, DOCUMENT_SIDES, DOCUMENT_TYPES, type OnboardingAddress, type Shareholder, type Signatory, type TaxIdentification } from "@domain/onboarding";
import { ACTOR_ROLES, BOOKING_STATUSES, INQUIRY_STATUSES, PAYMENT_PLANS, REQUEST_STATUSES, type Instalment } from "@domain/booking";
import type { Quote } from "@domain/quote";
import { CONVERSATION_TYPES, MESSAGE_SENDERS } from "@domain/messaging";
import { CALENDAR_PROVIDER_IDS, CALENDAR_VERIFICATION_STATUSES, FAILURE_REASONS } from "@domain/calendar-verification";
import { CHECKOUT_STATUSES } from "@domain/checkout";
import { PERIOD_UNITS, PLAN_SERVICES, SUBSCRIPTION_INTERNAL_STATUSES, SUBSCRIPTION_STATUSES } from "@domain/subscription-plans";
import { TASK_STATUSES, TASK_TYPES } from "@domain/tasks";
import type { BookingTime, GroupSize, StartOfStay, StayDuration } from "@domain/guest-profile";

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
    /** The answer to the eligibility questions (§2): "eligible" or why the host may not list; null before answering. */
    listingEligibility: text("listing_eligibility", { enum: ["eligible", ...INELIGIBLE_REASONS] as const }),
    commercialModel: text("commercial_model", { enum: ["subscription", "commission"] })
      .notNull()
      .default("subscription"),
    biddingTag: text("bidding_tag"),
    kycApplicable: integer("kyc_applicable", { mode: "boolean" }).notNull().default(false),
    kycStatus: text("kyc_status").notNull().default("VERIFICATION_NEVER_STARTED"),
    kycStartedAt: integer("kyc_started_at", { mode: "timestamp_ms" }),
    // Staff's decision on the verification (§3 KYC): each check's outcome, the reason the host reads
    // when it failed, when it was made and the day the identity document expires (then EXPIRED).
    kycReviews: text("kyc_reviews", { mode: "json" }).$type<Record<string, "passed" | "failed">>(),
    kycDecisionReason: text("kyc_decision_reason"),
    kycDecidedAt: integer("kyc_decided_at", { mode: "timestamp_ms" }),
    kycDocumentsExpireOn: text("kyc_documents_expire_on"),
    accountSource: text("account_source").notNull().default("web"),
    imageKey: text("image_key"),
    features: text("features", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    /**
     * Moves whenever anything the shell reads of the host's units changes (their notifications'
     * facts): kept by triggers on property_units, properties and unit_promotions (migration 0023), so
     * no write can forget it. The shell reads the units again only when it moved (decision 047).
     */
    unitsRevision: integer("units_revision").notNull().default(0),
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

export const LISTING_STATES = ["IN_PROGRESS", "UNDER_REVIEW", "REJECTED_BY_STAFF", "PUBLISHED", "UNPUBLISHED", "APPROVED", "DELETED"] as const;
export type ListingState = (typeof LISTING_STATES)[number];

export const properties = sqliteTable(
  "properties",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    propertyType: text("property_type", { enum: ["single", "multi"] }).notNull(),
    state: text("state", { enum: LISTING_STATES }).notNull().default("IN_PROGRESS"),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    restaurantDescription: text("restaurant_description").notNull().default(""),
    specialOfferDescription: text("special_offer_description").notNull().default(""),
    accommodationType: text("accommodation_type"),
    expectedUnitCount: text("expected_unit_count"),
    countryCode: text("country_code"),
    stateOrProvince: text("state_or_province"),
    city: text("city"),
    street: text("street"),
    houseNumberOrName: text("house_number_or_name"),
    postalCode: text("postal_code"),
    formattedAddress: text("formatted_address"),
    googlePlaceId: text("google_place_id"),
    latitude: real("latitude"),
    longitude: real("longitude"),
    deletedAt: integer("deleted_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("properties_public_id_unique").on(t.publicId),
    index("properties_host_state").on(t.hostUserId, t.state, t.id),
  ],
);

export interface Bed {
  type: string;
  count: number;
}
export interface Room {
  type: string;
  beds: Bed[];
}

export const propertyUnits = sqliteTable(
  "property_units",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    propertyId: integer("property_id")
      .notNull()
      .references(() => properties.id, { onDelete: "cascade" }),
    // Denormalised owner, so that every unit query can be scoped to the host without a join.
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    state: text("state", { enum: LISTING_STATES }).notNull().default("IN_PROGRESS"),
    position: integer("position").notNull().default(0),
    title: text("title").notNull().default(""),
    description: text("description").notNull().default(""),
    listingType: text("listing_type").notNull().default("entire_place"),
    sizeSquareMetres: real("size_square_metres"),
    sizeMeasurementUnit: text("size_measurement_unit", { enum: ["metric", "imperial"] }).notNull().default("metric"),
    maxGuests: integer("max_guests").notNull().default(2),
    rooms: text("rooms", { mode: "json" }).$type<Room[]>().notNull().default(sql`'[]'`),
    amenities: text("amenities", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    bookingType: text("booking_type", { enum: ["onLine", "onRequest"] }).notNull().default("onLine"),
    cancellationPolicy: text("cancellation_policy").notNull().default("moderate"),
    houseRules: text("house_rules", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    checkInFrom: text("check_in_from").notNull().default("15:00"),
    checkInTo: text("check_in_to").notNull().default("21:00"),
    checkOutTo: text("check_out_to").notNull().default("11:00"),
    minDaysOfNotice: integer("min_days_of_notice").notNull().default(2),
    preparationTime: integer("preparation_time").notNull().default(0),
    registrationNumber: text("registration_number"),
    // Set when an authority or staff found the number invalid; cleared when the host changes it.
    registrationNumberRejected: integer("registration_number_rejected", { mode: "boolean" }).notNull().default(false),
    nationalIdentificationCode: text("national_identification_code"),
    calendarStatus: text("calendar_status", { enum: ["AVAILABLE", "PAUSED"] }).notNull().default("AVAILABLE"),
    rejectionReason: text("rejection_reason"),
    links: text("links", { mode: "json" }).$type<{ rel: string; href: string }[]>().notNull().default(sql`'[]'`),
    // The listing wizard's completed steps (§3 Listing progress), in the order they were completed.
    listingSteps: text("listing_steps", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
    publishedAt: integer("published_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("property_units_public_id_unique").on(t.publicId),
    index("property_units_property").on(t.propertyId, t.position),
    index("property_units_host").on(t.hostUserId, t.state),
  ],
);

export const unitPhotos = sqliteTable(
  "unit_photos",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    position: integer("position").notNull(),
    isCover: integer("is_cover", { mode: "boolean" }).notNull().default(false),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("unit_photos_public_id_unique").on(t.publicId), index("unit_photos_unit").on(t.unitId, t.position)],
);

// Prices of a unit (§3 Pricing defaults / price configuration). Money columns hold integer minor
// units of the host's currency (users.currency). Check-in times, preparation time and minimum
// notice stay on property_units, where the booking policies keep them; seasons are rows of
// unit_seasons, per-day prices rows of unit_day_overrides. No row: every default, version 0.
// `version` counts every change of the unit's prices (this row, its seasons, its per-day
// overrides): an edit made from an older version is refused (ETag / If-Match, decision 025).
export const unitPriceConfigurations = sqliteTable(
  "unit_price_configurations",
  {
    unitId: integer("unit_id")
      .primaryKey()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    nightlyPrice: integer("nightly_price"),
    minStay: integer("min_stay").notNull().default(1),
    maxStay: integer("max_stay").notNull().default(365),
    extraGuestPrice: integer("extra_guest_price"),
    extraGuestsCount: integer("extra_guests_count"),
    checkInDays: text("check_in_days", { mode: "json" }).$type<number[]>().notNull().default(sql`'[0,1,2,3,4,5,6]'`),
    checkOutDays: text("check_out_days", { mode: "json" }).$type<number[]>().notNull().default(sql`'[0,1,2,3,4,5,6]'`),
    extraCharges: text("extra_charges", { mode: "json" }).$type<ExtraCharge[]>().notNull().default(sql`'[]'`),
    discounts: text("discounts", { mode: "json" }).$type<Discount[]>().notNull().default(sql`'[]'`),
    taxes: text("taxes", { mode: "json" }).$type<Tax[]>().notNull().default(sql`'[]'`),
    securityDeposit: integer("security_deposit").notNull().default(0),
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("unit_price_configurations_host").on(t.hostUserId)],
);

// Seasons of a unit's price configuration (§3 seasonsPricing), one row each, queryable by date. A
// recurring season comes back every year on the same days; the dates are those of its first year.
// `public_id` is the id the API shows (kept across saves), unique within its unit.
export const unitSeasons = sqliteTable(
  "unit_seasons",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dateFrom: text("date_from").notNull(),
    dateTo: text("date_to").notNull(),
    recurrence: text("recurrence", { enum: SEASON_RECURRENCES }).notNull(),
    nightlyPrice: integer("nightly_price").notNull(),
    // Null: the default's.
    minStay: integer("min_stay"),
    extraGuestPrice: integer("extra_guest_price"),
    checkInDays: text("check_in_days", { mode: "json" }).$type<number[]>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("unit_seasons_unit_public_id").on(t.unitId, t.publicId),
    index("unit_seasons_unit_dates").on(t.unitId, t.dateFrom, t.dateTo),
    index("unit_seasons_host").on(t.hostUserId),
  ],
);

// Per-day prices and stay rules of a unit (§3 Calendar day), set from the calendar for a range of
// days; they win over seasons and defaults. Null: the season's or default's value.
export const unitDayOverrides = sqliteTable(
  "unit_day_overrides",
  {
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    price: integer("price"),
    minStay: integer("min_stay"),
    maxStay: integer("max_stay"),
    closedToArrival: integer("closed_to_arrival", { mode: "boolean" }).notNull().default(false),
    closedToDeparture: integer("closed_to_departure", { mode: "boolean" }).notNull().default(false),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.unitId, t.date] }), index("unit_day_overrides_host").on(t.hostUserId)],
);

// Taken nights (decision 025): one row per night of a unit that cannot be sold, owned by whatever
// took the night (a booking, a manual block, an imported external event, a pause) and its id. The primary key
// (unit, night) is what makes double booking impossible: taking a range inserts all its nights in
// one batch, and one night already taken refuses the whole range.
export const takenNights = sqliteTable(
  "taken_nights",
  {
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    night: text("night").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: TAKEN_NIGHT_KINDS }).notNull(),
    ownerId: text("owner_id").notNull(),
    createdAt: timestamps.createdAt,
  },
  // The host's nights by day (occupancy per month reads the index alone).
  (t) => [
    primaryKey({ columns: [t.unitId, t.night] }),
    index("taken_nights_owner").on(t.unitId, t.kind, t.ownerId),
    index("taken_nights_host").on(t.hostUserId, t.night, t.kind),
    // Occupancy's nights not for sale (blocked, paused, another platform's) by day, without the booked ones (decision 042).
    index("taken_nights_host_unavailable")
      .on(t.hostUserId, t.night)
      .where(sql`kind != 'booking'`),
  ],
);

// §3 Promotion: one row per unit and promotion type the host has switched at least once; a type
// without a row is INACTIVE. `discount` is the percent the product offered when it was switched.
export const unitPromotions = sqliteTable(
  "unit_promotions",
  {
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type", { enum: PROMOTION_TYPES }).notNull(),
    state: text("state", { enum: PROMOTION_STATES }).notNull().default("INACTIVE"),
    discount: integer("discount").notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.unitId, t.type] }), index("unit_promotions_host").on(t.hostUserId)],
);

// Host onboarding (§3 "Tax/company details", §7 Onboarding): one row of personal details and one of
// business details per host, up to three payout accounts and the uploaded verification documents.
export const hostIndividualDetails = sqliteTable("host_individual_details", {
  hostUserId: integer("host_user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  firstName: text("first_name").notNull(),
  lastName: text("last_name").notNull(),
  dateOfBirth: text("date_of_birth").notNull(),
  nationality: text("nationality").notNull(),
  phoneNumber: text("phone_number").notNull(),
  address: text("address", { mode: "json" }).$type<OnboardingAddress>().notNull(),
  taxId: text("tax_id"),
  countryIssueTaxId: text("country_issue_tax_id"),
  // Further tax identification numbers, one per issuing country besides `countryIssueTaxId` (DAC7).
  taxIdentifications: text("tax_identifications", { mode: "json" }).$type<TaxIdentification[]>().notNull().default(sql`'[]'`),
  vatId: text("vat_id"),
  ...timestamps,
});

export const hostBusinessDetails = sqliteTable("host_business_details", {
  hostUserId: integer("host_user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  legalBusinessName: text("legal_business_name").notNull(),
  registrationNumber: text("registration_number").notNull(),
  vatId: text("vat_id"),
  userHasVatId: integer("user_has_vat_id", { mode: "boolean" }).notNull().default(false),
  taxId: text("tax_id"),
  countryIssueTaxId: text("country_issue_tax_id"),
  taxIdentifications: text("tax_identifications", { mode: "json" }).$type<TaxIdentification[]>().notNull().default(sql`'[]'`),
  // Null: the host has not answered.
  euPermanentEstablishment: integer("eu_permanent_establishment", { mode: "boolean" }),
  // The EU member states (ISO codes) where the company has a permanent establishment (DAC7).
  euMemberStates: text("eu_member_states", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  address: text("address", { mode: "json" }).$type<OnboardingAddress>().notNull(),
  principalAddress: text("principal_address", { mode: "json" }).$type<OnboardingAddress>().notNull(),
  sameAddress: integer("same_address", { mode: "boolean" }).notNull().default(true),
  businessEmail: text("business_email").notNull(),
  accountingEmail: text("accounting_email"),
  phoneNumber: text("phone_number").notNull(),
  shareholders: text("shareholders", { mode: "json" }).$type<Shareholder[]>().notNull().default(sql`'[]'`),
  signatories: text("signatories", { mode: "json" }).$type<Signatory[]>().notNull().default(sql`'[]'`),
  ...timestamps,
});

export const hostBankAccounts = sqliteTable(
  "host_bank_accounts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    holderName: text("holder_name").notNull(),
    // Normalised (no spaces, upper case); leaves the API masked only.
    iban: text("iban").notNull(),
    bic: text("bic"),
    currency: text("currency").notNull(),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    // Each row is one version of the account `publicId` names (decision 033): a change of holder,
    // IBAN, BIC or currency retires the row and adds a new one; a removed account is retired. A
    // payout names the row (`id`) it went to, which never changes. Null: the current version.
    retiredAt: integer("retired_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("host_bank_accounts_current_public_id").on(t.publicId).where(sql`retired_at is null`),
    index("host_bank_accounts_public_id").on(t.publicId),
    index("host_bank_accounts_host").on(t.hostUserId, t.position),
  ],
);

// The host profile of §3 guests see and how they may reach the host: one row per host, absent until
// first saved (the profile is then empty).
export const hostProfiles = sqliteTable("host_profiles", {
  hostUserId: integer("host_user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  aboutHost: text("about_host"),
  hostLanguages: text("host_languages", { mode: "json" }).$type<string[]>().notNull().default(sql`'[]'`),
  phone: text("phone"),
  phoneForGuests: text("phone_for_guests"),
  phoneForSms: text("phone_for_sms"),
  secondaryPhone: text("secondary_phone"),
  secondaryPhoneType: text("secondary_phone_type"),
  sendInquirySms: integer("send_inquiry_sms", { mode: "boolean" }).notNull().default(false),
  showPhoneNumberOnOffer: integer("show_phone_number_on_offer", { mode: "boolean" }).notNull().default(false),
  marketingConsent: integer("marketing_consent", { mode: "boolean" }).notNull().default(false),
  ...timestamps,
});

export const hostDocuments = sqliteTable(
  "host_documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    documentType: text("document_type", { enum: DOCUMENT_TYPES }).notNull(),
    side: text("side", { enum: DOCUMENT_SIDES }).notNull(),
    // The type read from the bytes, never the one the client declared.
    mimeType: text("mime_type", { enum: DOCUMENT_MIME_TYPES }).notNull(),
    bytes: integer("bytes").notNull(),
    fileName: text("file_name").notNull().default(""),
    // Key of the object in the FILES bucket; never leaves the API.
    storageKey: text("storage_key").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("host_documents_public_id_unique").on(t.publicId), index("host_documents_host").on(t.hostUserId, t.documentType, t.side)],
);

// Subscriptions (§3 Subscription, §4, §7 Subscriptions). The plans are reference data
// (domain/subscription-plans.ts); a subscription stores the plan's id and its price id as they were
// taken, and what the host paid per period after a coupon. A host has at most one subscription
// that has not expired (the newest); expired ones stay as history. Statuses of a subscription past
// its expiration are shown as expired whatever is stored (effectiveStatus).
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: text("plan_id").notNull(),
    planItemPriceId: text("plan_item_price_id").notNull(),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull(),
    internalStatus: text("internal_status", { enum: SUBSCRIPTION_INTERNAL_STATUSES }).notNull().default("active"),
    period: integer("period").notNull(),
    periodUnit: text("period_unit", { enum: PERIOD_UNITS }).notNull().default("month"),
    // Per period, in minor units of `currency`, after the coupon's discount.
    price: integer("price").notNull(),
    currency: text("currency").notNull().default("EUR"),
    couponCode: text("coupon_code"),
    discountPercent: integer("discount_percent").notNull().default(0),
    startedAt: integer("started_at", { mode: "timestamp_ms" }).notNull(),
    trialEndsAt: integer("trial_ends_at", { mode: "timestamp_ms" }),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    // Leads (inquiries) received in the current period; the quota is the plan's.
    leadsUsed: integer("leads_used").notNull().default(0),
    // A change to another plan that takes effect at `expires_at` (§7 scheduled-changes).
    scheduledPlanId: text("scheduled_plan_id"),
    scheduledCouponCode: text("scheduled_coupon_code"),
    isCancellationScheduled: integer("is_cancellation_scheduled", { mode: "boolean" }).notNull().default(false),
    cancellationReason: text("cancellation_reason"),
    // Why the host withdrew the last scheduled change (§7 DELETE scheduled-changes).
    scheduledChangeCancelReason: text("scheduled_change_cancel_reason"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    // The billing side's hosted checkout page while internal_status is in_progress (§7 in_progress).
    hostedPageId: text("hosted_page_id"),
    ...timestamps,
  },
  (t) => [uniqueIndex("subscriptions_public_id_unique").on(t.publicId), index("subscriptions_host").on(t.hostUserId, t.id)],
);

// The units published under a subscription; each uses one of the plan's unitPublish credits.
export const subscriptionUnits = sqliteTable(
  "subscription_units",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.unitId] }), index("subscription_units_unit").on(t.unitId)],
);

// Optional services the host added to the plan (plan-services step) and, later, boosters bought on
// their own; the plan's included services are not stored. Each runs until `expires_at`.
export const subscriptionServices = sqliteTable(
  "subscription_services",
  {
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    service: text("service", { enum: PLAN_SERVICES }).notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Per period, euro cents, as offered when added.
    price: integer("price").notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.service] }), index("subscription_services_host").on(t.hostUserId)],
);

// Boost periods bought with boost credits (one credit per started week); `credits` is what it cost.
export const subscriptionBoosts = sqliteTable(
  "subscription_boosts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    subscriptionId: integer("subscription_id")
      .notNull()
      .references(() => subscriptions.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    startDate: text("start_date").notNull(),
    endDate: text("end_date").notNull(),
    credits: integer("credits").notNull(),
    // A cancelled boost gives its credits back.
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    uniqueIndex("subscription_boosts_public_id_unique").on(t.publicId),
    index("subscription_boosts_subscription").on(t.subscriptionId),
    index("subscription_boosts_unit").on(t.unitId, t.startDate),
  ],
);

// A checkout at the payment provider (api/payments): the provider's hosted page for a paid plan.
// The plan starts only once the provider confirmed the payment (its signed webhook); `status` is
// open (page made), in_progress (the host came back from the page), paid or declined.
export const paymentCheckouts = sqliteTable(
  "payment_checkouts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    // The provider's hosted page id.
    hostedPageId: text("hosted_page_id").notNull(),
    provider: text("provider").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The subscription whose plan changes; null for a first subscription (then `unit_id`).
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "cascade" }),
    unitId: integer("unit_id").references(() => propertyUnits.id, { onDelete: "cascade" }),
    planItemPriceId: text("plan_item_price_id").notNull(),
    couponCode: text("coupon_code"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: CHECKOUT_STATUSES }).notNull().default("open"),
    declineReason: text("decline_reason"),
    confirmedAt: integer("confirmed_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [uniqueIndex("payment_checkouts_hosted_page_unique").on(t.provider, t.hostedPageId), index("payment_checkouts_host").on(t.hostUserId, t.id)],
);

// Calendar (listing) verification per unit and platform (§7, domain/calendar-verification.ts).
// `listing_id` is read from the link; a validated one is held by its unit against any other.
export const unitCalendarVerifications = sqliteTable(
  "unit_calendar_verifications",
  {
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: CALENDAR_PROVIDER_IDS }).notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    isListed: integer("is_listed", { mode: "boolean" }).notNull(),
    url: text("url"),
    listingId: text("listing_id"),
    status: text("status", { enum: CALENDAR_VERIFICATION_STATUSES }).notNull().default("pending"),
    failureReason: text("failure_reason", { enum: FAILURE_REASONS }),
    verifiedAt: integer("verified_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.unitId, t.provider] }),
    index("unit_calendar_verifications_listing").on(t.provider, t.listingId, t.status),
    index("unit_calendar_verifications_host").on(t.hostUserId),
  ],
);

// Bookings, booking requests and inquiries (§3, decision 027). Each names its unit and host; the
// guest's details, the stay and its money are copied into the row as they were sold (a later price
// change never changes a booking). A booking's nights are taken in `taken_nights` (kind booking,
// owner its public id) in the batch that confirms it.
const guestColumns = {
  guestFirstName: text("guest_first_name").notNull(),
  guestLastName: text("guest_last_name").notNull(),
  guestEmail: text("guest_email").notNull(),
  guestPhone: text("guest_phone"),
  guestMessage: text("guest_message"),
  // The language the guest speaks, as a product locale (de_CH); null when the guest or channel did not say.
  guestLanguage: text("guest_language"),
  guests: integer("guests").notNull(),
};

const stayColumns = (unitRef: () => typeof propertyUnits.id) => ({
  id: integer("id").primaryKey({ autoIncrement: true }),
  publicId: text("public_id").notNull(),
  // What the guest quotes; a booking confirmed from a request keeps the request's code.
  code: text("code").notNull(),
  hostUserId: integer("host_user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  unitId: integer("unit_id")
    .notNull()
    .references(unitRef, { onDelete: "cascade" }),
  checkIn: text("check_in").notNull(),
  checkOut: text("check_out").notNull(),
  ...guestColumns,
  currency: text("currency").notNull(),
  total: integer("total").notNull(),
  // The quote the stay was sold with (domain/quote.ts), whole.
  priceBreakdown: text("price_breakdown", { mode: "json" }).$type<Quote>().notNull(),
});

const moneyColumns = {
  paymentPlan: text("payment_plan", { enum: PAYMENT_PLANS }).notNull(),
  instalments: text("instalments", { mode: "json" }).$type<Instalment[]>().notNull(),
  commissionPercent: real("commission_percent"),
  commission: integer("commission").notNull().default(0),
  payout: integer("payout").notNull(),
};

export const BOOKING_SOURCES = ["direct", "smoobu"] as const;

export const bookings = sqliteTable(
  "bookings",
  {
    ...stayColumns(() => propertyUnits.id),
    status: text("status", { enum: BOOKING_STATUSES }).notNull().default("CONFIRMED"),
    source: text("source", { enum: BOOKING_SOURCES }).notNull().default("direct"),
    // The reservation's id in the channel that sold it (with `source`), for its modifications and cancellation.
    externalId: text("external_id"),
    // The request or inquiry it was confirmed from, if any.
    requestId: integer("request_id"),
    ...moneyColumns,
    cancelledByRole: text("cancelled_by_role", { enum: ACTOR_ROLES }),
    cancelReason: text("cancel_reason"),
    cancelSubReason: text("cancel_sub_reason"),
    cancelExplanation: text("cancel_explanation"),
    cancelledAt: integer("cancelled_at", { mode: "timestamp_ms" }),
    bookedAt: integer("booked_at", { mode: "timestamp_ms" }).notNull(),
    // Counts the changes of the stay, its money or its status by a cancellation or modification: each
    // is guarded by the version it read, so two at once never both subtract the same stay from the
    // insights' monthly sums (decision 042).
    version: integer("version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("bookings_public_id_unique").on(t.publicId),
    uniqueIndex("bookings_code_unique").on(t.code),
    uniqueIndex("bookings_external").on(t.hostUserId, t.source, t.externalId),
    // Covering the insights' earnings and the DAC7 report's stays by check-in (the columns they sum), read from the index alone (decision 037).
    index("bookings_host_check_in").on(t.hostUserId, t.checkIn, t.status, t.checkOut, t.total, t.commission, t.payout),
    index("bookings_host_status").on(t.hostUserId, t.status, t.checkIn),
    index("bookings_status_check_out").on(t.status, t.checkOut),
    // The DAC7 report reads a year's cancellations (decision 035).
    index("bookings_host_cancelled_at").on(t.hostUserId, t.cancelledAt),
    // Insights count bookings by the month they were made, from the index alone (the columns performance sums).
    index("bookings_host_booked_at").on(t.hostUserId, t.bookedAt, t.status, t.checkIn, t.checkOut, t.total),
    // A unit's stays that reach into a calendar's days (the price list, with every calendar page): without it, every booking of every host was scanned.
    index("bookings_unit_check_out").on(t.unitId, t.checkOut),
  ],
);

export const bookingRequests = sqliteTable(
  "booking_requests",
  {
    ...stayColumns(() => propertyUnits.id),
    status: text("status", { enum: REQUEST_STATUSES }).notNull().default("REQUESTED"),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    ...moneyColumns,
    rejectReason: text("reject_reason"),
    rejectSubReason: text("reject_sub_reason"),
    rejectExplanation: text("reject_explanation"),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    // The booking its confirmation made.
    bookingPublicId: text("booking_public_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("booking_requests_public_id_unique").on(t.publicId),
    uniqueIndex("booking_requests_code_unique").on(t.code),
    index("booking_requests_host_status").on(t.hostUserId, t.status, t.expiresAt),
    index("booking_requests_host_check_in").on(t.hostUserId, t.checkIn),
    // Insights count requests by the month they arrived.
    index("booking_requests_host_created_at").on(t.hostUserId, t.createdAt),
    index("booking_requests_status_expiry").on(t.status, t.expiresAt),
    // A unit's requests that reach into a calendar's days (the price list).
    index("booking_requests_unit_check_out").on(t.unitId, t.checkOut),
  ],
);

export const bookingInquiries = sqliteTable(
  "booking_inquiries",
  {
    ...stayColumns(() => propertyUnits.id),
    status: text("status", { enum: INQUIRY_STATUSES }).notNull().default("REQUESTED"),
    // The subscription whose lead it used.
    subscriptionId: integer("subscription_id"),
    rejectReason: text("reject_reason"),
    rejectExplanation: text("reject_explanation"),
    rejectMessage: text("reject_message"),
    answeredAt: integer("answered_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("booking_inquiries_public_id_unique").on(t.publicId),
    uniqueIndex("booking_inquiries_code_unique").on(t.code),
    index("booking_inquiries_host_status").on(t.hostUserId, t.status, t.checkIn),
    // Insights count inquiries by the month they arrived.
    index("booking_inquiries_host_created_at").on(t.hostUserId, t.createdAt),
    index("booking_inquiries_status_check_out").on(t.status, t.checkOut),
    // A unit's inquiries that reach into a calendar's days (the price list).
    index("booking_inquiries_unit_check_out").on(t.unitId, t.checkOut),
  ],
);

// The channel intake API's keys (§3 channel-manager source smoobu): only a SHA-256 hash of the key
// is stored; the key itself is shown once, when it is created.
export const channelApiKeys = sqliteTable(
  "channel_api_keys",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    keyHash: text("key_hash").notNull(),
    // The key's first characters, so that the host recognises it in the list.
    prefix: text("prefix").notNull(),
    lastUsedAt: integer("last_used_at", { mode: "timestamp_ms" }),
    revokedAt: integer("revoked_at", { mode: "timestamp_ms" }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("channel_api_keys_public_id_unique").on(t.publicId), uniqueIndex("channel_api_keys_hash_unique").on(t.keyHash), index("channel_api_keys_host").on(t.hostUserId)],
);

// An intake call's Idempotency-Key with the hash of its request and the answer it got: the same key
// and body answer the same again; the same key with another body is refused (422).
export const idempotencyRecords = sqliteTable(
  "idempotency_records",
  {
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    // Null while the first call with the key is still being answered.
    status: integer("status"),
    body: text("body"),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ columns: [t.hostUserId, t.key] })],
);

// iCal import (domain/ical-import.ts): calendars of other platforms a unit follows. Their events
// take the unit's nights as `external` taken nights, owned by `ext_<feed>_<stay>` ids; a sync
// replaces the feed's nights in one batch, guarded by `sync_version` (two syncs of one feed never
// interleave). A failing feed keeps its nights; `status`, `failure_*` and the times tell the host.
export const ICAL_FEED_STATUSES = ["pending", "ok", "failing"] as const;
export const icalFeeds = sqliteTable(
  "ical_feeds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    url: text("url").notNull(),
    status: text("status", { enum: ICAL_FEED_STATUSES }).notNull().default("pending"),
    // Not fetched more often than this: the feed's own REFRESH-INTERVAL within 15 to 60 minutes.
    intervalMinutes: integer("interval_minutes").notNull().default(15),
    nextSyncAt: integer("next_sync_at").notNull().default(0),
    lastAttemptAt: integer("last_attempt_at", { mode: "timestamp_ms" }),
    lastSuccessAt: integer("last_success_at", { mode: "timestamp_ms" }),
    failureReason: text("failure_reason"),
    failureDetail: text("failure_detail"),
    eventCount: integer("event_count").notNull().default(0),
    conflictCount: integer("conflict_count").notNull().default(0),
    // The stays of the last successful sync (a hash): unchanged, their rows are not written again.
    contentHash: text("content_hash"),
    syncVersion: integer("sync_version").notNull().default(0),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("ical_feeds_public_id_unique").on(t.publicId),
    uniqueIndex("ical_feeds_unit_url").on(t.unitId, t.url),
    index("ical_feeds_due").on(t.nextSyncAt),
    index("ical_feeds_host").on(t.hostUserId),
  ],
);

// The stays of a feed as its last successful sync read them (events sharing nights merged), with
// the owner id their nights carry: what the host sees of a feed, and what conflicts are read from
// (a stay whose nights are not all its own overlaps a booking or block of ours).
export const icalFeedStays = sqliteTable(
  "ical_feed_stays",
  {
    feedId: integer("feed_id")
      .notNull()
      .references(() => icalFeeds.id, { onDelete: "cascade" }),
    ownerId: text("owner_id").notNull(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    dateFrom: text("date_from").notNull(),
    dateTo: text("date_to").notNull(),
    summary: text("summary").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.feedId, t.ownerId] }), index("ical_feed_stays_unit").on(t.unitId, t.dateFrom), index("ical_feed_stays_host").on(t.hostUserId)],
);

// iCal export: the secret address of a unit's calendar feed (`/api/public/ical/<token>.ics`).
// Regenerating replaces the token, and the old address answers 404 from then on.
export const icalExports = sqliteTable(
  "ical_exports",
  {
    unitId: integer("unit_id")
      .primaryKey()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("ical_exports_token_unique").on(t.token), index("ical_exports_host").on(t.hostUserId)],
);

// Messages between a host and a guest (decision 032): one conversation per booking, booking request
// and inquiry, named by the stay's public id. Unread counts per side, the host's archive and
// favourite, and the last message (time and preview) live on the conversation, so the inbox is one
// indexed read; messages are numbered per conversation (`seq`) for catch-up after a reconnect, and a
// client's message id is unique per conversation, so a resend is stored once.
export const conversations = sqliteTable(
  "conversations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    type: text("type", { enum: CONVERSATION_TYPES }).notNull(),
    // The booking's, request's or inquiry's public id (bkg_, brq_, inq_) and its code.
    stayPublicId: text("stay_public_id").notNull(),
    stayCode: text("stay_code").notNull(),
    guestFirstName: text("guest_first_name").notNull(),
    guestLastName: text("guest_last_name").notNull(),
    guestEmail: text("guest_email").notNull(),
    archivedAt: integer("archived_at", { mode: "timestamp_ms" }),
    favourite: integer("favourite", { mode: "boolean" }).notNull().default(false),
    // How many messages it holds: the next message's `seq` is one more.
    messageCount: integer("message_count").notNull().default(0),
    lastMessageAt: integer("last_message_at", { mode: "timestamp_ms" }),
    lastMessagePreview: text("last_message_preview"),
    lastMessageSender: text("last_message_sender", { enum: MESSAGE_SENDERS }),
    // The inbox's order: the last message's time, or the conversation's creation before any.
    lastActivityAt: integer("last_activity_at", { mode: "timestamp_ms" }).notNull(),
    hostUnread: integer("host_unread").notNull().default(0),
    guestUnread: integer("guest_unread").notNull().default(0),
    hostReadAt: integer("host_read_at", { mode: "timestamp_ms" }),
    guestReadAt: integer("guest_read_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("conversations_public_id_unique").on(t.publicId),
    uniqueIndex("conversations_stay_unique").on(t.stayPublicId),
    index("conversations_host_activity").on(t.hostUserId, t.lastActivityAt),
    index("conversations_host_unread").on(t.hostUserId, t.hostUnread),
  ],
);

export const messages = sqliteTable(
  "messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    conversationId: integer("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    // 1, 2, 3, … within the conversation: catch-up asks for the messages after the last it has.
    seq: integer("seq").notNull(),
    sender: text("sender", { enum: MESSAGE_SENDERS }).notNull(),
    text: text("text").notNull(),
    clientMessageId: text("client_message_id").notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("messages_public_id_unique").on(t.publicId), uniqueIndex("messages_conversation_seq").on(t.conversationId, t.seq), uniqueIndex("messages_client_id").on(t.conversationId, t.clientMessageId)],
);

// A host's reply templates with placeholders (`{guestFirstName}`, `{checkIn}`, `{checkOut}`,
// `{unitName}`, domain/messaging.ts), filled from the conversation's stay when inserted.
export const savedReplies = sqliteTable(
  "saved_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("saved_replies_public_id_unique").on(t.publicId), index("saved_replies_host").on(t.hostUserId, t.title)],
);

// A guest's review of a stay (issue 16): one per booking, written after check-out; the host answers
// it once in public (`reply`, editable for a while). `seenAt`: when the host marked it seen.
export const reviews = sqliteTable(
  "reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    bookingId: integer("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    guestName: text("guest_name").notNull(),
    rating: integer("rating").notNull(),
    cleanliness: integer("cleanliness").notNull(),
    accuracy: integer("accuracy").notNull(),
    communication: integer("communication").notNull(),
    location: integer("location").notNull(),
    checkIn: integer("check_in").notNull(),
    value: integer("value").notNull(),
    text: text("text").notNull().default(""),
    reply: text("reply"),
    repliedAt: integer("replied_at", { mode: "timestamp_ms" }),
    seenAt: integer("seen_at", { mode: "timestamp_ms" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("reviews_public_id_unique").on(t.publicId),
    uniqueIndex("reviews_booking_unique").on(t.bookingId),
    index("reviews_host_unit").on(t.hostUserId, t.unitId, t.createdAt),
    index("reviews_host_seen").on(t.hostUserId, t.seenAt),
    // The reviews tab of all units: the newest first without sorting them all.
    index("reviews_host_created").on(t.hostUserId, t.createdAt),
  ],
);

// Views of a unit's public listing page (`/stays/{unitId}`), counted per unit and day (UTC): a visitor's first
// look of the day, not the page's month navigation or price checks (decision 037's addendum).
export const listingViews = sqliteTable(
  "listing_views",
  {
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.unitId, t.day] }), index("listing_views_host_day").on(t.hostUserId, t.day)],
);

/** The figures of a month in the insights' sums (decision 042), made anew for each table that keeps them. */
const monthFigureColumns = () => ({
  views: integer("views").notNull().default(0),
  requests: integer("requests").notNull().default(0),
  inquiries: integer("inquiries").notNull().default(0),
  bookings: integer("bookings").notNull().default(0),
  directBookings: integer("direct_bookings").notNull().default(0),
  cancelled: integer("cancelled").notNull().default(0),
  nights: integer("nights").notNull().default(0),
  revenue: integer("revenue").notNull().default(0),
  leadDays: integer("lead_days").notNull().default(0),
  stayGross: integer("stay_gross").notNull().default(0),
  stayCommission: integer("stay_commission").notNull().default(0),
  stayPayout: integer("stay_payout").notNull().default(0),
  stays: integer("stays").notNull().default(0),
  payoutGross: integer("payout_gross").notNull().default(0),
  payoutCommission: integer("payout_commission").notNull().default(0),
  payoutPayout: integer("payout_payout").notNull().default(0),
  payoutStays: integer("payout_stays").notNull().default(0),
  bookedNights: integer("booked_nights").notNull().default(0),
});

// The insights' monthly sums per unit (decision 042, domain/insight-months.ts): written by the services in the
// batch of each write that changes them, read by the insights pages (at most units × months rows).
export const insightMonths = sqliteTable(
  "insight_months",
  {
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    unitId: integer("unit_id")
      .notNull()
      .references(() => propertyUnits.id, { onDelete: "cascade" }),
    ...monthFigureColumns(),
  },
  (t) => [primaryKey({ columns: [t.hostUserId, t.month, t.unitId] })],
);

/** The same figures for all of a host's units together (decision 042's addendum): what the insights pages of all units read. */
export const insightHostMonths = sqliteTable(
  "insight_host_months",
  {
    hostUserId: integer("host_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    ...monthFigureColumns(),
  },
  (t) => [primaryKey({ columns: [t.hostUserId, t.month] })],
);

// The host's tasks (§3 Task): a row once the host or a flow set a status; no row is not_started.
export const userTasks = sqliteTable(
  "user_tasks",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    taskType: text("task_type", { enum: TASK_TYPES }).notNull(),
    status: text("status", { enum: TASK_STATUSES }).notNull(),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskType] })],
);

// The host's ideal guest (§3 Guest profile); completedAt is set when the flow's last step confirmed it.
export const guestPreferences = sqliteTable("guest_preferences", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bookingTimes: text("booking_times", { mode: "json" }).$type<BookingTime[]>().notNull().default(sql`'[]'`),
  stayDurations: text("stay_durations", { mode: "json" }).$type<StayDuration[]>().notNull().default(sql`'[]'`),
  startOfStay: text("start_of_stay", { mode: "json" }).$type<StartOfStay[]>().notNull().default(sql`'[]'`),
  groupSizes: text("group_sizes", { mode: "json" }).$type<GroupSize[]>().notNull().default(sql`'[]'`),
  language: text("language"),
  completedAt: integer("completed_at", { mode: "timestamp_ms" }),
  ...timestamps,
});

// Messages hosts send to support (§3 Contact form), with the page and unit they wrote from; staff read them newest first.
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    publicId: text("public_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The staff member who wrote it while acting for the host, if any.
    staffUserId: integer("staff_user_id").references(() => users.id, { onDelete: "set null" }),
    topic: text("topic").notNull(),
    body: text("body").notNull(),
    pageId: text("page_id"),
    propertyUnitId: text("property_unit_id"),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex("contact_messages_public_id_unique").on(t.publicId), index("contact_messages_created").on(t.createdAt), index("contact_messages_user").on(t.userId)],
);

// What the OAuth provider revoked: the KV key of an access token's record (`token:…`) or of a grant
// (`grant:…`), written before the provider deletes it (api/oauth/revocations.ts). A page checks a token
// it accepted before against these rows in its own D1 batch instead of reading the token's record
// from KV (decision 003's addendum). Rows go once no token they revoke can still be unexpired.
export const oauthRevocations = sqliteTable("oauth_revocations", {
  key: text("key").primaryKey(),
  revokedAt: integer("revoked_at").notNull(),
});
