import { describe, expect, it } from "vitest";
import { KEPT_PATHS, routeIdsOfPath, type PathMatcher } from "./route-ids-by-path.server";

/** A router over a fixed table that counts how often it is asked. */
function router(table: Record<string, string[]>) {
  const asked: string[] = [];
  const matcher: PathMatcher = {
    match(path) {
      asked.push(path);
      const ids = table[path];
      return ids ? ids.map((id) => ({ route: { id } })) : null;
    },
  };
  return { matcher, asked };
}

describe("routeIdsOfPath", () => {
  it("answers what the router matches, asking it once per path", () => {
    const { matcher, asked } = router({ "/t1/calendar": ["root", "routes/shell", "routes/calendar/index"] });
    expect(routeIdsOfPath(matcher, "/t1/calendar")).toEqual(["root", "routes/shell", "routes/calendar/index"]);
    expect(routeIdsOfPath(matcher, "/t1/calendar")).toEqual(["root", "routes/shell", "routes/calendar/index"]);
    expect(asked).toEqual(["/t1/calendar"]);
  });

  it("answers no routes for a path nothing matches, and keeps that too", () => {
    const { matcher, asked } = router({});
    expect(routeIdsOfPath(matcher, "/t2/nothing")).toEqual([]);
    expect(routeIdsOfPath(matcher, "/t2/nothing")).toEqual([]);
    expect(asked).toEqual(["/t2/nothing"]);
  });

  it("starts afresh once it keeps as many paths as it may, so a stream of unit paths cannot grow it without end", () => {
    const { matcher, asked } = router({ "/t3/first": ["first"] });
    routeIdsOfPath(matcher, "/t3/first");
    for (let i = 0; i < KEPT_PATHS; i++) routeIdsOfPath(matcher, `/t3/unit-${i}`);
    expect(routeIdsOfPath(matcher, "/t3/first")).toEqual(["first"]);
    expect(asked.filter((path) => path === "/t3/first")).toHaveLength(2);
  });
});
