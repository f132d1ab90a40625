import { daysBetween, nights as nightsOfStay, type IsoDate, type Stay } from "./dates";
import type { Currency } from "./money";
import { dayRules, type DayOverride, type DayRuleSource, type DiscountLengthType, type PriceConfiguration, type PriceSource, type TaxCategory, type TaxFeeType } from "./pricing";
import type { PricingKind, ServiceId } from "./property-configuration";

/**
 * The price of a stay and the rules that refuse it: the one quote the calendar, the public listing
 * page and the bookings use (decision 025). Pure: everything it needs comes in, nothing is read.
 *
 * Money is integer minor units of `currency`. A stay is half-open `[checkIn, checkOut)`: its nights
 * are priced, its check-out day only decides whether the guest may leave then.
 */

/** What a stay is quoted from: the unit's price configuration, seasons included, and its per-day overrides. */
export type QuoteRules = DayRuleSource &
  Pick<PriceConfiguration, "extraGuestPrice" | "extraGuestsCount" | "checkInDays" | "checkOutDays" | "minDaysOfNotice" | "preparationTime" | "extraCharges" | "discounts" | "taxes" | "securityDeposit">;

export interface QuoteRequest {
  stay: Stay;
  /** Everyone who stays, the included guests too. */
  guests: number;
  /** Today where the unit is (`todayIn(timeZone)`): the notice counts from it. */
  today: IsoDate;
  /**
   * The nearest nights other guests stay (booked or imported) before the check-in and from the
   * check-out on, null where there is none: the unit's preparation time must fit between.
   */
  neighbours?: { lastNightBefore: IsoDate | null; firstNightAfter: IsoDate | null };
}

export const STAY_REFUSAL_RULES = ["stay_empty", "stay_too_short", "stay_too_long", "arrival_closed", "departure_closed", "notice_too_short", "preparation_time", "price_missing"] as const satisfies readonly StayRefusal["rule"][];

/** Why a stay cannot be booked, with the limit it breaks. */
export type StayRefusal =
  | { rule: "stay_empty" }
  | { rule: "stay_too_short"; minNights: number }
  | { rule: "stay_too_long"; maxNights: number }
  | { rule: "arrival_closed"; date: IsoDate }
  | { rule: "departure_closed"; date: IsoDate }
  | { rule: "notice_too_short"; minDays: number }
  | { rule: "preparation_time"; nights: number }
  | { rule: "price_missing"; dates: IsoDate[] };

export interface QuotedNight {
  date: IsoDate;
  price: number;
  priceSource: PriceSource;
  /** What the guests above the included count add on this night. */
  extraGuests: number;
}

export interface Quote {
  currency: Currency;
  nights: QuotedNight[];
  /** The nights' prices and extra guests, before the discount. */
  accommodation: number;
  /** The length-of-stay discount with the most nights the stay reaches, taken off the accommodation. */
  discount: { lengthType: DiscountLengthType; minNights: number; percent: number; amount: number } | null;
  extraCharges: { type: ServiceId; pricingKind: PricingKind; amount: number }[];
  taxes: { category: TaxCategory; feeType: TaxFeeType; amount: number }[];
  /** What the guest pays: accommodation less the discount, plus extra charges and taxes. */
  total: number;
  /** Held and given back; not part of the total. */
  securityDeposit: number;
}

export interface QuoteResult {
  /** Empty: the stay may be booked as far as prices and stay rules go (taken nights are the database's). */
  refusals: StayRefusal[];
  /** Null when the stay has no nights or a night has no price. */
  quote: Quote | null;
}

/** A share of an amount in percent, rounded to the nearest minor unit (half up). */
export function percentOf(amount: number, percent: number): number {
  return Math.round((amount * percent) / 100);
}

export function quoteStay(rules: QuoteRules, overrides: readonly DayOverride[], request: QuoteRequest, currency: Currency): QuoteResult {
  const { stay, guests, today } = request;
  const count = nightsOfStay(stay);
  if (count === 0) return { refusals: [{ rule: "stay_empty" }], quote: null };

  // The nights and the check-out day: the last one only decides the departure.
  const days = dayRules(rules, overrides, stay.checkIn, stay.checkOut);
  const arrival = days[0]!;
  const departure = days[count]!;
  const nights = days.slice(0, count);

  const refusals: StayRefusal[] = [];
  if (count < arrival.minStay) refusals.push({ rule: "stay_too_short", minNights: arrival.minStay });
  if (count > arrival.maxStay) refusals.push({ rule: "stay_too_long", maxNights: arrival.maxStay });
  if (!arrival.arrivalAllowed) refusals.push({ rule: "arrival_closed", date: arrival.date });
  if (!departure.departureAllowed) refusals.push({ rule: "departure_closed", date: departure.date });
  if (daysBetween(today, stay.checkIn) < rules.minDaysOfNotice) refusals.push({ rule: "notice_too_short", minDays: rules.minDaysOfNotice });
  const { lastNightBefore = null, firstNightAfter = null } = request.neighbours ?? {};
  // Free nights between the other stays and this one: from the morning after the last night before, and up to the first night after.
  const freeBefore = lastNightBefore === null ? Infinity : daysBetween(lastNightBefore, stay.checkIn) - 1;
  const freeAfter = firstNightAfter === null ? Infinity : daysBetween(stay.checkOut, firstNightAfter);
  if (Math.min(freeBefore, freeAfter) < rules.preparationTime) refusals.push({ rule: "preparation_time", nights: rules.preparationTime });
  const unpriced = nights.filter((n) => n.price === null).map((n) => n.date);
  if (unpriced.length) {
    refusals.push({ rule: "price_missing", dates: unpriced });
    return { refusals, quote: null };
  }

  const extraGuestCount = rules.extraGuestsCount === null ? 0 : Math.max(0, guests - rules.extraGuestsCount);
  const quoted: QuotedNight[] = nights.map((n) => ({
    date: n.date,
    price: n.price!,
    priceSource: n.priceSource,
    extraGuests: extraGuestCount * (n.extraGuestPrice ?? 0),
  }));
  const accommodation = quoted.reduce((sum, n) => sum + n.price + n.extraGuests, 0);

  const best = rules.discounts.filter((d) => d.minNights <= count).sort((a, b) => b.minNights - a.minNights)[0];
  const discount = best ? { lengthType: best.lengthType, minNights: best.minNights, percent: best.percent, amount: percentOf(accommodation, best.percent) } : null;

  const extraCharges = rules.extraCharges.map((c) => ({ type: c.type, pricingKind: c.pricingKind, amount: c.pricingKind === "recurring" ? c.amount * count : c.amount }));

  const taxes = rules.taxes.map((tax) => {
    const taxedNights = Math.min(count, tax.maxNights ?? count);
    const units = { per_day: taxedNights, per_stay: 1, per_person: guests, per_person_per_day: guests * taxedNights }[tax.feeType];
    return { category: tax.category, feeType: tax.feeType, amount: Math.min(tax.amount * units, tax.maxAmount ?? Number.MAX_SAFE_INTEGER) };
  });

  const total = accommodation - (discount?.amount ?? 0) + extraCharges.reduce((sum, c) => sum + c.amount, 0) + taxes.reduce((sum, t) => sum + t.amount, 0);
  return {
    refusals,
    quote: { currency, nights: quoted, accommodation, discount, extraCharges, taxes, total, securityDeposit: rules.securityDeposit },
  };
}

