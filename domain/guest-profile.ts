import { daysBetween, weekdayOf, type IsoDate } from "./days";
import { LOCALES, type Locale } from "./locales";

/**
 * The host's ideal guest (§2 Guest, §3 Guest profile): what the host prefers in when guests book,
 * how long they stay, the day they arrive, how many they are and the language they speak; and how
 * well a request or inquiry matches it (six levels).
 */

export const BOOKING_TIMES = ["lastMinute", "fewWeeks", "fewMonths", "farAhead"] as const;
export const STAY_DURATIONS = ["short", "week", "twoWeeks", "long"] as const;
/** Days of arrival, Monday first (weekdayOf: 0 is Sunday). */
export const START_OF_STAY = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export const GROUP_SIZES = ["solo", "couple", "family", "group"] as const;
/** The languages a host may prefer (the product's languages), or none. */
export const GUEST_LANGUAGES = ["de", "en", "es", "fr", "hr", "it", "nl", "pt"] as const;
export const NO_LANGUAGE_PREFERENCE = "none";

export type BookingTime = (typeof BOOKING_TIMES)[number];
export type StayDuration = (typeof STAY_DURATIONS)[number];
export type StartOfStay = (typeof START_OF_STAY)[number];
export type GroupSize = (typeof GROUP_SIZES)[number];
export type SpokenLanguage = (typeof GUEST_LANGUAGES)[number];
export type GuestLanguage = SpokenLanguage | typeof NO_LANGUAGE_PREFERENCE;

/**
 * The guest's language as a booking, request or inquiry keeps it: one of the product's locales
 * (`de_CH`), read from what a guest or channel sends: the locale, its BCP 47 tag (`de-CH`) or a bare
 * language of ours (`de`, taken as its main locale). Anything else is null: not a language we know.
 */
export function guestLocaleOf(value: string): Locale | null {
  const asked = value.trim().replace("-", "_").toLowerCase();
  const locale = LOCALES.find((l) => l.toLowerCase() === asked);
  if (locale) return locale;
  const language = GUEST_LANGUAGES.find((l) => l === asked);
  return language ? MAIN_LOCALE[language] : null;
}

/** The locale a bare language stands for. */
const MAIN_LOCALE: Record<SpokenLanguage, Locale> = { de: "de_DE", en: "en_US", es: "es_ES", fr: "fr_FR", hr: "hr_HR", it: "it_IT", nl: "nl_NL", pt: "pt_PT" };

/** The language a guest's locale is in (`de_CH` → `de`), or null when it is none of ours. */
export function spokenLanguageOf(locale: string | null | undefined): SpokenLanguage | null {
  const language = locale?.split(/[_-]/)[0]?.toLowerCase();
  return GUEST_LANGUAGES.find((l) => l === language) ?? null;
}

/**
 * The languages a host may prefer guests to speak (§2 Guest: one of the host's languages): those the
 * host's profile says they speak that are ours, the language the host uses the app in first; all of
 * ours when the profile names none of them.
 */
export function preferableLanguages(hostLocale: string, spoken: readonly string[]): SpokenLanguage[] {
  const own = spokenLanguageOf(hostLocale);
  const known = GUEST_LANGUAGES.filter((l) => spoken.includes(l));
  const offered: SpokenLanguage[] = known.length ? known : [...GUEST_LANGUAGES];
  return own && offered.includes(own) ? [own, ...offered.filter((l) => l !== own)] : offered;
}

export interface GuestProfile {
  bookingTimes: BookingTime[];
  stayDurations: StayDuration[];
  startOfStay: StartOfStay[];
  groupSizes: GroupSize[];
  language: GuestLanguage | null;
}

export const EMPTY_GUEST_PROFILE: GuestProfile = { bookingTimes: [], stayDurations: [], startOfStay: [], groupSizes: [], language: null };

/** The flow's seven steps in order (§2); the five choice steps count for its progress. */
export const GUEST_PROFILE_STEPS = ["introduction", "bookingTimes", "stayDurations", "startOfStay", "groupSizes", "language", "confirmation"] as const;
export type GuestProfileStep = (typeof GUEST_PROFILE_STEPS)[number];
export const GUEST_PROFILE_CHOICE_STEPS = ["bookingTimes", "stayDurations", "startOfStay", "groupSizes", "language"] as const;
export type GuestProfileChoiceStep = (typeof GUEST_PROFILE_CHOICE_STEPS)[number];

export const GUEST_PROFILE_OPTIONS: { [S in GuestProfileChoiceStep]: readonly string[] } = {
  bookingTimes: BOOKING_TIMES,
  stayDurations: STAY_DURATIONS,
  startOfStay: START_OF_STAY,
  groupSizes: GROUP_SIZES,
  language: [...GUEST_LANGUAGES, NO_LANGUAGE_PREFERENCE],
};

/** The step's place in the progress "n of 5" (introduction 0, confirmation 5). */
export function progressOf(step: GuestProfileStep): number {
  const index = GUEST_PROFILE_CHOICE_STEPS.indexOf(step as GuestProfileChoiceStep);
  if (index >= 0) return index + 1;
  return step === "confirmation" ? GUEST_PROFILE_CHOICE_STEPS.length : 0;
}

export function nextStep(step: GuestProfileStep): GuestProfileStep | null {
  return GUEST_PROFILE_STEPS[GUEST_PROFILE_STEPS.indexOf(step) + 1] ?? null;
}

export function previousStep(step: GuestProfileStep): GuestProfileStep | null {
  return GUEST_PROFILE_STEPS[GUEST_PROFILE_STEPS.indexOf(step) - 1] ?? null;
}

/** Whether every choice step has an answer (what "all set" means). */
export function isComplete(profile: GuestProfile): boolean {
  return profile.bookingTimes.length > 0 && profile.stayDurations.length > 0 && profile.startOfStay.length > 0 && profile.groupSizes.length > 0 && profile.language !== null;
}

export function bookingTimeOf(bookedOn: IsoDate, checkIn: IsoDate): BookingTime {
  const ahead = daysBetween(bookedOn, checkIn);
  if (ahead < 7) return "lastMinute";
  if (ahead <= 28) return "fewWeeks";
  if (ahead <= 90) return "fewMonths";
  return "farAhead";
}

export function stayDurationOf(nights: number): StayDuration {
  if (nights <= 3) return "short";
  if (nights <= 7) return "week";
  if (nights <= 14) return "twoWeeks";
  return "long";
}

export function startOfStayOf(checkIn: IsoDate): StartOfStay {
  return START_OF_STAY[(weekdayOf(checkIn) + 6) % 7]!;
}

export function groupSizeOf(guests: number): GroupSize {
  if (guests <= 1) return "solo";
  if (guests === 2) return "couple";
  if (guests <= 4) return "family";
  return "group";
}

/** The six match levels of §2, from no criterion met to all five. */
export const MATCH_LEVELS = ["potential", "nice", "nice", "good", "great", "best"] as const;
export type MatchLevel = (typeof MATCH_LEVELS)[number];

export interface StayToMatch {
  /** The day the guest asked (the request's or inquiry's creation, as a date). */
  askedOn: IsoDate;
  checkIn: IsoDate;
  checkOut: IsoDate;
  guests: number;
  /** The guest's language (a locale, `de_CH`), when known. */
  language?: string | null | undefined;
}

export interface Match {
  level: MatchLevel;
  /** 0 to 5: how many of the five criteria the stay meets. */
  score: number;
  met: GuestProfileChoiceStep[];
}

function meets<T extends string>(chosen: readonly T[], value: T): boolean {
  return chosen.length === 0 || chosen.includes(value);
}

/** Whether the guest speaks the language the host prefers: always, without a preference; never, when the guest's language is not known. */
export function languageMeets(preferred: GuestLanguage | null, guestLocale: string | null | undefined): boolean {
  if (preferred === null || preferred === NO_LANGUAGE_PREFERENCE) return true;
  return spokenLanguageOf(guestLocale) === preferred;
}

/**
 * How well a stay matches the host's ideal guest: one point per criterion it meets. A criterion the
 * host left open (no option chosen, or no language preference) is met by every stay; a language
 * preference is met only by a guest known to speak it (`de_CH` and `de_DE` both speak `de`).
 */
export function matchOf(profile: GuestProfile, stay: StayToMatch): Match {
  const checks: [GuestProfileChoiceStep, boolean][] = [
    ["bookingTimes", meets(profile.bookingTimes, bookingTimeOf(stay.askedOn, stay.checkIn))],
    ["stayDurations", meets(profile.stayDurations, stayDurationOf(daysBetween(stay.checkIn, stay.checkOut)))],
    ["startOfStay", meets(profile.startOfStay, startOfStayOf(stay.checkIn))],
    ["groupSizes", meets(profile.groupSizes, groupSizeOf(stay.guests))],
    ["language", languageMeets(profile.language, stay.language)],
  ];
  const met = checks.filter(([, ok]) => ok).map(([step]) => step);
  return { level: MATCH_LEVELS[met.length]!, score: met.length, met };
}
