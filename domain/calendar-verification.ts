/**
 * Calendar (listing) verification (§3, §4 "Calendar verification statuses verified and validated
 * change the plans", §6, §7 "Calendar verification"): the platforms a host can say a unit is listed
 * on, the links we accept for each, and the rule that decides a verification. Pure data and
 * functions, no I/O.
 *
 * The product runs without access to the internet, so nothing is fetched from the platforms. A
 * verification is decided locally and deterministically by `verificationOutcome`:
 *
 * - The host says the unit is not listed on the platform (`isListed: false`): "verified". There is
 *   no calendar elsewhere that could go out of sync, so the unit is verified as "not listed there".
 * - The host gives the link of the listing or of its iCal export: the link must match one of the
 *   platform's patterns (it is checked again here, in case the patterns changed since it was
 *   saved), and the listing id read from it must not belong to another unit, of this or another
 *   host, whose verification already succeeded with that id. Then "validated"; otherwise "failed"
 *   (`url_invalid` or `listing_claimed`). The first unit validated with a listing keeps it.
 *
 * A link to a listing page and a link to its iCal export name the listing differently on
 * Booking.com and Vrbo (a page slug or number, an export token), so each form is claimed on its own.
 */

export const CALENDAR_VERIFICATION_STATUSES = ["not_started", "pending", "verified", "validated", "failed"] as const;
export type CalendarVerificationStatus = (typeof CALENDAR_VERIFICATION_STATUSES)[number];

/** The statuses that count as a verified calendar: they unlock the better plans (subscription-plans.ts). */
export const VERIFIED_CALENDAR_STATUSES: readonly CalendarVerificationStatus[] = ["verified", "validated"];

export const FAILURE_REASONS = ["url_invalid", "listing_claimed"] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

export const LISTING_URL_MAX_LENGTH = 2048;

export const CALENDAR_PROVIDER_IDS = ["airbnb", "booking_com", "vrbo"] as const;
export type CalendarProviderId = (typeof CALENDAR_PROVIDER_IDS)[number];

export type ListingUrlKind = "listing" | "ical";

export interface ListingUrlPattern {
  kind: ListingUrlKind;
  /** JavaScript regular expression source, matched case-insensitively against the trimmed link. */
  pattern: string;
  /** Prepended to the first capture group to make the listing id that is claimed. */
  idPrefix: string;
  example: string;
}

export interface CalendarProvider {
  id: CalendarProviderId;
  /** Proper name of the platform; also in `configuration:calendarProviders`. */
  name: string;
  urlPatterns: readonly ListingUrlPattern[];
}

const TAIL = "(?:[/?#].*)?$";

export const CALENDAR_PROVIDERS: readonly CalendarProvider[] = [
  {
    id: "airbnb",
    name: "Airbnb",
    urlPatterns: [
      {
        kind: "listing",
        pattern: `^https?://(?:www\\.)?airbnb\\.[a-z]{2,3}(?:\\.[a-z]{2})?/rooms/(?:plus/)?(\\d{4,20})${TAIL}`,
        idPrefix: "",
        example: "https://www.airbnb.com/rooms/12345678",
      },
      {
        // Airbnb's calendar export carries the listing number, so both forms claim the same id.
        kind: "ical",
        pattern: "^https?://(?:www\\.)?airbnb\\.[a-z]{2,3}(?:\\.[a-z]{2})?/calendar/ical/(\\d{4,20})\\.ics(?:\\?.*)?$",
        idPrefix: "",
        example: "https://www.airbnb.com/calendar/ical/12345678.ics?s=0123456789abcdef",
      },
    ],
  },
  {
    id: "booking_com",
    name: "Booking.com",
    urlPatterns: [
      {
        kind: "listing",
        pattern: `^https?://(?:www\\.)?booking\\.com/hotel/([a-z]{2}/[a-z0-9-]+?)(?:\\.[a-z]{2}(?:-[a-z]{2})?)?\\.html${TAIL}`,
        idPrefix: "hotel:",
        example: "https://www.booking.com/hotel/de/harbour-flat.html",
      },
      {
        kind: "ical",
        pattern: "^https?://ical\\.booking\\.com/v1/export\\?t=([a-z0-9-]{8,64})$",
        idPrefix: "ical:",
        example: "https://ical.booking.com/v1/export?t=0a1b2c3d-4e5f-6789-abcd-ef0123456789",
      },
    ],
  },
  {
    id: "vrbo",
    name: "Vrbo",
    urlPatterns: [
      {
        kind: "listing",
        pattern: `^https?://(?:www\\.)?vrbo\\.com/(\\d{5,12})(?:ha)?${TAIL}`,
        idPrefix: "",
        example: "https://www.vrbo.com/1234567ha",
      },
      {
        kind: "ical",
        pattern: "^https?://(?:www\\.)?vrbo\\.com/icalendar/([0-9a-f]{32})\\.ics(?:\\?.*)?$",
        idPrefix: "ical:",
        example: "https://www.vrbo.com/icalendar/0123456789abcdef0123456789abcdef.ics",
      },
    ],
  },
];

export function isCalendarProviderId(value: unknown): value is CalendarProviderId {
  return typeof value === "string" && (CALENDAR_PROVIDER_IDS as readonly string[]).includes(value);
}

export function calendarProvider(id: CalendarProviderId): CalendarProvider {
  return CALENDAR_PROVIDERS.find((p) => p.id === id)!;
}

export interface ParsedListingUrl {
  kind: ListingUrlKind;
  /** What identifies the listing on the platform, e.g. `12345678` or `hotel:de/harbour-flat`. */
  listingId: string;
}

/** The listing a link names on the platform, or null when it is not a link we accept for it. */
export function parseListingUrl(provider: CalendarProviderId, url: string): ParsedListingUrl | null {
  const trimmed = url.trim();
  if (!trimmed || trimmed.length > LISTING_URL_MAX_LENGTH) return null;
  for (const p of calendarProvider(provider).urlPatterns) {
    const match = new RegExp(p.pattern, "i").exec(trimmed);
    if (match?.[1]) return { kind: p.kind, listingId: `${p.idPrefix}${match[1].toLowerCase()}` };
  }
  return null;
}

export interface VerificationInput {
  provider: CalendarProviderId;
  isListed: boolean;
  url: string | null;
  /** Whether another unit's successful verification holds the listing id the link names. */
  isClaimedElsewhere: boolean;
}

export interface VerificationOutcome {
  status: Extract<CalendarVerificationStatus, "verified" | "validated" | "failed">;
  listingId: string | null;
  failureReason: FailureReason | null;
}

/** The deterministic verification rule described at the top of this module. */
export function verificationOutcome(input: VerificationInput): VerificationOutcome {
  if (!input.isListed) return { status: "verified", listingId: null, failureReason: null };
  const parsed = input.url ? parseListingUrl(input.provider, input.url) : null;
  if (!parsed) return { status: "failed", listingId: null, failureReason: "url_invalid" };
  if (input.isClaimedElsewhere) return { status: "failed", listingId: parsed.listingId, failureReason: "listing_claimed" };
  return { status: "validated", listingId: parsed.listingId, failureReason: null };
}

export function isCalendarVerified(status: CalendarVerificationStatus | null | undefined): boolean {
  return status != null && VERIFIED_CALENDAR_STATUSES.includes(status);
}

/** From least to most advanced. */
const RANK: Record<CalendarVerificationStatus, number> = { not_started: 0, failed: 1, pending: 2, verified: 3, validated: 4 };

/**
 * A unit's status over all platforms: the most advanced one. A unit validated on one platform is
 * verified, whatever another platform's state.
 */
export function unitCalendarStatus(statuses: readonly CalendarVerificationStatus[]): CalendarVerificationStatus {
  return statuses.reduce<CalendarVerificationStatus>((best, s) => (RANK[s] > RANK[best] ? s : best), "not_started");
}

/**
 * The status of several units together (the units of one subscription): the least advanced one,
 * so that a plan for verified calendars needs every unit it covers verified. No unit: not_started.
 */
export function weakestCalendarStatus(statuses: readonly CalendarVerificationStatus[]): CalendarVerificationStatus {
  if (!statuses.length) return "not_started";
  return statuses.reduce((worst, s) => (RANK[s] < RANK[worst] ? s : worst));
}
