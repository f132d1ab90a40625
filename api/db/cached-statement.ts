import { fillPlaceholders, sql, type Placeholder } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { assertDistinctResultColumns, type Database } from "./client";

/** What drizzle's D1 batch asks of each item (`item._prepare()`): the SQL and parameters, a D1 statement, the mapping of its rows. */
interface PreparedItem {
  getQuery(): { sql: string; params: unknown[] };
  fields?: { path: string[]; field: unknown }[];
  stmt: D1PreparedStatement;
  mapResult(result: unknown, isFromBatch?: boolean): unknown;
}

/**
 * A statement whose SQL drizzle builds once per isolate instead of on every request (decision 024):
 * building a select's SQL costs more CPU than its D1 round trip. `build` writes the statement with a
 * placeholder (`$("hostUserId")`) for each value that changes; each use gives the values and gets an
 * item for `db.batch`, typed as the statement `build` returns (its rows mapped the same way).
 * Only for `db.batch`: the item is not a query to await. Values are the database's (a
 * `timestamp_ms` column takes milliseconds).
 */
export function cachedStatement<Name extends string, Q extends BatchItem<"sqlite">>(build: (db: Database, $: (name: Name) => Placeholder<Name>) => Q) {
  let built: PreparedItem | undefined;
  return (db: Database, values: Record<Name, unknown>): Q => {
    // The built query keeps its SQL, parameter list and row mapping; each use prepares its own D1 statement.
    if (!built) {
      // oxlint-disable-next-line no-underscore-dangle -- drizzle's D1 batch prepares each item with this method
      built = (build(db, (name) => sql.placeholder(name)) as unknown as { _prepare(): PreparedItem })._prepare();
      // Checked once per isolate, in production too: a repeated column name misaligns a batch's rows.
      assertDistinctResultColumns(built);
    }
    const prepared = built;
    const { sql: text, params } = prepared.getQuery();
    const bound = fillPlaceholders(params, values);
    const item = {
      _prepare: (): PreparedItem => ({
        getQuery: () => ({ sql: text, params: bound }),
        stmt: db.$client.prepare(text),
        mapResult: (result, isFromBatch) => prepared.mapResult(result, isFromBatch),
      }),
    };
    return item as unknown as Q;
  };
}
