import type { UnitFact } from "./queries";

/** Hosts whose units' facts an isolate keeps before the list starts afresh. */
export const KEPT_HOSTS = 1_000;

const kept = new Map<number, { revision: number; facts: readonly UnitFact[] }>();

/**
 * The units revision of the host's facts this isolate keeps, or -1 when it keeps none (a revision
 * is never negative): the shell's statement answers no rows while the host's revision is still this one.
 */
export function keptUnitFactsRevision(hostUserId: number): number {
  return kept.get(hostUserId)?.revision ?? -1;
}

/**
 * The host's units' facts at `revision`, the units revision read in the same batch as `read`: the
 * facts kept when they are of that revision (`read` is then empty, the statement answered nothing),
 * else `read`, kept from now on (decision 047). Requests of one host that overlap may each keep what
 * they read; a later request compares again, so older facts are never used for a newer revision.
 */
export function unitFactsAt(hostUserId: number, revision: number | undefined, read: readonly UnitFact[]): readonly UnitFact[] {
  if (revision === undefined) return read;
  const found = kept.get(hostUserId);
  if (found && found.revision === revision) return found.facts;
  if (!found && kept.size >= KEPT_HOSTS) kept.clear();
  kept.set(hostUserId, { revision, facts: read });
  return read;
}
