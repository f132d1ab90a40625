import type { PricingKind, ServiceId } from "./property-configuration";
import { addDays, addYears, daysBetween, isIsoDate, nextDay, weekdayOf, withYear, yearOf, type IsoDate } from "./dates";
import { SERVICES } from "./property-configuration";

/**
 * A unit's prices (§3 Pricing defaults / price configuration, Promotion; §5; §9): limits, defaults,
 * the rules that span several fields, seasons and the price of each day. Pure data and functions,
 * no I/O.
 *
 * Money is integer minor units of the host's currency (see money.ts): 12000 is 120.00. The limits of
 * §5 and §9 are stated in major units and converted here with `minor()`.
 */

// ---------------------------------------------------------------------------------------------
// Money and limits
// ---------------------------------------------------------------------------------------------

/** Every supported currency (money.ts) has two decimals. */
export const MINOR_PER_MAJOR = 100;
/** How every amount of the pricing API is expressed; sent with each response. */
export const AMOUNT_UNIT = "minor" as const;
export const minor = (major: number) => major * MINOR_PER_MAJOR;

export const NIGHTLY_PRICE_MIN = minor(10);
export const NIGHTLY_PRICE_MAX = minor(10_000);
export const EXTRA_GUEST_PRICE_MIN = minor(1);
export const EXTRA_GUEST_PRICE_MAX = minor(10_000);
/** Extra charges and taxes: from one minor unit (a tourist tax of 0.50 is common) to 1,000,000. */
export const AMOUNT_MIN = 1;
export const AMOUNT_MAX = minor(1_000_000);
export const SECURITY_DEPOSIT_MAX = minor(1_000_000);
export const DEFAULT_SECURITY_DEPOSIT = 0;

export const STAY_MIN = 1;
export const STAY_MAX = 365;
/** The earliest check-in of a stay with a night on or after `date`: a stay is at most STAY_MAX nights (a day more, as a margin). Reads of the stays that reach a period start there. */
export const earliestCheckInReaching = (date: IsoDate): IsoDate => addDays(date, -(STAY_MAX + 1));
export const DEFAULT_MIN_STAY = 1;
export const DEFAULT_MAX_STAY = 365;

/** Guests included in the nightly price before the extra guest price applies. */
export const EXTRA_GUESTS_COUNT_MIN = 1;
export const EXTRA_GUESTS_COUNT_MAX = 99;

/** Day numbers as `Date.getUTCDay()`: 0 is Sunday, 6 Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;

/** Length-of-stay discounts; weekly and monthly are recognised by these night counts (§5). */
export const WEEKLY_MIN_NIGHTS = 7;
export const MONTHLY_MIN_NIGHTS = 28;
export const DISCOUNT_LENGTH_TYPES = ["weekly", "monthly", "custom"] as const;
export type DiscountLengthType = (typeof DISCOUNT_LENGTH_TYPES)[number];
export const CUSTOM_DISCOUNT_MIN_NIGHTS = 2;
export const DISCOUNT_PERCENT_MIN = 1;
export const DISCOUNT_PERCENT_MAX = 99;

export const TAX_CATEGORIES = ["local_tax"] as const;
export type TaxCategory = (typeof TAX_CATEGORIES)[number];
export const TAX_FEE_TYPES = ["per_day", "per_stay", "per_person", "per_person_per_day"] as const;
export type TaxFeeType = (typeof TAX_FEE_TYPES)[number];

export const SEASON_RECURRENCES = ["one-time", "recurring"] as const;
export type SeasonRecurrence = (typeof SEASON_RECURRENCES)[number];
/** A season may end at most this many years after today. */
export const SEASON_MAX_YEARS_AHEAD = 2;
export const MAX_SEASONS = 100;
export const MAX_DISCOUNTS = 20;
export const MAX_TAXES = 10;

/** The longest range one price-list request covers. */
export const PRICE_LIST_MAX_DAYS = 366;

// ---------------------------------------------------------------------------------------------
// Configuration
// ---------------------------------------------------------------------------------------------

export interface ExtraCharge {
  type: ServiceId;
  pricingKind: PricingKind;
  amount: number;
}

export interface Discount {
  lengthType: DiscountLengthType;
  minNights: number;
  percent: number;
}

export interface Tax {
  category: TaxCategory;
  feeType: TaxFeeType;
  amount: number;
  /** A tax per day counts at most this many nights (many cities stop charging after 7 or 10). */
  maxNights?: number;
  /** The tax of one stay is at most this amount. */
  maxAmount?: number;
}

export interface Season {
  id: string;
  dateFrom: string;
  dateTo: string;
  recurrence: SeasonRecurrence;
  nightlyPrice: number;
  /** null: the default minimum stay applies. */
  minStay: number | null;
  /** null: the default extra guest price applies. */
  extraGuestPrice: number | null;
  /** Weekdays a stay may begin on within the season; absent: the default's `checkInDays`. */
  checkInDays?: number[];
}

export interface PriceConfiguration {
  /** null until the host sets it. */
  nightlyPrice: number | null;
  minStay: number;
  maxStay: number;
  extraGuestPrice: number | null;
  extraGuestsCount: number | null;
  checkInFrom: string;
  checkInTo: string;
  checkOutTo: string;
  checkInDays: number[];
  checkOutDays: number[];
  preparationTime: number;
  minDaysOfNotice: number;
  extraCharges: ExtraCharge[];
  discounts: Discount[];
  taxes: Tax[];
  seasonsPricing: Season[];
  securityDeposit: number;
}

/** What a host sends: season ids are made by the server, weekly and monthly imply their nights. */
export type DiscountInput = Omit<Discount, "minNights"> & { minNights?: number | undefined };
export type SeasonInput = Omit<Season, "id" | "checkInDays"> & { id?: string | undefined; checkInDays?: number[] | null | undefined };
export type PriceConfigurationInput = Omit<PriceConfiguration, "discounts" | "seasonsPricing"> & {
  discounts: DiscountInput[];
  seasonsPricing: SeasonInput[];
};

/**
 * Defaults of a fresh unit (§9). Check-in times, preparation time and minimum notice are the
 * unit's booking policies and share their defaults with them.
 */
export const DEFAULT_PRICE_CONFIGURATION: PriceConfiguration = {
  nightlyPrice: null,
  minStay: DEFAULT_MIN_STAY,
  maxStay: DEFAULT_MAX_STAY,
  extraGuestPrice: null,
  extraGuestsCount: null,
  checkInFrom: "15:00",
  checkInTo: "21:00",
  checkOutTo: "11:00",
  checkInDays: [...WEEKDAYS],
  checkOutDays: [...WEEKDAYS],
  preparationTime: 0,
  minDaysOfNotice: 2,
  extraCharges: [],
  discounts: [],
  taxes: [],
  seasonsPricing: [],
  securityDeposit: DEFAULT_SECURITY_DEPOSIT,
};

/** Fills every field left out (undefined) with its default; a PUT replaces the whole configuration. */
export function withPriceDefaults(input: { [K in keyof PriceConfigurationInput]?: PriceConfigurationInput[K] | undefined }): PriceConfigurationInput {
  const out = structuredClone(DEFAULT_PRICE_CONFIGURATION) as PriceConfigurationInput;
  for (const key of Object.keys(out) as (keyof PriceConfigurationInput)[]) {
    if (input[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = input[key];
  }
  return out;
}

/** Weekly and monthly are recognised by their nights whatever the host called them (§5). */
export function discountLengthType(minNights: number): DiscountLengthType {
  if (minNights === WEEKLY_MIN_NIGHTS) return "weekly";
  if (minNights === MONTHLY_MIN_NIGHTS) return "monthly";
  return "custom";
}

function discountNights(discount: DiscountInput): number | undefined {
  if (discount.lengthType === "weekly") return discount.minNights ?? WEEKLY_MIN_NIGHTS;
  if (discount.lengthType === "monthly") return discount.minNights ?? MONTHLY_MIN_NIGHTS;
  return discount.minNights;
}

export type PricingProblemCode =
  | "required"
  | "max_stay_below_min"
  | "check_in_window_invalid"
  | "pricing_kind_invalid"
  | "duplicate"
  | "discount_nights_invalid"
  | DiscountClashCode
  | "season_dates_invalid"
  | "season_too_far"
  | "season_overlap";

/** A discount refused for another one, named by the other's kind (its text names it so). */
export type DiscountClashCode = `discount_${"same_nights" | "below"}_${DiscountLengthType}`;

export interface PricingProblem {
  path: (string | number)[];
  code: PricingProblemCode;
  /** What the message names besides the field: the other discount's percent and nights. */
  values?: Record<string, number>;
}

/**
 * Whether the value at `path` is valid on its own: a rule over several fields reads only values
 * their own rules accept, so that a form can check it while another field is wrong, and a value
 * out of range is not said to clash with another as well.
 */
export type ValidAt = (...path: (string | number)[]) => boolean;
const everyValid: ValidAt = () => true;
const listOf = <T>(value: readonly T[]): readonly T[] => (Array.isArray(value) ? value : []);

/**
 * Whether a merge patch of the configuration writes its discounts: it has a `discounts` member (null
 * too, which removes them). A patch without one leaves the discounts as stored, so it does not answer
 * for their rule over each other (`discountProblems`): a configuration stored before that rule keeps
 * taking changes of its other fields (decision 025's last addendum).
 */
export const patchWritesDiscounts = (patch: Readonly<Record<string, unknown>>): boolean => Object.hasOwn(patch, "discounts");

/**
 * The rules that span several fields. Each reads only values that `validAt` says are valid on their
 * own (all of them unless told). `today` is an ISO date; it bounds how far ahead a season may end.
 * `discountsWritten: false` leaves out the discounts' rule over each other, for a write that keeps
 * the stored discounts (`patchWritesDiscounts`).
 */
export function priceConfigurationProblems(config: PriceConfigurationInput, today: string, validAt: ValidAt = everyValid, { discountsWritten = true }: { discountsWritten?: boolean } = {}): PricingProblem[] {
  const problems: PricingProblem[] = [];
  const add = (code: PricingProblemCode, ...path: (string | number)[]) => problems.push({ path, code });
  const valid = (...paths: (string | number)[][]) => paths.every((path) => validAt(...path));

  if (valid(["minStay"], ["maxStay"]) && config.maxStay < config.minStay) add("max_stay_below_min", "maxStay");
  if (valid(["checkInFrom"], ["checkInTo"]) && config.checkInFrom > config.checkInTo) add("check_in_window_invalid", "checkInTo");
  // The extra guest price needs to know from which guest on it applies, and the reverse.
  if (valid(["extraGuestPrice"], ["extraGuestsCount"])) {
    if (config.extraGuestPrice !== null && config.extraGuestsCount === null) add("required", "extraGuestsCount");
    if (config.extraGuestsCount !== null && config.extraGuestPrice === null) add("required", "extraGuestPrice");
  }

  const services = new Set<string>();
  listOf(config.extraCharges).forEach((charge, i) => {
    if (!valid(["extraCharges", i, "type"], ["extraCharges", i, "pricingKind"])) return;
    const service = SERVICES.find((s) => s.id === charge.type);
    if (service && !(service.pricingKinds as readonly string[]).includes(charge.pricingKind)) add("pricing_kind_invalid", "extraCharges", i, "pricingKind");
    if (services.has(charge.type)) add("duplicate", "extraCharges", i, "type");
    services.add(charge.type);
  });

  if (discountsWritten) for (const problem of discountProblems(listOf(config.discounts), (i, field) => validAt("discounts", i, field))) problems.push({ ...problem, path: ["discounts", ...problem.path] });

  const latest = addYears(today, SEASON_MAX_YEARS_AHEAD);
  const ids = new Set<string>();
  const placed: SeasonInput[] = [];
  listOf(config.seasonsPricing).forEach((season, i) => {
    const at = (field: string) => ["seasonsPricing", i, field];
    if (valid(at("id")) && season.id !== undefined) {
      if (ids.has(season.id)) add("duplicate", ...at("id"));
      ids.add(season.id);
    }
    if (valid(at("minStay"), ["maxStay"]) && season.minStay !== null && season.minStay > config.maxStay) add("max_stay_below_min", ...at("minStay"));
    // A date that is no date has its own problem already.
    if (!valid(at("dateFrom"), at("dateTo"), at("recurrence")) || !isIsoDate(season.dateFrom) || !isIsoDate(season.dateTo)) return;
    const problem = seasonDatesProblem(season, latest);
    if (problem) return add(problem, ...at("dateTo"));
    if (placed.some((other) => seasonsOverlap(other, season))) add("season_overlap", ...at("dateFrom"));
    placed.push(season);
  });
  return problems;
}

/** What is wrong with a season's dates on their own: an end before its start, a recurring season of a year or more, or an end after `latest`. */
function seasonDatesProblem(season: Pick<SeasonInput, "dateFrom" | "dateTo" | "recurrence">, latest: string): PricingProblemCode | null {
  if (season.dateFrom > season.dateTo) return "season_dates_invalid";
  // A recurring season comes back every year, so it must be shorter than one.
  if (season.recurrence === "recurring" && season.dateTo >= addYears(season.dateFrom, 1)) return "season_dates_invalid";
  if (season.dateTo > latest) return "season_too_far";
  return null;
}

/**
 * Length-of-stay discounts that contradict each other. A stay gets the discount with the most
 * nights it reaches (domain/quote.ts), so:
 * - two discounts from the same nights cannot both apply: the later one is refused on its nights
 *   (on its type, where the type implies them), naming the first (`discount_same_nights_<kind>`);
 * - a longer stay never gets a smaller discount than a shorter one: a discount below one from fewer
 *   nights is refused on its percentage, naming the largest of those (`discount_below_<kind>`), the
 *   one it has to reach or that has to come down. The same percentage is no contradiction.
 * The other discount is named by its kind as its nights make it (a custom discount of 7 nights is
 * the weekly one, §5), with its `percent` and `nights` (`count` for a custom one: its text's plural).
 * Paths are `[index, field]`; a discount whose fields `validAt` refuses takes no part.
 */
export function discountProblems(discounts: readonly DiscountInput[], validAt: (index: number, field: keyof DiscountInput) => boolean = () => true): PricingProblem[] {
  const problems: PricingProblem[] = [];
  const placed: { index: number; nights: number; percent: number }[] = [];
  discounts.forEach((discount, i) => {
    if (!validAt(i, "lengthType") || !validAt(i, "minNights") || !validAt(i, "percent")) return;
    const nights = discountNights(discount);
    if (nights === undefined) return problems.push({ path: [i, "minNights"], code: "required" });
    if (discount.lengthType !== "custom" && discountLengthType(nights) !== discount.lengthType) return problems.push({ path: [i, "minNights"], code: "discount_nights_invalid" });
    const same = placed.find((other) => other.nights === nights);
    if (same) return problems.push({ path: [i, discount.minNights === undefined ? "lengthType" : "minNights"], ...clashWith("same_nights", same) });
    placed.push({ index: i, nights, percent: discount.percent });
  });
  for (const discount of placed) {
    // Of the discounts from fewer nights, the largest; of equal ones, the one from the most nights.
    let largest: (typeof placed)[number] | undefined;
    for (const other of placed) {
      if (other.nights >= discount.nights) continue;
      if (!largest || other.percent > largest.percent || (other.percent === largest.percent && other.nights > largest.nights)) largest = other;
    }
    if (largest && largest.percent > discount.percent) problems.push({ path: [discount.index, "percent"], ...clashWith("below", largest) });
  }
  return problems;
}

function clashWith(clash: "same_nights" | "below", other: { nights: number; percent: number }): Pick<PricingProblem, "code" | "values"> {
  const kind = discountLengthType(other.nights);
  const code: DiscountClashCode = `discount_${clash}_${kind}`;
  return { code, values: kind === "custom" ? { percent: other.percent, count: other.nights } : { percent: other.percent, nights: other.nights } };
}

const uniqueDays = (list: number[]) => [...new Set(list)].sort((a, b) => a - b);

/**
 * The configuration as stored: weekdays sorted and unique, discounts typed by their nights and
 * sorted by them, seasons with an id (from `newId` when they had none) and sorted by start.
 */
export function normalizePriceConfiguration(config: PriceConfigurationInput, newId: () => string): PriceConfiguration {
  return {
    ...config,
    checkInDays: uniqueDays(config.checkInDays),
    checkOutDays: uniqueDays(config.checkOutDays),
    extraCharges: config.extraCharges.map((c) => ({ type: c.type, pricingKind: c.pricingKind, amount: c.amount })),
    taxes: config.taxes.map((t) => ({
      category: t.category,
      feeType: t.feeType,
      amount: t.amount,
      ...(t.maxNights === undefined ? {} : { maxNights: t.maxNights }),
      ...(t.maxAmount === undefined ? {} : { maxAmount: t.maxAmount }),
    })),
    discounts: config.discounts
      .map((d) => {
        const minNights = discountNights(d) ?? WEEKLY_MIN_NIGHTS;
        return { lengthType: discountLengthType(minNights), minNights, percent: d.percent };
      })
      .sort((a, b) => a.minNights - b.minNights),
    seasonsPricing: config.seasonsPricing
      .map((s) => ({
        id: s.id ?? newId(),
        dateFrom: s.dateFrom,
        dateTo: s.dateTo,
        recurrence: s.recurrence,
        nightlyPrice: s.nightlyPrice,
        minStay: s.minStay,
        extraGuestPrice: s.extraGuestPrice,
        ...(s.checkInDays ? { checkInDays: uniqueDays(s.checkInDays) } : {}),
      }))
      .sort((a, b) => (a.dateFrom === b.dateFrom ? a.id.localeCompare(b.id) : a.dateFrom < b.dateFrom ? -1 : 1)),
  };
}

// ---------------------------------------------------------------------------------------------
// JSON merge patch (RFC 7396)
// ---------------------------------------------------------------------------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** RFC 7396: objects merge member by member, null removes a member, anything else replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return structuredClone(patch as Json);
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    // Defined, not assigned: a member named "__proto__" stays a member and never sets the prototype.
    else Object.defineProperty(result, key, { value: mergePatch(result[key], value), enumerable: true, writable: true, configurable: true });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Seasons and the price of each day
// ---------------------------------------------------------------------------------------------

export interface DateRange {
  dateFrom: string;
  dateTo: string;
}

type SeasonDates = Pick<Season, "dateFrom" | "dateTo" | "recurrence">;

/**
 * The concrete date ranges of a season that may touch the years `fromYear`..`toYear`. A one-time
 * season is its own range; a recurring one comes back on the same days every year from its first
 * year on (a season over new year starts in one year and ends in the next).
 */
export function seasonOccurrences(season: SeasonDates, fromYear: number, toYear: number): DateRange[] {
  if (season.recurrence === "one-time") return [{ dateFrom: season.dateFrom, dateTo: season.dateTo }];
  const first = yearOf(season.dateFrom);
  const spanYears = yearOf(season.dateTo) - first;
  const out: DateRange[] = [];
  for (let year = Math.max(first, fromYear - spanYears); year <= toYear; year++) {
    out.push({ dateFrom: withYear(season.dateFrom, year), dateTo: withYear(season.dateTo, year + spanYears) });
  }
  return out;
}

function rangesOverlap(a: DateRange, b: DateRange): boolean {
  return a.dateFrom <= b.dateTo && b.dateFrom <= a.dateTo;
}

/** Whether two seasons share a day in any year (recurring ones compared over their next returns). */
export function seasonsOverlap(a: SeasonDates, b: SeasonDates): boolean {
  const fromYear = Math.min(yearOf(a.dateFrom), yearOf(b.dateFrom));
  // Recurring seasons repeat yearly, so two years after the later start has shown every case.
  const toYear = Math.max(yearOf(a.dateTo), yearOf(b.dateTo)) + 2;
  const first = seasonOccurrences(a, fromYear, toYear);
  const second = seasonOccurrences(b, fromYear, toYear);
  return first.some((x) => second.some((y) => rangesOverlap(x, y)));
}

/** §3 Calendar day prices. `price` is null while neither a season nor the default price is set. */
export interface DayPrice {
  date: string;
  price: number | null;
  minimalLengthOfStay: number;
  maximalLengthOfStay: number;
}

/** A day's own price and stay rules, set from the calendar; null leaves the season's or default's. */
export interface DayOverride {
  date: string;
  price: number | null;
  minStay: number | null;
  maxStay: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
}

/** A per-day override as far as a day's price needs it: the stay limits and closures left out are none (the calendar of all units' cells read prices alone). */
export type DayPriceOverride = Pick<DayOverride, "date" | "price"> & Partial<Omit<DayOverride, "date" | "price">>;

type SeasonRules = Pick<Season, "dateFrom" | "dateTo" | "recurrence" | "nightlyPrice" | "minStay"> & { extraGuestPrice?: number | null; checkInDays?: number[] | null | undefined };

/** What the days of a unit are resolved from; the fields left out take their defaults. */
export type DayRuleSource = Pick<PriceConfiguration, "nightlyPrice" | "minStay" | "maxStay"> &
  Partial<Pick<PriceConfiguration, "extraGuestPrice" | "checkInDays" | "checkOutDays">> & { seasonsPricing: readonly SeasonRules[] };

/** Where a day's price comes from. */
export type PriceSource = "override" | "season" | "default";

/** Everything that holds for one day: its price and the rules of a stay that arrives or leaves on it. */
export interface DayRules {
  date: string;
  price: number | null;
  priceSource: PriceSource;
  /** The stay limits of a stay that arrives on this day. */
  minStay: number;
  maxStay: number;
  extraGuestPrice: number | null;
  closedToArrival: boolean;
  closedToDeparture: boolean;
  /** A stay may begin on this day: its weekday is an arrival day (the season's, else the default's) and it is not closed to arrival. */
  arrivalAllowed: boolean;
  /** A stay may end on this day: its weekday is a departure day and it is not closed to departure. */
  departureAllowed: boolean;
}

/**
 * The rules of every day from `dateFrom` to `dateTo` (both included): a day's own override wins,
 * then the season it lies in, then the defaults. Seasons never overlap; should they, the first
 * listed wins. The maximum stay has no season value (override, else default).
 */
export function dayRules(config: DayRuleSource, overrides: readonly DayPriceOverride[], dateFrom: string, dateTo: string): DayRules[] {
  const byDate = new Map(overrides.map((o) => [o.date, o]));
  const checkInDays: readonly number[] = config.checkInDays ?? WEEKDAYS;
  const checkOutDays: readonly number[] = config.checkOutDays ?? WEEKDAYS;
  const days: DayRules[] = [];
  const count = daysBetween(dateFrom, dateTo) + 1;
  const seasonAt = seasonsByDay(config, dateFrom, dateTo, count);
  // Day by day (a page of the calendar of all units resolves 50 × 31 of them): the next date and weekday follow from the last.
  let weekday = weekdayOf(dateFrom);
  for (let i = 0, date = dateFrom; i < count; i++, date = nextDay(date), weekday = weekday === 6 ? 0 : weekday + 1) {
    const season = seasonAt[i];
    const override = byDate.get(date);
    const closedToArrival = override?.closedToArrival ?? false;
    const closedToDeparture = override?.closedToDeparture ?? false;
    const price = override?.price ?? (season ? season.nightlyPrice : config.nightlyPrice);
    days.push({
      date,
      price,
      priceSource: override?.price != null ? "override" : season ? "season" : "default",
      minStay: override?.minStay ?? season?.minStay ?? config.minStay,
      maxStay: override?.maxStay ?? config.maxStay,
      extraGuestPrice: season?.extraGuestPrice ?? config.extraGuestPrice ?? null,
      closedToArrival,
      closedToDeparture,
      arrivalAllowed: !closedToArrival && (season?.checkInDays ?? checkInDays).includes(weekday),
      departureAllowed: !closedToDeparture && checkOutDays.includes(weekday),
    });
  }
  return days;
}

/** What a day's price alone comes from (`dayPrices`): the default price and the seasons' dates and prices. */
export type DayPriceSource = Pick<DayRuleSource, "nightlyPrice"> & { seasonsPricing: readonly Pick<SeasonRules, "dateFrom" | "dateTo" | "recurrence" | "nightlyPrice">[] };

/** Each day's season by its index in the range (`count` days from `dateFrom`), the first listed winning (written last). */
function seasonsByDay<S extends DayPriceSource["seasonsPricing"][number]>(config: { seasonsPricing: readonly S[] }, dateFrom: string, dateTo: string, count: number) {
  const seasonAt: (S | undefined)[] = [];
  if (!config.seasonsPricing.length) return seasonAt;
  const occurrences = config.seasonsPricing.flatMap((season) =>
    seasonOccurrences(season, yearOf(dateFrom), yearOf(dateTo))
      .filter((range) => range.dateFrom <= dateTo && range.dateTo >= dateFrom)
      .map((range) => ({ range, season })),
  );
  for (let k = occurrences.length - 1; k >= 0; k--) {
    const { range, season } = occurrences[k]!;
    const last = Math.min(count - 1, daysBetween(dateFrom, range.dateTo));
    for (let i = Math.max(0, daysBetween(dateFrom, range.dateFrom)); i <= last; i++) seasonAt[i] = season;
  }
  return seasonAt;
}

/**
 * Each day's price from `dateFrom` to `dateTo` (both included), as `dayRules` prices it (the day's
 * override, else its season's, else the default), without the day's other rules: the calendar of all
 * units shows 50 × 31 prices a page and nothing else of a day. Overrides outside the days are left out.
 */
export function dayPrices(config: DayPriceSource, overrides: readonly Pick<DayPriceOverride, "date" | "price">[], dateFrom: string, dateTo: string): (number | null)[] {
  const count = daysBetween(dateFrom, dateTo) + 1;
  const seasonAt = seasonsByDay(config, dateFrom, dateTo, count);
  const prices: (number | null)[] = [];
  for (let i = 0; i < count; i++) prices.push(seasonAt[i] ? seasonAt[i]!.nightlyPrice : config.nightlyPrice);
  for (const override of overrides) {
    if (override.price == null) continue;
    const i = daysBetween(dateFrom, override.date);
    if (i >= 0 && i < count) prices[i] = override.price;
  }
  return prices;
}

/** The price and stay limits of every day from `dateFrom` to `dateTo` (both included), as `dayRules` resolves them. */
export function priceList(config: DayRuleSource, dateFrom: string, dateTo: string, overrides: readonly DayOverride[] = []): DayPrice[] {
  return dayRules(config, overrides, dateFrom, dateTo).map((d) => ({ date: d.date, price: d.price, minimalLengthOfStay: d.minStay, maximalLengthOfStay: d.maxStay }));
}

// ---------------------------------------------------------------------------------------------
// Promotions
// ---------------------------------------------------------------------------------------------

export const PROMOTION_STATES = ["ACTIVE", "INACTIVE"] as const;
export type PromotionState = (typeof PROMOTION_STATES)[number];
export const PROMOTION_TYPES = ["early-booker", "last-minute", "long-stay"] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

export interface PromotionDefinition {
  type: PromotionType;
  /** Percent off the stay's price while the promotion is active. */
  discount: number;
  /** When a stay qualifies: booked at least / at most this many days before arrival, or this long. */
  conditions: { minDaysBeforeArrival?: number; maxDaysBeforeArrival?: number; minNights?: number };
}

/** The promotions the product offers, in the order the host sees them. */
export const PROMOTIONS: readonly PromotionDefinition[] = [
  { type: "early-booker", discount: 10, conditions: { minDaysBeforeArrival: 90 } },
  { type: "last-minute", discount: 15, conditions: { maxDaysBeforeArrival: 7 } },
  { type: "long-stay", discount: 10, conditions: { minNights: MONTHLY_MIN_NIGHTS } },
];

export function promotionDefinition(type: PromotionType): PromotionDefinition {
  return PROMOTIONS.find((p) => p.type === type)!;
}

/** Translation keys (namespace "promotions") of a promotion's texts (§3 Promotion). */
export function promotionTexts(type: PromotionType) {
  const base = `promotions:${type.replace(/-(\w)/g, (_, c: string) => c.toUpperCase())}`;
  return {
    title: `${base}.title`,
    description: `${base}.description`,
    progressDescription: `${base}.progressDescription`,
    footer: `${base}.footer`,
    switchName: `${base}.switchName`,
    bullets: [`${base}.bullet1`, `${base}.bullet2`, `${base}.bullet3`],
  };
}
