import { describe, expect, it } from "vitest";
import { CONTACT_TOPICS, KNOWLEDGE_ARTICLES, KNOWLEDGE_CATEGORIES, knowledgeArticlesFor, sectionOf, topicsOf } from "./support";

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
});
