import type { Unit } from "@contract/units";

type Room = Unit["rooms"][number];

/**
 * The unit's rooms with as many of each counted type as asked: existing rooms (and their beds) are
 * kept in order, missing ones are added empty, surplus ones of that type are dropped.
 */
export function roomsWithCounts(rooms: readonly Room[], counts: Record<string, number>): Room[] {
  const kept: Room[] = [];
  const seen: Record<string, number> = {};
  for (const room of rooms) {
    const wanted = counts[room.type];
    seen[room.type] = (seen[room.type] ?? 0) + 1;
    if (wanted === undefined || seen[room.type]! <= wanted) kept.push({ type: room.type, beds: room.beds.map((b) => ({ ...b })) });
  }
  for (const [type, wanted] of Object.entries(counts)) {
    for (let n = seen[type] ?? 0; n < wanted; n++) kept.push({ type, beds: [] });
  }
  return kept;
}
