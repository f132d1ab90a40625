import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";

export type Database = ReturnType<typeof database>;

export function database(d1: D1Database) {
  return drizzle(d1, { schema });
}

/** D1 binds at most this many parameters in one statement. */
export const MAX_BOUND_PARAMETERS = 100;

/** Ids in groups that fit one statement each, beside the `others` parameters the statement binds besides them. */
export function inChunks<T>(ids: readonly T[], others: number): T[][] {
  const size = MAX_BOUND_PARAMETERS - others;
  const chunks: T[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}
