import { is, SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as schema from "./schema";

const connect = (d1: D1Database) => drizzle(d1, { schema });
export type Database = ReturnType<typeof connect>;

const databases = new WeakMap<D1Database, Database>();

/**
 * The drizzle client of a D1 binding, made once per binding and isolate: making one maps the whole
 * schema's relations, which every in-process API call of a page paid again (decision 024).
 */
export function database(d1: D1Database): Database {
  let db = databases.get(d1);
  if (!db) {
    db = connect(d1);
    databases.set(d1, db);
  }
  return db;
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
