import { sql, type SQL } from "drizzle-orm";
import { SQLiteDialect } from "drizzle-orm/sqlite-core";

/** A whole number of rows, the only LIMIT written into a statement's text. */
const isRowCount = (rows: unknown): rows is number => typeof rows === "number" && Number.isSafeInteger(rows) && rows >= 0;

/**
 * The `LIMIT` of a statement as SQL text, for raw statements (decision 050): a count of rows written
 * into the statement, never bound. SQLite plans with the value of a bound `LIMIT ?` and so compiles
 * the statement again each time that parameter is bound: the calendar's price list took 0.73 ms a run
 * instead of 0.23. Only a whole number of rows is written; anything else is a caller's mistake.
 */
export function limitText(rows: number): string {
  if (!isRowCount(rows)) throw new RangeError(`A LIMIT is a whole number of rows, not ${rows}`);
  return `LIMIT ${rows}`;
}

type BuildLimit = ((this: SQLiteDialect, limit: unknown) => SQL | undefined) & { literal?: true };

/**
 * Drizzle writes a select's, an update's and a delete's `.limit(n)` as ` limit ?` with n bound. Once,
 * when the database module loads, its SQLite dialect is made to write a whole number into the text
 * instead (` limit 500`), for the reason of `limitText`. A placeholder (`sql.placeholder`) stays
 * bound, as drizzle wrote it: its value is only known when the statement runs.
 */
export function installLiteralLimits() {
  const prototype = SQLiteDialect.prototype as unknown as { buildLimit: BuildLimit };
  const { buildLimit } = prototype;
  if (buildLimit.literal) return;
  const literal: BuildLimit = function (limit) {
    return isRowCount(limit) ? sql.raw(` limit ${limit}`) : buildLimit.call(this, limit);
  };
  literal.literal = true;
  prototype.buildLimit = literal;
}
