import { describe, expect, it } from "vitest";
import { propertyListQuery } from "./property-list-query";

const query = (search: string) => propertyListQuery(new URL(`http://localhost/properties${search}`));

describe("propertyListQuery", () => {
  it("reads the search, trimmed, and the page", () => {
    expect(query("?search=%20Lisbon%20&page=3")).toEqual({ search: "Lisbon", page: 3 });
  });

  it("opens on the first page without a search", () => {
    expect(query("")).toEqual({ search: "", page: 1 });
  });

  it("takes the first page for a page that is no whole number from 1 to 10 000", () => {
    expect(["0", "-2", "1.5", "abc", "", "10001"].map((page) => query(`?page=${page}`).page)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(query("?page=10000").page).toBe(10_000);
  });

  it("drops a search longer than 100 characters", () => {
    expect(query(`?search=${"a".repeat(101)}`).search).toBe("");
    expect(query(`?search=${"a".repeat(100)}`).search).toBe("a".repeat(100));
  });
});
