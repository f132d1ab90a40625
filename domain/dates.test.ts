import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addDaysIn,
  addDaysTo,
  addMonths,
  addMonthsTo,
  addYears,
  completedYears,
  daysBetween,
  isIsoDate,
  isLeapYear,
  nextDay,
  nights,
  nightsOf,
  startOfDayIn,
  stayIncludes,
  staysOverlap,
  todayIn,
  todayUtc,
  weekdayOf,
  withYear,
  yearOf,
} from "./dates";
import { isDay } from "./days";

const addMonthsViaDayjs = (date: string, months: number) => dayjs.utc(date).add(months, "month").format("YYYY-MM-DD");

/** The same day in another year, 29 February as 28 February in a common year, by the date library. */
function withYearViaDayjs(date: string, year: number) {
  const value = dayjs.utc(date);
  const leapDay = value.month() === 1 && value.date() === 29;
  return (leapDay && !isLeapYear(year) ? value.date(28) : value).year(year).format("YYYY-MM-DD");
}

describe("calendar dates", () => {
  it("accepts real days written YYYY-MM-DD only", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2000-02-29")).toBe(true);
    expect(isIsoDate("1950-06-30")).toBe(true);
    expect(isIsoDate("2027-02-29")).toBe(false);
    expect(isIsoDate("1900-02-29")).toBe(false);
    expect(isIsoDate("2026-04-31")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
    expect(isIsoDate("01.01.2001")).toBe(false);
    expect(isIsoDate("2026-01-01T00:00:00Z")).toBe(false);
    expect(isIsoDate("tomorrow")).toBe(false);
  });

  it("knows leap years, also the century rules", () => {
    expect([2024, 2028, 2000].map(isLeapYear)).toEqual([true, true, true]);
    expect([2026, 2100, 1900].map(isLeapYear)).toEqual([false, false, false]);
  });

  it("adds days across months, years and 29 February", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(addDays("2028-02-28", 366)).toBe("2029-02-28");
    expect(() => addDays("1 March", 1)).toThrow(RangeError);
  });

  it("adds days over the summer time changes without losing or repeating a day", () => {
    // Europe: 29 March 2026 has 23 hours, 25 October 2026 has 25; the US changes on 8 March.
    expect(addDays("2026-03-28", 1)).toBe("2026-03-29");
    expect(addDays("2026-03-29", 1)).toBe("2026-03-30");
    expect(addDays("2026-10-24", 1)).toBe("2026-10-25");
    expect(addDays("2026-10-25", 1)).toBe("2026-10-26");
    expect(addDays("2026-03-07", 2)).toBe("2026-03-09");
    expect(daysBetween("2026-03-29", "2026-03-30")).toBe(1);
    expect(daysBetween("2026-10-25", "2026-10-26")).toBe(1);
    expect(daysBetween("2026-01-01", "2027-01-01")).toBe(365);
    expect(daysBetween("2028-01-01", "2029-01-01")).toBe(366);
    expect(daysBetween("2026-05-10", "2026-05-01")).toBe(-9);
  });

  it("moves by months and years, keeping the last day of a shorter month", () => {
    expect(addMonths("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonths("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonths("2027-05-31", -3)).toBe("2027-02-28");
    expect(addMonths("2026-11-15", 2)).toBe("2027-01-15");
    expect(addYears("2028-02-29", 1)).toBe("2029-02-28");
    expect(addYears("2028-02-29", 4)).toBe("2032-02-29");
    expect(withYear("2026-07-01", 2030)).toBe("2030-07-01");
    expect(withYear("2024-02-29", 2026)).toBe("2026-02-28");
  });

  it("names the weekday, 0 for Sunday", () => {
    expect(weekdayOf("2026-05-10")).toBe(0);
    expect(weekdayOf("2026-05-16")).toBe(6);
    expect(weekdayOf("2028-02-29")).toBe(2);
  });

  it("counts completed years; a 29 February birthday counts from 1 March in common years", () => {
    expect(completedYears("2000-02-29", "2018-02-28")).toBe(17);
    expect(completedYears("2000-02-29", "2018-03-01")).toBe(18);
    expect(completedYears("2000-06-30", "2026-06-30")).toBe(26);
    expect(completedYears("2000-06-30", "2026-06-29")).toBe(25);
  });
});

/** Days added as `Date`'s UTC arithmetic does, out-of-range days and months rolled over. */
function viaDate(date: string, days: number) {
  const instant = new Date(0);
  instant.setUTCFullYear(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
  return new Date(instant.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

describe("day arithmetic on plain dates", () => {
  dayjs.extend(utc);
  const viaDayjs = {
    addDays: (date: string, days: number) => dayjs.utc(date).add(days, "day").format("YYYY-MM-DD"),
    weekdayOf: (date: string) => dayjs.utc(date).day(),
    daysBetween: (from: string, to: string) => dayjs.utc(to).diff(dayjs.utc(from), "day"),
  };

  it("answers as dayjs for every day of 1999 to 2031, leap days and year ends included", () => {
    const mismatches: string[] = [];
    for (let date = "1999-01-01"; date <= "2031-12-31"; date = viaDayjs.addDays(date, 1)) {
      for (const step of [-400, -31, -1, 0, 1, 7, 29, 365, 366]) {
        if (addDays(date, step) !== viaDayjs.addDays(date, step)) mismatches.push(`${date} ${step}`);
      }
      if (weekdayOf(date) !== viaDayjs.weekdayOf(date)) mismatches.push(`weekday ${date}`);
      if (isDay(date) !== isIsoDate(date)) mismatches.push(`real day ${date}`);
      if (daysBetween("2026-03-29", date) !== viaDayjs.daysBetween("2026-03-29", date)) mismatches.push(`between ${date}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("moves by months as dayjs does, every day of 2023 to 2029 and days past a month's end", () => {
    const mismatches: string[] = [];
    for (let date = "2023-01-01"; date <= "2029-12-31"; date = nextDay(date)) {
      for (const months of [-13, -1, 1, 12]) if (addMonths(date, months) !== addMonthsViaDayjs(date, months)) mismatches.push(`${date} ${months}`);
    }
    for (const date of ["2026-02-30", "2026-04-31", "2027-02-29"]) for (const months of [0, 1]) if (addMonths(date, months) !== addMonthsViaDayjs(date, months)) mismatches.push(`${date} ${months}`);
    expect(mismatches).toEqual([]);
    expect(todayUtc(new Date("2026-11-23T23:59:59.999Z"))).toBe("2026-11-23");
  });

  it("walks to the next day, reads the year and moves to another year as dayjs does, every day of 1999 to 2031", () => {
    const mismatches: string[] = [];
    for (let date = "1999-01-01", next = ""; date <= "2031-12-31"; date = next) {
      next = viaDayjs.addDays(date, 1);
      if (nextDay(date) !== next) mismatches.push(`next ${date}`);
      if (yearOf(date) !== Number(next.slice(0, 4)) - (next.endsWith("-01-01") ? 1 : 0)) mismatches.push(`year ${date}`);
      if (withYear(date, 2028) !== withYearViaDayjs(date, 2028) || withYear(date, 2027) !== withYearViaDayjs(date, 2027)) mismatches.push(`with year ${date}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("answers as dayjs for days past a month's end and at the year 1000", () => {
    const dates = ["2026-02-30", "2026-04-31", "2027-02-29", "1000-01-01", "2026-12-31"];
    const answers = (add: (date: string, days: number) => string, weekday: (date: string) => number, next: (date: string) => string) =>
      dates.map((date) => [[-1, 0, 1].map((step) => add(date, step)), weekday(date), next(date)]);
    expect(answers(addDays, weekdayOf, (date) => addDays(date, 1))).toEqual(answers(viaDayjs.addDays, viaDayjs.weekdayOf, (date) => viaDayjs.addDays(date, 1)));
    expect(() => addDays("26-1-1", 1)).toThrow(RangeError);
  });

  it("answers as Date's UTC arithmetic for the years 0000 to 9999 and for days and months past their end", () => {
    const mismatches: string[] = [];
    for (let year = 0; year <= 9999; year += 7) {
      for (const [month, day] of [[1, 1], [2, 29], [2, 30], [3, 0], [12, 31], [13, 1], [0, 15], [6, 99]] as const) {
        const date = `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
        for (const step of [-800, -1, 0, 1, 366]) if (addDays(date, step) !== viaDate(date, step)) mismatches.push(`${date} ${step}`);
        if (weekdayOf(date) !== new Date(`${viaDate(date, 0)}T00:00:00Z`).getUTCDay()) mismatches.push(`weekday ${date}`);
      }
    }
    expect(mismatches).toEqual([]);
    for (const bad of ["2026-1x-01", "2026/01/01", "2026-01-01T", " 2026-01-01", "２０２６-01-01"]) expect(() => addDays(bad, 1)).toThrow(RangeError);
  });
});

describe("today", () => {
  it("is the date where the unit is", () => {
    const lateEvening = new Date("2026-11-23T23:30:00Z");
    expect(todayUtc(lateEvening)).toBe("2026-11-23");
    expect(todayIn("UTC", lateEvening)).toBe("2026-11-23");
    expect(todayIn("Europe/Berlin", lateEvening)).toBe("2026-11-24");
    expect(todayIn("America/New_York", new Date("2026-11-24T03:00:00Z"))).toBe("2026-11-23");
    expect(todayIn("Pacific/Auckland", new Date("2026-12-31T11:00:00Z"))).toBe("2027-01-01");
  });

  it("changes at the zone's midnight, also when asked again within the same minute", () => {
    // Kathmandu is UTC+5:45: its day begins at 18:15 UTC.
    for (let repeat = 0; repeat < 2; repeat++) {
      expect(todayIn("Asia/Kathmandu", new Date("2026-11-23T18:14:59.999Z"))).toBe("2026-11-23");
      expect(todayIn("Asia/Kathmandu", new Date("2026-11-23T18:15:00.000Z"))).toBe("2026-11-24");
      expect(todayIn("Asia/Kathmandu", new Date("2026-11-23T18:15:59.999Z"))).toBe("2026-11-24");
      expect(todayIn("Europe/Berlin", new Date("2026-11-23T18:15:30Z"))).toBe("2026-11-23");
    }
  });

  it("follows summer time: Berlin is UTC+1 in winter and UTC+2 in summer", () => {
    expect(todayIn("Europe/Berlin", new Date("2026-03-28T23:30:00Z"))).toBe("2026-03-29");
    expect(todayIn("Europe/Berlin", new Date("2026-06-30T22:30:00Z"))).toBe("2026-07-01");
    expect(todayIn("Europe/Berlin", new Date("2026-06-30T21:30:00Z"))).toBe("2026-06-30");
    expect(todayIn("Europe/Lisbon", new Date("2026-10-24T23:30:00Z"))).toBe("2026-10-25");
  });

  it("agrees with the date library's zone conversion every 49 hours 7 minutes of two years, in zones on both sides of UTC", () => {
    const zones = ["UTC", "Europe/Berlin", "America/Los_Angeles", "Pacific/Honolulu", "Pacific/Auckland", "Asia/Kolkata"];
    for (let time = Date.UTC(2026, 0, 1); time < Date.UTC(2028, 0, 1); time += (49 * 60 + 7) * 60_000) {
      for (const zone of zones) expect(todayIn(zone, new Date(time))).toBe(dayjs(time).tz(zone).format("YYYY-MM-DD"));
    }
  });

  it("refuses a zone the runtime does not know", () => {
    expect(() => todayIn("Mars/Olympus_Mons")).toThrow(RangeError);
  });
});

describe("stays", () => {
  const stay = { checkIn: "2026-03-27", checkOut: "2026-03-30" };

  it("are half-open: nights from the check-in day up to, not including, the check-out day", () => {
    expect(nights(stay)).toBe(3);
    expect(nightsOf(stay)).toEqual(["2026-03-27", "2026-03-28", "2026-03-29"]);
    expect(stayIncludes(stay, "2026-03-27")).toBe(true);
    expect(stayIncludes(stay, "2026-03-29")).toBe(true);
    expect(stayIncludes(stay, "2026-03-30")).toBe(false);
    expect(stayIncludes(stay, "2026-03-26")).toBe(false);
  });

  it("count nights over 29 February and the turn of the year", () => {
    expect(nights({ checkIn: "2028-02-27", checkOut: "2028-03-02" })).toBe(4);
    expect(nights({ checkIn: "2027-02-27", checkOut: "2027-03-02" })).toBe(3);
    expect(nights({ checkIn: "2026-12-30", checkOut: "2027-01-02" })).toBe(3);
    expect(nights({ checkIn: "2026-05-01", checkOut: "2026-05-01" })).toBe(0);
    expect(nightsOf({ checkIn: "2026-05-01", checkOut: "2026-04-30" })).toEqual([]);
  });

  it("overlap when they share a night; leaving and arriving on the same day do not", () => {
    expect(staysOverlap(stay, { checkIn: "2026-03-30", checkOut: "2026-04-02" })).toBe(false);
    expect(staysOverlap(stay, { checkIn: "2026-03-25", checkOut: "2026-03-27" })).toBe(false);
    expect(staysOverlap(stay, { checkIn: "2026-03-29", checkOut: "2026-04-02" })).toBe(true);
    expect(staysOverlap(stay, { checkIn: "2026-03-28", checkOut: "2026-03-29" })).toBe(true);
    expect(staysOverlap(stay, { checkIn: "2026-03-20", checkOut: "2026-04-20" })).toBe(true);
  });
});

describe("instants", () => {
  it("move by months in UTC at the same time of day, keeping the last day of a shorter month", () => {
    expect(addMonthsTo(new Date("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonthsTo(new Date("2028-01-31T10:00:00Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonthsTo(new Date("2026-11-22T08:00:00Z"), 12).toISOString()).toBe("2027-11-22T08:00:00.000Z");
    expect(addMonthsTo(new Date("2027-03-31T00:00:00Z"), -3).toISOString()).toBe("2026-12-31T00:00:00.000Z");
    expect(addMonthsTo(new Date("2027-05-31T00:00:00Z"), -3).toISOString()).toBe("2027-02-28T00:00:00.000Z");
    expect(addDaysTo(new Date("2026-03-28T12:00:00Z"), 14).toISOString()).toBe("2026-04-11T12:00:00.000Z");
  });

  it("move by local days across summer time at the same wall-clock time", () => {
    // Noon in Berlin on 28 March 2026 (UTC+1) to noon on 29 March (UTC+2): 23 hours later.
    expect(addDaysIn(new Date("2026-03-28T11:00:00Z"), 1, "Europe/Berlin").toISOString()).toBe("2026-03-29T10:00:00.000Z");
    // Noon on 24 October (UTC+2) to noon on 25 October (UTC+1): 25 hours later.
    expect(addDaysIn(new Date("2026-10-24T10:00:00Z"), 1, "Europe/Berlin").toISOString()).toBe("2026-10-25T11:00:00.000Z");
    expect(addDaysIn(new Date("2026-03-29T10:00:00Z"), -1, "Europe/Berlin").toISOString()).toBe("2026-03-28T11:00:00.000Z");
  });

  it("find where a local day begins", () => {
    expect(startOfDayIn("2026-03-29", "Europe/Berlin").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfDayIn("2026-03-30", "Europe/Berlin").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect(startOfDayIn("2026-11-23", "America/New_York").toISOString()).toBe("2026-11-23T05:00:00.000Z");
  });
});
