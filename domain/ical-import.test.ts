import { describe, expect, it } from "vitest";
import { fixture } from "@scripts/ical-feed-server";
import { addDays, todayUtc } from "./dates";
import { calendarHead, CALENDAR_TAIL, eventText } from "./ical-export";
import { importWindow, readFeed, staysOf, type FeedEvent } from "./ical-import";

const NOW = new Date();
const TODAY = todayUtc(NOW);
const NEXT_YEAR = NOW.getUTCFullYear() + 1;
const day = (offset: number) => addDays(TODAY, offset);
const y = (monthDay: string) => `${NEXT_YEAR}-${monthDay}`;

function read(name: string, timeZone = "Europe/Berlin") {
  const reading = readFeed(fixture(name, NOW), { timeZone, window: importWindow(TODAY) });
  if (!reading.ok) throw new Error(`${name}: ${reading.reason} ${reading.detail}`);
  return reading;
}

const nights = (events: readonly Pick<FeedEvent, "dateFrom" | "dateTo">[]) => events.map((e) => `${e.dateFrom}..${e.dateTo}`);

describe("reading a feed into nights", () => {
  it("reads Airbnb's all-day events up to their check-out day, back-to-back stays apart", () => {
    const reading = read("airbnb.ics");
    expect(reading.componentCount).toBe(3);
    expect(nights(reading.events)).toEqual([`${day(10)}..${day(14)}`, `${day(14)}..${day(17)}`, `${day(20)}..${day(23)}`]);
    expect(reading.events.map((e) => e.summary)).toEqual(["Reserved", "Reserved", "Airbnb (Not available)"]);
    expect(reading.events[0]!.key).toBe("1418fb94e984-8a2f1f0e5b4d7a61c0e2d3b4a5f6e7d8@airbnb.com");
    // A guest leaving on the morning another arrives: two stays, the check-out day taken by the next one only.
    expect(nights(staysOf(reading.events))).toEqual([`${day(10)}..${day(14)}`, `${day(14)}..${day(17)}`, `${day(20)}..${day(23)}`]);
  });

  it("reads Booking.com's LF feed: one stay told by two overlapping events takes its nights once, no DTEND is one night", () => {
    const reading = read("booking.ics");
    expect(nights(reading.events)).toEqual([`${day(30)}..${day(34)}`, `${day(32)}..${day(36)}`, `${day(40)}..${day(41)}`]);
    const stays = staysOf(reading.events);
    expect(nights(stays)).toEqual([`${day(30)}..${day(36)}`, `${day(40)}..${day(41)}`]);
    // The merged stay is known by its first event's UID, whichever order the feed lists them in.
    expect(stays[0]!.key).toBe("1d2f7c30b6a4e5f8@booking.com");
    expect(staysOf(reading.events.toReversed())[0]!.key).toBe("1d2f7c30b6a4e5f8@booking.com");
  });

  it("converts timed events to the unit's nights: a VTIMEZONE across summer time, UTC, floating, a zone known by name", () => {
    const reading = read("timezones.ics", "Europe/Berlin");
    expect(nights(reading.events)).toEqual([
      // 18:30 in New York on 20 March is 23:30 in Berlin: New York is on summer time two weeks before Berlin.
      `${y("03-20")}..${y("03-24")}`,
      // 23:00 UTC is 01:00 in Berlin the next day; 09:00 UTC is 11:00.
      `${y("04-11")}..${y("04-13")}`,
      // Floating times are the unit's own wall clock.
      `${y("05-01")}..${y("05-03")}`,
      // 20:00 in Los Angeles is 05:00 the next morning in Berlin.
      `${y("06-02")}..${y("06-03")}`,
      // A few hours on one day take that day's night.
      `${y("07-01")}..${y("07-02")}`,
    ]);
    expect(reading.refreshMinutes).toBe(30);
  });

  it("puts the same stays on other nights for a unit elsewhere", () => {
    const tokyo = read("timezones.ics", "Asia/Tokyo");
    // 18:30 in New York is 07:30 the next morning in Tokyo; 05:00 on the 24th is 18:00 there.
    expect(nights(tokyo.events)[0]).toBe(`${y("03-21")}..${y("03-24")}`);
    const newYork = read("timezones.ics", "America/New_York");
    expect(nights(newYork.events)[0]).toBe(`${y("03-20")}..${y("03-24")}`);
    // Floating times stay on their wall clock wherever the unit is.
    expect(nights(tokyo.events)[2]).toBe(`${y("05-01")}..${y("05-03")}`);
  });

  it("takes each occurrence of a recurring event, without EXDATEs, moved by RECURRENCE-ID, without cancelled ones", () => {
    const reading = read("recurring.ics");
    expect(nights(reading.events)).toEqual([`${y("01-04")}..${y("01-05")}`, `${y("01-20")}..${y("01-21")}`, `${y("02-01")}..${y("02-02")}`, `${y("02-08")}..${y("02-09")}`]);
    expect(reading.events[1]!.summary).toBe("Deep clean (moved)");
    expect(new Set(reading.events.map((e) => e.key)).size).toBe(4);
  });

  it("leaves out cancelled events", () => {
    const reading = read("cancelled.ics");
    expect(reading.componentCount).toBe(2);
    expect(nights(reading.events)).toEqual([`${day(56)}..${day(58)}`]);
  });

  it("tells an empty feed (no events at all) from a feed whose events are all outside the window", () => {
    expect(read("empty.ics")).toMatchObject({ events: [], componentCount: 0 });
    const past = `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:old@x\r\nDTSTART;VALUE=DATE:20100101\r\nDTEND;VALUE=DATE:20100105\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n`;
    expect(readFeed(past, { timeZone: "UTC", window: importWindow(TODAY) })).toMatchObject({ ok: true, events: [], componentCount: 1 });
  });

  it("refuses what is not a calendar", () => {
    expect(readFeed(fixture("malformed.ics", NOW), { timeZone: "UTC", window: importWindow(TODAY) })).toMatchObject({ ok: false, reason: "unparsable" });
    expect(readFeed("<!doctype html><p>Sign in</p>", { timeZone: "UTC", window: importWindow(TODAY) })).toMatchObject({ ok: false, reason: "unparsable" });
    expect(readFeed("", { timeZone: "UTC", window: importWindow(TODAY) })).toMatchObject({ ok: false, reason: "unparsable" });
  });

  it("keeps the nights inside the window of a stay across its edge", () => {
    const window = { dateFrom: "2030-01-10", dateTo: "2030-02-01" };
    const text = `BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nDTSTART;VALUE=DATE:20300105\nDTEND;VALUE=DATE:20300115\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\nDTSTART;VALUE=DATE:20300130\nDTEND;VALUE=DATE:20300205\nEND:VEVENT\nEND:VCALENDAR\n`;
    const reading = readFeed(text, { timeZone: "UTC", window });
    expect(reading.ok && nights(reading.events)).toEqual(["2030-01-10..2030-01-15", "2030-01-30..2030-02-01"]);
  });

  it("stops a rule that repeats forever at the end of the window", () => {
    const text = `BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:daily\nDTSTART;VALUE=DATE:20300101\nDTEND;VALUE=DATE:20300102\nRRULE:FREQ=DAILY\nEND:VEVENT\nEND:VCALENDAR\n`;
    const reading = readFeed(text, { timeZone: "UTC", window: { dateFrom: "2030-01-01", dateTo: "2030-01-11" } });
    expect(reading.ok && reading.events.length).toBe(10);
    expect(reading.ok && nights(staysOf(reading.events))).toEqual(["2030-01-01..2030-01-02", "2030-01-02..2030-01-03", "2030-01-03..2030-01-04", "2030-01-04..2030-01-05", "2030-01-05..2030-01-06", "2030-01-06..2030-01-07", "2030-01-07..2030-01-08", "2030-01-08..2030-01-09", "2030-01-09..2030-01-10", "2030-01-10..2030-01-11"]);
  });

  it("keeps a UID used twice as two events", () => {
    const text = `BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:same\nDTSTART;VALUE=DATE:20300101\nDTEND;VALUE=DATE:20300103\nEND:VEVENT\nBEGIN:VEVENT\nUID:same\nDTSTART;VALUE=DATE:20300110\nDTEND;VALUE=DATE:20300112\nEND:VEVENT\nEND:VCALENDAR\n`;
    const reading = readFeed(text, { timeZone: "UTC", window: { dateFrom: "2030-01-01", dateTo: "2030-02-01" } });
    expect(reading.ok && reading.events.map((e) => e.key)).toEqual(["same", "same#2"]);
  });
});

describe("our feed", () => {
  it("writes all-day events with the check-out day as DTEND, in CRLF lines of at most 75 characters, and reads back to the same nights", () => {
    const stamp = new Date("2026-11-25T10:00:00Z");
    const text =
      calendarHead("Harbour flat – a name long enough to be folded over more than one line of the calendar file") +
      eventText({ uid: "bkg_1@stayhost.example", dateFrom: "2030-03-01", dateTo: "2030-03-05", summary: "Reserved" }, stamp) +
      eventText({ uid: "blk_2@stayhost.example", dateFrom: "2030-03-05", dateTo: "2030-03-06", summary: "Not available" }, stamp) +
      CALENDAR_TAIL;
    expect(text).toContain("DTSTART;VALUE=DATE:20300301\r\nDTEND;VALUE=DATE:20300305\r\n");
    expect(text).toContain("DTSTAMP:20261125T100000Z\r\n");
    expect(text.split("\r\n").every((line) => line.length <= 75)).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toContain("\n");
    const reading = readFeed(text, { timeZone: "Pacific/Auckland", window: { dateFrom: "2030-01-01", dateTo: "2031-01-01" } });
    expect(reading.ok && reading.events).toEqual([
      { key: "bkg_1@stayhost.example", summary: "Reserved", dateFrom: "2030-03-01", dateTo: "2030-03-05" },
      { key: "blk_2@stayhost.example", summary: "Not available", dateFrom: "2030-03-05", dateTo: "2030-03-06" },
    ]);
  });
});
