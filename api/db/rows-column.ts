import { Column, is, sql, SQL, type Placeholder, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { cachedStatement } from "./cached-statement";
import type { Database } from "./client";
import { mapRow, type SelectedField } from "./row-mapping";

/** A select as drizzle prepares it (internal to drizzle, as its batch reads it): its selected fields, in the order it answers them. */
interface PreparableQuery {
  _prepare(): { fields?: SelectedField[] };
}

/** A select's rows as one column of another statement (`rowsColumn`): the column, and the rows it answers. */
export interface RowsColumn<Row> {
  column: SQL.Aliased<string>;
  /** The rows of the column's JSON text, each mapped as the select maps its own rows (null or missing text: none). */
  rowsOf(text: string | null | undefined): Row[];
}

/** The name a selected field answers under: a column's own, an alias. */
function resultName({ path, field }: SelectedField): string {
  if (is(field, Column)) return field.name;
  if (is(field, SQL.Aliased)) return field.fieldAlias;
  throw new Error(`rowsColumn: the field at ${path.join(".")} has no name to be read by (alias it: sql\`…\`.as("…"))`);
}

/**
 * A select's rows as one JSON column of another statement, so a batch reads them without a statement
 * of their own: the local D1 costs about 0.2 ms a statement whatever it answers, mostly for the
 * statement itself (decision 024, "what a statement costs"). The column is
 * `(select json_group_array(json_array(…)) from (<select>))`: the rows in the select's order (its
 * `order by` and `limit` hold in the subquery), each an array of its values in the order of its
 * fields; `rowsOf` maps them with the select's own decoders, as a batch's rows are mapped
 * (decision 048), so a row is what the select alone answers. The select may refer to the outer
 * statement's tables (a correlated subquery): write those under an alias (`alias()`) when the select
 * reads the same table.
 *
 * A value SQLite holds as JSON (what `json()` or `json_group_array()` answers) would be embedded as
 * JSON rather than text: the fields must be columns or SQL answering plain values. A select of a
 * joined table's object (nested fields) is refused, as is a field without a name.
 */
export function rowsColumn<Q extends SQLWrapper>(query: Q, name: string): RowsColumn<Awaited<Q> extends (infer Row)[] ? Row : never> {
  // oxlint-disable-next-line no-underscore-dangle -- drizzle's prepared form of a select holds its fields in the order it answers them
  const fields = (query as unknown as PreparableQuery)._prepare().fields;
  if (!fields?.length) throw new Error(`rowsColumn ${name}: the select has no fields`);
  if (fields.some((field) => field.path.length !== 1)) throw new Error(`rowsColumn ${name}: a joined table's object cannot be read from JSON`);
  const rows = sql.raw(`"${name}_rows"`);
  const values = sql.join(
    fields.map((field) => sql`${rows}.${sql.identifier(resultName(field))}`),
    sql`, `,
  );
  const column = sql<string>`(select json_group_array(json_array(${values})) from ${query} ${rows})`.as(name);
  return {
    column,
    rowsOf: (text) => (text ? (JSON.parse(text) as unknown[][]).map((row) => mapRow(fields, row, undefined)) : []) as never[],
  };
}

/** The row type a select answers. */
type RowOf<Q> = Awaited<Q> extends (infer Row)[] ? Row : never;

/**
 * A statement with selects' rows as its JSON columns (`rowsColumn`), built once per isolate like any
 * cached statement (`cachedStatement`): `selects` writes the selects (each becomes the column of its
 * name), `build` the statement from those columns, both with a placeholder (`$("hostUserId")`) for
 * each value that changes. `statement` gives a batch item for the values; `rowsOf` reads a column of a row
 * it answered, mapped as its select maps its rows.
 */
export function cachedRowsStatement<Name extends string, S extends Record<string, SQLWrapper>, Q extends BatchItem<"sqlite">>(
  selects: (db: Database, $: (name: Name) => Placeholder<Name>) => S,
  build: (db: Database, $: (name: Name) => Placeholder<Name>, columns: { [K in keyof S]: SQL.Aliased<string> }) => Q,
) {
  let columns: { [K in keyof S]: RowsColumn<RowOf<S[K]>> } | undefined;
  const statement = cachedStatement<Name, Q>((db, $) => {
    columns = Object.fromEntries(Object.entries(selects(db, $)).map(([name, select]) => [name, rowsColumn(select, snakeCase(name))])) as typeof columns & object;
    return build(db, $, Object.fromEntries(Object.entries(columns).map(([name, column]) => [name, column.column])) as { [K in keyof S]: SQL.Aliased<string> });
  });
  return {
    statement,
    /** The rows of the column `name` of a row the statement answered (none for null or no text). */
    rowsOf<K extends keyof S>(name: K, text: string | null | undefined): RowOf<S[K]>[] {
      // Only a row the statement answered has text to read, and answering it built the columns.
      if (!columns) throw new Error(`cachedRowsStatement: column ${String(name)} read before its statement was built`);
      return columns[name].rowsOf(text);
    },
  };
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
