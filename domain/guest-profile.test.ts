import { describe, expect, it } from "vitest";
import { EMPTY_GUEST_PROFILE, guestLocaleOf, isComplete, languageMeets, matchOf, nextStep, preferableLanguages, previousStep, progressOf, spokenLanguageOf, type GuestLanguage, type GuestProfile } from "./guest-profile";

const profile: GuestProfile = { bookingTimes: ["fewWeeks"], stayDurations: ["week"], startOfStay: ["saturday"], groupSizes: ["family"], language: "de" };
// Asked on a Friday, two weeks ahead: Saturday 2026-05-16 for a week, four guests, in German.
const ideal = { askedOn: "2026-05-01", checkIn: "2026-05-16", checkOut: "2026-05-23", guests: 4, language: "de-CH" };

const stay = (askedOn: string, checkIn: string, checkOut: string) => matchOf({ ...EMPTY_GUEST_PROFILE, bookingTimes: ["lastMinute"], stayDurations: ["short"] }, { askedOn, checkIn, checkOut, guests: 2 }).met;

describe("the ideal guest's match level", () => {
  it("is best when all five criteria meet, and falls one level per criterion missed", () => {
    expect(matchOf(profile, ideal)).toEqual({ level: "best", score: 5, met: ["bookingTimes", "stayDurations", "startOfStay", "groupSizes", "language"] });
    expect(matchOf(profile, { ...ideal, language: "fr" }).level).toBe("great");
    expect(matchOf(profile, { ...ideal, language: null, guests: 2 }).level).toBe("good");
    expect(matchOf(profile, { ...ideal, language: null, guests: 2, checkIn: "2026-05-15", checkOut: "2026-05-22" })).toMatchObject({ level: "nice", score: 2 });
    expect(matchOf(profile, { askedOn: "2026-05-01", checkIn: "2026-05-04", checkOut: "2026-05-11", guests: 1, language: null })).toEqual({ level: "nice", score: 1, met: ["stayDurations"] });
  });

  it("is potential when nothing meets", () => {
    const far = { askedOn: "2026-01-01", checkIn: "2026-09-01", checkOut: "2026-10-01", guests: 8, language: "en" };
    expect(matchOf({ ...profile, bookingTimes: ["lastMinute"] }, far)).toEqual({ level: "potential", score: 0, met: [] });
  });

  it("counts an open criterion as met: an empty profile matches every stay best", () => {
    expect(matchOf(EMPTY_GUEST_PROFILE, { ...ideal, language: null }).level).toBe("best");
    expect(matchOf({ ...profile, language: "none" }, { ...ideal, language: null }).level).toBe("best");
  });

  it("tells booking times and stay lengths at their bounds", () => {
    expect(stay("2026-05-01", "2026-05-07", "2026-05-10")).toContain("bookingTimes");
    expect(stay("2026-05-01", "2026-05-08", "2026-05-10")).not.toContain("bookingTimes");
    expect(stay("2026-05-01", "2026-05-07", "2026-05-11")).not.toContain("stayDurations");
  });
});

describe("the guest's language in the match", () => {
  it.each<[GuestLanguage | null, string | null, boolean]>([
    // The host's preference, the guest's locale as stored, met.
    ["de", "de_CH", true],
    ["de", "de_DE", true],
    ["de", "en_GB", false],
    ["en", "en_US", true],
    ["pt", "pt_PT", true],
    ["pt", "es_ES", false],
    ["hr", "hr_HR", true],
    // A guest whose language is not known never meets a preference…
    ["de", null, false],
    ["it", "", false],
    // …and every guest meets no preference, or none given yet.
    ["none", null, true],
    ["none", "fr_FR", true],
    [null, null, true],
    [null, "nl_NL", true],
  ])("a host preferring %s and a guest speaking %s: %s", (preferred, guestLocale, met) => {
    expect(languageMeets(preferred, guestLocale)).toBe(met);
  });

  it("raises the same stay by one level when its guest speaks the host's language", () => {
    const request = { askedOn: "2026-05-01", checkIn: "2026-05-16", checkOut: "2026-05-23", guests: 2 };
    const french = matchOf(profile, { ...request, language: "fr_FR" });
    const german = matchOf(profile, { ...request, language: "de_DE" });
    expect(french).toMatchObject({ level: "good", score: 3 });
    expect(german).toMatchObject({ level: "great", score: 4 });
    expect(german.met).toContain("language");
    expect(french.met).not.toContain("language");
  });

  it.each<[string, string | null]>([
    ["de_CH", "de_CH"],
    ["de-CH", "de_CH"],
    ["EN_gb", "en_GB"],
    [" pt_PT ", "pt_PT"],
    ["de", "de_DE"],
    ["en", "en_US"],
    ["hr", "hr_HR"],
    // Not a language of ours, or not a locale at all.
    ["de_AT", null],
    ["da", null],
    ["klingon", null],
    ["de_", null],
    ["", null],
    ["'; drop table", null],
  ])("reads %j as the locale %s", (sent, locale) => {
    expect(guestLocaleOf(sent)).toBe(locale);
  });

  it.each<[string | null, string | null]>([
    ["de_CH", "de"],
    ["fr_FR", "fr"],
    ["en-US", "en"],
    ["da_DK", null],
    [null, null],
  ])("knows the language of %s: %s", (locale, language) => {
    expect(spokenLanguageOf(locale)).toBe(language);
  });
});

describe("the languages a host may prefer", () => {
  it.each<[string, string[], string[]]>([
    // The host's locale, the languages of the host's profile, what the language step offers.
    ["de_CH", ["en", "de", "ja"], ["de", "en"]],
    ["en_US", ["it", "fr"], ["fr", "it"]],
    ["it_IT", ["it"], ["it"]],
    ["en_US", [], ["en", "de", "es", "fr", "hr", "it", "nl", "pt"]],
    ["nl_NL", ["ja", "zh"], ["nl", "de", "en", "es", "fr", "hr", "it", "pt"]],
  ])("a host in %s speaking %j may prefer %j", (locale, spoken, offered) => {
    expect(preferableLanguages(locale, spoken)).toEqual(offered);
  });
});

describe("the guest-profile flow", () => {
  it("walks seven steps with progress out of five", () => {
    expect(progressOf("introduction")).toBe(0);
    expect(progressOf("bookingTimes")).toBe(1);
    expect(progressOf("language")).toBe(5);
    expect(progressOf("confirmation")).toBe(5);
    expect(nextStep("introduction")).toBe("bookingTimes");
    expect(nextStep("confirmation")).toBeNull();
    expect(previousStep("introduction")).toBeNull();
    expect(previousStep("language")).toBe("groupSizes");
  });

  it("is complete once every choice step has an answer", () => {
    expect(isComplete(profile)).toBe(true);
    expect(isComplete({ ...profile, language: null })).toBe(false);
    expect(isComplete({ ...profile, groupSizes: [] })).toBe(false);
  });
});
