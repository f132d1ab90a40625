import { describe, expect, it } from "vitest";
import { insightsQuery } from "./insights.server";

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
