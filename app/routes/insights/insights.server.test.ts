import { describe, expect, it } from "vitest";
import { figuresPageOf, insightsQuery, reviewsSearchOf } from "./insights.server";

const query = (search: string) => insightsQuery(new Request(`https://stayhost.test/insights/performance${search}`), "2026-11-25");

describe("the insights' period", () => {
  it("shows a reversed custom range in order, and says it swapped the ends", () => {
    const reversed = query("?period=custom&from=2026-06&to=2026-02");
    expect(reversed).toMatchObject({ period: "custom", from: "2026-02", to: "2026-06", adjusted: { swapped: true, clamped: false } });
    expect(reversed.search).toEqual({ period: "custom", from: "2026-02", to: "2026-06" });
    expect(query("?period=custom&from=2026-02&to=2026-06").adjusted).toEqual({ swapped: false, clamped: false });
  });

  it("cuts a custom range longer than 36 months to its last 36, and says so", () => {
    expect(query("?period=custom&from=2020-01&to=2026-06")).toMatchObject({ from: "2023-07", to: "2026-06", adjusted: { swapped: false, clamped: true } });
    expect(query("?period=custom&from=2026-06&to=2020-01")).toMatchObject({ from: "2023-07", to: "2026-06", adjusted: { swapped: true, clamped: true } });
    // 36 months are not cut.
    expect(query("?period=custom&from=2023-07&to=2026-06").adjusted).toEqual({ swapped: false, clamped: false });
  });

  it("changes nothing of a preset or the default", () => {
    expect(query("?period=last-year")).toMatchObject({ period: "last-year", from: "2025-01", to: "2025-12", adjusted: { swapped: false, clamped: false } });
    expect(query("")).toMatchObject({ period: "last-12-months", from: "2025-12", to: "2026-11", adjusted: { swapped: false, clamped: false } });
    // A custom range without both ends is the default period, nothing swapped.
    expect(query("?period=custom&from=2026-06")).toMatchObject({ period: "last-12-months", adjusted: { swapped: false, clamped: false } });
  });
});

const reviewsRequest = (search: string) => new Request(`https://stayhost.test/insights/reviews/unt_1${search}`);

describe("the reviews tab's search", () => {
  it("reads its words trimmed, none when empty, cut to the API's 100 characters", () => {
    expect(reviewsSearchOf(reviewsRequest("?search=%20quiet%20street%20"))).toBe("quiet street");
    expect(reviewsSearchOf(reviewsRequest("?search=%20%20"))).toBeUndefined();
    expect(reviewsSearchOf(reviewsRequest(""))).toBeUndefined();
    expect(reviewsSearchOf(reviewsRequest(`?search=${"a".repeat(120)}`))).toBe("a".repeat(100));
  });

  it("is read with the shell's call on the reviews tab (the router's data request too), and only there", () => {
    expect(figuresPageOf(reviewsRequest("?search=quiet&page=2"))).toMatchObject({ tab: "reviews", unitId: "unt_1", page: 2, search: "quiet" });
    expect(figuresPageOf(new Request("https://stayhost.test/insights/reviews.data?search=quiet"))).toMatchObject({ tab: "reviews", unitId: undefined, search: "quiet" });
    expect(figuresPageOf(new Request("https://stayhost.test/insights/performance?search=quiet"))).toMatchObject({ tab: "performance", search: undefined });
  });
});
