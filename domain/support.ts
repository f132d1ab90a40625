import { earningsAvailable, receivesPayouts } from "./user-flags";

/**
 * Help and support (§2 Help dropdown, Support contact modal, §3 Contact form): the topics a host
 * writes to support about, and the knowledge articles about the product's screens (their texts are
 * translations, `help:articles.<id>`), grouped by the section of the app they explain.
 */

export const CONTACT_TOPIC_TYPES = ["general", "listing"] as const;
export type ContactTopicType = (typeof CONTACT_TOPIC_TYPES)[number];

export const CONTACT_TOPICS = ["booking", "payment", "calendar", "listing", "subscription", "verification", "account", "technical", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

/** Topics that are about one unit: offered first when the host writes from a unit's page. */
const LISTING_TOPICS: readonly ContactTopic[] = ["listing", "calendar", "booking", "technical", "other"];

export function topicsOf(type: ContactTopicType): readonly ContactTopic[] {
  return type === "listing" ? LISTING_TOPICS : CONTACT_TOPICS;
}

export const KNOWLEDGE_CATEGORIES = ["overview", "calendar", "bookings", "properties", "listing", "insights", "account", "messages"] as const;
export type KnowledgeCategory = (typeof KNOWLEDGE_CATEGORIES)[number];

/** Each article: its category and how many steps its text has. */
export const KNOWLEDGE_ARTICLES = [
  { id: "overviewToday", category: "overview", steps: 3 },
  { id: "notifications", category: "overview", steps: 2 },
  { id: "blockDates", category: "calendar", steps: 3 },
  { id: "changePrices", category: "calendar", steps: 3 },
  { id: "answerRequest", category: "bookings", steps: 3 },
  { id: "cancelBooking", category: "bookings", steps: 2 },
  { id: "editProperty", category: "properties", steps: 3 },
  { id: "instantBooking", category: "properties", steps: 2 },
  { id: "listingWizard", category: "listing", steps: 3 },
  { id: "readStatistics", category: "insights", steps: 2 },
  { id: "profileAndLanguage", category: "account", steps: 2 },
  { id: "guestMessages", category: "messages", steps: 2 },
] as const satisfies readonly { id: string; category: KnowledgeCategory; steps: number }[];
export type KnowledgeArticleId = (typeof KNOWLEDGE_ARTICLES)[number]["id"];

/** Articles about what only a host whose guests book can use: instant booking is a commission (or hybrid) host's choice (showsBookingPreference). */
const BOOKING_HOST_ARTICLES: ReadonlySet<KnowledgeArticleId> = new Set(["instantBooking"]);

/** The articles of the categories asked for (all without any) that apply to the host: a host on a subscription is not told about instant booking. */
export function knowledgeArticlesFor(categories: ReadonlySet<KnowledgeCategory>, host: { commissionApplicable: boolean }) {
  return KNOWLEDGE_ARTICLES.filter((a) => (categories.size === 0 || categories.has(a.category)) && (host.commissionApplicable || !BOOKING_HOST_ARTICLES.has(a.id)));
}

/** What an article's text depends on of the host: its model and its switches (the statistics' tabs). */
type ArticleReader = { commissionApplicable: boolean; appFeatures: readonly string[] };

/**
 * The steps of an article that speak of what a host may not have, written again for a host without it
 * under `help:articles.<id>.<variant>.steps`, by the rule that shows it elsewhere: payouts for a host
 * who receives them (`receivesPayouts`), the earnings and occupancy tabs for a host whose statistics
 * have them (`earningsAvailable`, as the statistics' tabs).
 */
const STEP_VARIANTS: readonly { variant: string; lacks: (host: ArticleReader) => boolean; steps: Partial<Record<KnowledgeArticleId, readonly number[]>> }[] = [
  { variant: "withoutPayouts", lacks: (host) => !receivesPayouts(host), steps: { profileAndLanguage: [1] } },
  { variant: "withoutEarnings", lacks: (host) => !earningsAvailable(host), steps: { readStatistics: [1] } },
];

/** The key of an article's step (from 1) for the host: the step without what the host does not have, where it speaks of it. */
export function articleStepKey(id: KnowledgeArticleId, step: number, host: ArticleReader): string {
  const variant = STEP_VARIANTS.find((v) => v.lacks(host) && (v.steps[id]?.includes(step) ?? false))?.variant;
  return `help:articles.${id}.${variant ? `${variant}.` : ""}steps.${step}`;
}

const SECTION_PREFIXES: [string, KnowledgeCategory][] = [
  ["/home", "overview"],
  ["/calendar", "calendar"],
  ["/bookings", "bookings"],
  ["/booking-", "bookings"],
  ["/inquiries", "bookings"],
  ["/properties", "properties"],
  ["/units", "properties"],
  ["/listing", "listing"],
  ["/insights", "insights"],
  ["/account", "account"],
  ["/verification", "account"],
  ["/messages", "messages"],
];

/** The section of the app a page's address belongs to (what the help dropdown explains there). */
export function sectionOf(pathname: string): KnowledgeCategory {
  return SECTION_PREFIXES.find(([prefix]) => pathname === prefix || pathname.startsWith(prefix === "/booking-" ? prefix : `${prefix}/`) || pathname.startsWith(prefix + "?"))?.[1] ?? "overview";
}
