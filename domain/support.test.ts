import { describe, expect, it } from "vitest";
import help from "@locales/en_US/help.json";
import { earningsAvailable } from "./insights";
import { deriveUserFlags, type StoredUserSettings } from "./user-flags";
import { articleStepKey, CONTACT_TOPICS, KNOWLEDGE_ARTICLES, KNOWLEDGE_CATEGORIES, knowledgeArticlesFor, sectionOf, topicsOf } from "./support";

/** The English text of a `help:` key. */
const english = (key: string) => key.replace(/^help:/, "").split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], help);

describe("help and support", () => {
  it("knows the section of each page", () => {
    expect(sectionOf("/home")).toBe("overview");
    expect(sectionOf("/calendar/unt_1")).toBe("calendar");
    expect(sectionOf("/booking-request-details/brq_1")).toBe("bookings");
    expect(sectionOf("/inquiries")).toBe("bookings");
    expect(sectionOf("/properties/prp_1/units/unt_1/photos")).toBe("properties");
    expect(sectionOf("/listingx")).toBe("overview");
    expect(sectionOf("/staff/audit-log")).toBe("overview");
  });

  it("has at least one article for every section, and offers unit topics on a unit's page", () => {
    expect(KNOWLEDGE_CATEGORIES.filter((category) => !KNOWLEDGE_ARTICLES.some((a) => a.category === category))).toEqual([]);
    expect(topicsOf("general")).toEqual(CONTACT_TOPICS);
    expect(topicsOf("listing")).toContain("listing");
    expect(topicsOf("listing")).not.toContain("subscription");
  });

  it("tells only a host whose guests book about instant booking", () => {
    const properties = new Set(["properties"] as const);
    expect(knowledgeArticlesFor(properties, { commissionApplicable: true }).map((a) => a.id)).toEqual(["editProperty", "instantBooking"]);
    expect(knowledgeArticlesFor(properties, { commissionApplicable: false }).map((a) => a.id)).toEqual(["editProperty"]);
    expect(knowledgeArticlesFor(new Set(), { commissionApplicable: false })).toHaveLength(KNOWLEDGE_ARTICLES.length - 1);
  });

  it("tells a host on a subscription, whom the guest pays, of no payout accounts", () => {
    const commission = { commissionApplicable: true, appFeatures: ["earnings"] };
    const subscription = { commissionApplicable: false, appFeatures: [] };
    expect(articleStepKey("profileAndLanguage", 1, commission)).toBe("help:articles.profileAndLanguage.steps.1");
    expect(articleStepKey("profileAndLanguage", 1, subscription)).toBe("help:articles.profileAndLanguage.withoutPayouts.steps.1");
    expect(articleStepKey("profileAndLanguage", 2, subscription)).toBe("help:articles.profileAndLanguage.steps.2");
    // Every step of the articles a host on a subscription reads is there and names no payout.
    for (const article of knowledgeArticlesFor(new Set(), subscription)) {
      for (let step = 1; step <= article.steps; step++) expect(english(articleStepKey(article.id, step, subscription)), `${article.id} ${step}`).toEqual(expect.stringMatching(/^(?![\s\S]*payout)/i));
    }
    for (const article of KNOWLEDGE_ARTICLES) for (let step = 1; step <= article.steps; step++) expect(english(articleStepKey(article.id, step, commission))).toEqual(expect.any(String));
  });

  it("names the earnings and occupancy tabs only to a host whose statistics have them, by the rule of the statistics' tabs", () => {
    const stored: StoredUserSettings = { role: "host", type: "individual", onboardingStatus: "finished", commercialModel: "commission", biddingTag: null, kycApplicable: false, features: ["earnings"] };
    const hosts = [
      deriveUserFlags(stored),
      deriveUserFlags({ ...stored, biddingTag: "hybrid_7" }),
      deriveUserFlags({ ...stored, features: [] }),
      deriveUserFlags({ ...stored, commercialModel: "subscription" }),
      deriveUserFlags({ ...stored, commercialModel: "subscription", features: [] }),
    ];
    expect(hosts.map(earningsAvailable)).toEqual([true, true, false, false, false]);
    const withEarnings = "Statistics show views, bookings, earnings and occupancy per unit.";
    const withoutEarnings = "Statistics show listing views, performance and reviews per unit.";
    expect(hosts.map((host) => english(articleStepKey("readStatistics", 1, host)))).toEqual([withEarnings, withEarnings, withoutEarnings, withoutEarnings, withoutEarnings]);
    expect(withoutEarnings).not.toMatch(/earning|occupancy/i);
    expect(hosts.map((host) => articleStepKey("readStatistics", 2, host))).toEqual(Array(hosts.length).fill("help:articles.readStatistics.steps.2"));
    // A host on a subscription reads neither payouts nor earnings: each text has its own variant.
    const subscription = hosts[3]!;
    expect(articleStepKey("profileAndLanguage", 1, subscription)).toBe("help:articles.profileAndLanguage.withoutPayouts.steps.1");
    expect(articleStepKey("readStatistics", 1, subscription)).toBe("help:articles.readStatistics.withoutEarnings.steps.1");
  });
});
