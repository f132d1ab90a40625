import { Column, is, sql, SQL, type SQLWrapper } from "drizzle-orm";
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
