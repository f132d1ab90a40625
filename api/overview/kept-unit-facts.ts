import type { UnitFact } from "./queries";

/** Hosts whose units' facts an isolate keeps before the list starts afresh. */
export const KEPT_HOSTS = 1_000;

const kept = new Map<number, { revision: number; facts: readonly UnitFact[] }>();

/** The units revision of the host's facts this isolate keeps, or -1 when it keeps none (a revision is never negative). */
export function keptUnitFactsRevision(hostUserId: number): number {
  return kept.get(hostUserId)?.revision ?? -1;
}

/**
 * The host's units' facts at `revision`, the units revision read in the same batch as `read` (the
 * facts, when the batch read them): the facts kept when they are of that revision, else `read`,
 * kept from now on (decision 047), else undefined: the caller reads them (`unitFactsNow`) and gives
 * them here again. Facts read after the revision are never older than it, and a later request
 * compares again, so older facts are never used for a newer revision.
 */
export function unitFactsAt(hostUserId: number, revision: number | undefined, read: readonly UnitFact[] | undefined): readonly UnitFact[] | undefined {
  if (revision === undefined) return read;
  const found = kept.get(hostUserId);
  if (found && found.revision === revision) return found.facts;
  if (read === undefined) return undefined;
  if (!found && kept.size >= KEPT_HOSTS) kept.clear();
  kept.set(hostUserId, { revision, facts: read });
  return read;
}
