import { describe, expect, it } from "vitest";
import { KEPT_PATH_LENGTH, KEPT_PATHS, matchFirstBranch, type Branch } from "./route-branch-by-path.server";

/** Branches that each match one path exactly, and a matcher that counts how often each is tried. */
function table(...paths: string[]) {
  const branches: Branch[] = paths.map((path) => ({ path }));
  const tried: string[] = [];
  const matchBranch = (branch: Branch, pathname: string, allowPartial: boolean) => {
    const { path } = branch as { path: string };
    tried.push(path);
    return pathname === path || (allowPartial && pathname.startsWith(path)) ? [{ path, pathname }] : null;
  };
  return { branches, tried, matchBranch };
}

describe("matchFirstBranch", () => {
  it("answers the first branch that matches, and later tries only that branch", () => {
    const { branches, tried, matchBranch } = table("/a", "/b", "/c");
    expect(matchFirstBranch(branches, "/b", false, matchBranch)).toEqual([{ path: "/b", pathname: "/b" }]);
    expect(tried).toEqual(["/a", "/b"]);
    tried.length = 0;
    const again = matchFirstBranch(branches, "/b", false, matchBranch);
    expect(again).toEqual([{ path: "/b", pathname: "/b" }]);
    expect(tried).toEqual(["/b"]);
  });

  it("gives each caller matches of its own, never the ones it gave before", () => {
    const { branches, matchBranch } = table("/a");
    const first = matchFirstBranch(branches, "/a", false, matchBranch);
    expect(matchFirstBranch(branches, "/a", false, matchBranch)).not.toBe(first);
  });

  it("keeps that nothing matches, without trying any branch again", () => {
    const { branches, tried, matchBranch } = table("/a", "/b");
    expect(matchFirstBranch(branches, "/z", false, matchBranch)).toBeNull();
    tried.length = 0;
    expect(matchFirstBranch(branches, "/z", false, matchBranch)).toBeNull();
    expect(tried).toEqual([]);
  });

  it("tells a partial match from a whole one", () => {
    const { branches, matchBranch } = table("/a", "/ab");
    expect(matchFirstBranch(branches, "/abc", false, matchBranch)).toBeNull();
    expect(matchFirstBranch(branches, "/abc", true, matchBranch)).toEqual([{ path: "/a", pathname: "/abc" }]);
  });

  it("keeps each route table's answers apart", () => {
    const one = table("/x");
    const other = table("/y", "/x");
    expect(matchFirstBranch(one.branches, "/x", false, one.matchBranch)).toEqual([{ path: "/x", pathname: "/x" }]);
    expect(matchFirstBranch(other.branches, "/x", false, other.matchBranch)).toEqual([{ path: "/x", pathname: "/x" }]);
    expect(other.tried).toEqual(["/y", "/x"]);
  });

  it("starts afresh once it keeps as many paths as it may, so a stream of unit paths cannot grow it without end", () => {
    const { branches, tried, matchBranch } = table("/a", "/b");
    matchFirstBranch(branches, "/b", false, matchBranch);
    for (let i = 0; i < KEPT_PATHS; i++) matchFirstBranch(branches, `/unit-${i}`, false, matchBranch);
    tried.length = 0;
    matchFirstBranch(branches, "/b", false, matchBranch);
    expect(tried).toEqual(["/a", "/b"]);
  });

  it("walks every time for a path longer than it keeps", () => {
    const long = `/${"x".repeat(KEPT_PATH_LENGTH)}`;
    const { branches, tried, matchBranch } = table("/a", long);
    expect(matchFirstBranch(branches, long, false, matchBranch)).toEqual([{ path: long, pathname: long }]);
    tried.length = 0;
    matchFirstBranch(branches, long, false, matchBranch);
    expect(tried).toEqual(["/a", long]);
  });
});
