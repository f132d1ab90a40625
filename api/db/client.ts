import { Column, is, SQL } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import { installLiteralLimits } from "./literal-limits";
import { installRowMapping } from "./row-mapping";
import * as schema from "./schema";

// Rows are mapped with what drizzle works out per field computed once per query (decision 048).
installRowMapping();
// A statement's LIMIT is written into its text, not bound: SQLite compiles it again for each bound one (decision 050).
installLiteralLimits();

const connect = (d1: D1Database) => drizzle(d1, { schema });
export type Database = ReturnType<typeof connect>;

/** What drizzle's batch prepares of each item (`item._prepare()`): its SQL and, for a select or `returning`, the selected fields. */
interface PreparedQuery {
  getQuery(): { sql: string };
  fields?: { path: string[]; field: unknown }[];
}

/**
 * Throws when a statement's result has two columns of one name. D1 answers a batch's rows as objects
 * keyed by column name and drizzle turns them back into arrays by the objects' keys
 * (`d1ToRawMapping`): a repeated name keeps one key, so every value after it moves up one column
 * (two `id`s of `select({ unit: propertyUnits, property: properties })`). Outside a batch drizzle
 * reads arrays and the statement would be right, so the guard belongs to the batch. A column's
 * result name is its own (`"units"."id"` answers `id`); an alias (`sql`…`.as("property_id")`)
 * gives another.
 */
export function assertDistinctResultColumns(prepared: PreparedQuery): void {
  if (!prepared.fields) return;
  const seen = new Set<string>();
  for (const { path, field } of prepared.fields) {
    const name = is(field, Column) ? field.name : is(field, SQL.Aliased) ? field.fieldAlias : undefined;
    if (name === undefined) continue;
    if (seen.has(name))
      throw new Error(`A batch statement answers two columns named "${name}" (at ${path.join(".")}): D1's batch rows are keyed by name, so the values after it would move one column. Select only the columns needed or alias one (sql\`…\`.as("…")). Statement: ${prepared.getQuery().sql}`);
    seen.add(name);
  }
}

/** Checked statements' SQL texts: each distinct statement is checked once per isolate. */
const checkedStatements = new Set<string>();

function checkOnce(prepared: PreparedQuery): void {
  const { sql } = prepared.getQuery();
  if (checkedStatements.has(sql)) return;
  assertDistinctResultColumns(prepared);
  checkedStatements.add(sql);
}

function checkedItem<Item extends { _prepare(): PreparedQuery }>(item: Item): Item {
  return {
    _prepare: () => {
      // oxlint-disable-next-line no-underscore-dangle -- drizzle's D1 batch prepares each item with this method
      const prepared = item._prepare();
      checkOnce(prepared);
      return prepared;
    },
  } as Item;
}

/**
 * Tests and development check each batch item's result columns (`assertDistinctResultColumns`);
 * a production build skips it (the check prepares nothing more, but a page pays for every step).
 */
const checksBatches = import.meta.env?.MODE === "test" || import.meta.env?.DEV === true;

/** The client whose `batch` checks its items' result columns before drizzle sends them. */
export function withCheckedBatches(db: Database): Database {
  const batch = db.batch.bind(db);
  db.batch = ((items: { _prepare(): PreparedQuery }[]) => batch(items.map(checkedItem) as unknown as Parameters<Database["batch"]>[0])) as unknown as Database["batch"];
  return db;
}

const databases = new WeakMap<D1Database, Database>();

/**
 * The drizzle client of a D1 binding, made once per binding and isolate: making one maps the whole
 * schema's relations, which every in-process API call of a page paid again (decision 024).
 */
export function database(d1: D1Database): Database {
  let db = databases.get(d1);
  if (!db) {
    db = checksBatches ? withCheckedBatches(connect(d1)) : connect(d1);
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
  // Rows of D1's own batch are objects keyed by column name too: a repeated name would lose a value.
  // oxlint-disable-next-line no-underscore-dangle -- a drizzle query's prepared form holds its selected fields
  if (checksBatches && !is(query, SQL) && "_prepare" in query && typeof query._prepare === "function") checkOnce((query._prepare as () => PreparedQuery)());
  const { sql, params } = is(query, SQL) ? dialect.sqlToQuery(query) : query.toSQL();
  return db.$client.prepare(sql).bind(...params);
}
