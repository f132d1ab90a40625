import { addDays, daysBetween, type IsoDate } from "./days";

/**
 * The overview's day (§2 Home): which stays arrive, leave or are under way, each by the date of
 * its unit's own time zone (a host with units in Lisbon and Zermatt has two "todays" at 23:30 UTC).
 */

export interface DayStay {
  checkIn: IsoDate;
  checkOut: IsoDate;
  /** Today's date where the stay's unit is. */
  today: IsoDate;
}

export type StayMoment = "checkInToday" | "checkInTomorrow" | "checkOutToday" | "checkOutTomorrow" | "stayingNow";

/** What a stay is to the host today; a stay can be two things (leaving tomorrow and staying now). */
export function momentsOf({ checkIn, checkOut, today }: DayStay): StayMoment[] {
  const moments: StayMoment[] = [];
  const tomorrow = addDays(today, 1);
  if (checkIn === today) moments.push("checkInToday");
  if (checkIn === tomorrow) moments.push("checkInTomorrow");
  if (checkOut === today) moments.push("checkOutToday");
  if (checkOut === tomorrow) moments.push("checkOutTomorrow");
  if (checkIn < today && checkOut > today) moments.push("stayingNow");
  return moments;
}

/** The month of a day and its number of days: `2026-02-14` → { from 2026-02-01, to 2026-03-01 (excluded), days 28 }. */
export function monthOf(day: IsoDate): { from: IsoDate; to: IsoDate; days: number } {
  const from = `${day.slice(0, 7)}-01`;
  const next = Number(day.slice(5, 7)) === 12 ? `${Number(day.slice(0, 4)) + 1}-01-01` : `${day.slice(0, 4)}-${String(Number(day.slice(5, 7)) + 1).padStart(2, "0")}-01`;
  return { from, to: next, days: daysBetween(from, next) };
}

/** Nights of a stay that fall in [from, to). */
export function nightsWithin(stay: { checkIn: IsoDate; checkOut: IsoDate }, from: IsoDate, to: IsoDate): number {
  const start = stay.checkIn > from ? stay.checkIn : from;
  const end = stay.checkOut < to ? stay.checkOut : to;
  return Math.max(0, daysBetween(start, end));
}
