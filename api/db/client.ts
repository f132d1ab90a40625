import { is, SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
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

const dialect = new SQLiteAsyncDialect();

/**
 * A statement for D1's own batch. Drizzle's batch cannot bind the parameters of raw SQL (`sql`…``),
 * so a batch that holds raw SQL (a recursive query generating days) is sent as D1 statements: raw
 * SQL by its text and parameters, a drizzle query by its `toSQL()`.
 */
export function d1Statement(db: Database, query: SQL | { toSQL(): { sql: string; params: unknown[] } }): D1PreparedStatement {
  const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}
