/** A flattened, ranked route branch of React Router, as its matcher tries them in order. */
export type Branch = object;

/** Paths kept per route table before the list starts afresh (a unit's paths are one per unit). */
export const KEPT_PATHS = 1_000;
/** Longer paths are matched each time rather than kept: a caller cannot fill the isolate's memory. */
export const KEPT_PATH_LENGTH = 512;

/** Per route table (React Router's precomputed branches), the index of the first branch each path matches, or -1. */
const firstBranchByTable = new WeakMap<readonly Branch[], Map<string, number>>();

/**
 * What React Router's `matchRoutesImpl` works out for a path: the matches of the first of the ranked
 * branches that matches it, or null. React Router tries the branches in order on every call, and a
 * page's request matches its path twice (the request handler and the static handler), each a walk
 * over about 300 branches of about 170 routes. The branches are the build's and do not change while
 * an isolate lives, so which one a path matches first is found once per isolate and path, and only
 * that branch is matched again, to give the caller matches of its own (decision 046, "the request's
 * own matching"). Wired into React Router's server code by `scripts/partial-manifest-cache.ts`.
 */
export function matchFirstBranch<M>(
  branches: readonly Branch[],
  pathname: string,
  allowPartial: boolean,
  matchBranch: (branch: Branch, pathname: string, allowPartial: boolean) => M | null,
): M | null {
  if (pathname.length > KEPT_PATH_LENGTH) return walk(branches, pathname, allowPartial, matchBranch).matches;
  let kept = firstBranchByTable.get(branches);
  if (!kept) firstBranchByTable.set(branches, (kept = new Map()));
  const key = (allowPartial ? "1" : "0") + pathname;
  const index = kept.get(key);
  if (index !== undefined) return index < 0 ? null : matchBranch(branches[index]!, pathname, allowPartial);
  const found = walk(branches, pathname, allowPartial, matchBranch);
  if (kept.size >= KEPT_PATHS) kept.clear();
  kept.set(key, found.index);
  return found.matches;
}

function walk<M>(branches: readonly Branch[], pathname: string, allowPartial: boolean, matchBranch: (branch: Branch, pathname: string, allowPartial: boolean) => M | null) {
  for (let index = 0; index < branches.length; index++) {
    const matches = matchBranch(branches[index]!, pathname, allowPartial);
    if (matches != null) return { index, matches };
  }
  return { index: -1, matches: null };
}
