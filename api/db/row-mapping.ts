import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";
import { D1PreparedQuery } from "drizzle-orm/d1";

/** A selected field as drizzle's prepared query keeps it: where its value goes in the row object, and what it is. */
export interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What mapping one field needs, worked out once per query: where it goes, its decoder, and its table's name when it is a column of a joined table's object. */
interface FieldPlan {
  path: string[];
  decoder: Decoder;
  joinedTable: string | undefined;
}

const plans = new WeakMap<readonly SelectedField[], FieldPlan[]>();

function planOf(fields: readonly SelectedField[]): FieldPlan[] {
  let plan = plans.get(fields);
  if (!plan) {
    plan = fields.map(({ path, field }) => {
      const column = is(field, Column);
      // An SQL's decoder is internal to drizzle (`SQL.decoder`): read as drizzle's mapResultRow reads it.
      type Decoded = { decoder: Decoder };
      const decoder: Decoder = column
        ? (field as Column)
        : is(field, SQL)
          ? (field as unknown as Decoded).decoder
          : is(field, Subquery)
            ? (field as unknown as { _: { sql: Decoded } })._.sql.decoder
            : (field as { sql: Decoded }).sql.decoder;
      return { path, decoder, joinedTable: column && path.length === 2 ? getTableName((field as Column).table) : undefined };
    });
    plans.set(fields, plan);
  }
  return plan;
}

/**
 * A row of values as drizzle's `mapResultRow` maps it (the same object, decoded the same way, a joined
 * table's object null when all its columns are and the join may leave it out), with what drizzle works
 * out again for every row and field (which kind of field it is, its decoder, its table) worked out once
 * per query: drizzle's checks cost about a microsecond a value, more than the local D1 takes to answer it.
 */
export function mapRow(fields: readonly SelectedField[], row: readonly unknown[], joinsNotNullableMap: Record<string, boolean> | undefined): Record<string, unknown> {
  const plan = planOf(fields);
  const result: Record<string, unknown> = {};
  let nullify: Record<string, string | false> | undefined;
  for (let index = 0; index < plan.length; index++) {
    const { path, decoder, joinedTable } = plan[index]!;
    let node = result;
    for (let depth = 0; depth < path.length - 1; depth++) {
      const chunk = path[depth]!;
      if (!(chunk in node)) node[chunk] = {};
      node = node[chunk] as Record<string, unknown>;
    }
    const raw = row[index];
    const value = (node[path[path.length - 1]!] = raw === null ? null : decoder.mapFromDriverValue(raw));
    if (joinsNotNullableMap && joinedTable !== undefined) {
      nullify ??= {};
      const objectName = path[0]!;
      if (!(objectName in nullify)) nullify[objectName] = value === null ? joinedTable : false;
      else if (typeof nullify[objectName] === "string" && nullify[objectName] !== joinedTable) nullify[objectName] = false;
    }
  }
  if (joinsNotNullableMap && nullify) {
    for (const [objectName, tableName] of Object.entries(nullify)) if (typeof tableName === "string" && !joinsNotNullableMap[tableName]) result[objectName] = null;
  }
  return result;
}

/** The values of a row D1's batch answers as an object (keyed by column, in the statement's order), as drizzle's `d1ToRawMapping` takes them. */
const valuesOf = (row: Record<string, unknown>) => Object.keys(row).map((key) => row[key]);

interface MappedQuery {
  fields?: SelectedField[];
  customResultMapper?: unknown;
  joinsNotNullableMap?: Record<string, boolean>;
}

/**
 * Drizzle's D1 queries map their rows with `mapRow` (decision 048): `mapAllResult` and `mapGetResult`,
 * which every batch and every `.all()` use, are replaced once, when the database module loads. A query
 * with a custom mapper, or without selected fields, goes the way drizzle wrote it.
 */
export function installRowMapping() {
  const prototype = D1PreparedQuery.prototype as unknown as {
    mapAllResult(this: MappedQuery, rows: unknown, isFromBatch?: boolean): unknown;
    mapGetResult(this: MappedQuery, result: unknown, isFromBatch?: boolean): unknown;
  };
  const { mapAllResult, mapGetResult } = prototype;
  if ((mapAllResult as { rowMapping?: true }).rowMapping) return;
  const all = function (this: MappedQuery, rows: unknown, isFromBatch?: boolean) {
    const { fields } = this;
    if (!fields || this.customResultMapper) return mapAllResult.call(this, rows, isFromBatch);
    const raw = isFromBatch ? (rows as { results: Record<string, unknown>[] }).results.map(valuesOf) : (rows as unknown[][]);
    return raw.map((row) => mapRow(fields, row, this.joinsNotNullableMap));
  };
  const get = function (this: MappedQuery, result: unknown, isFromBatch?: boolean) {
    const { fields } = this;
    if (!fields || this.customResultMapper) return mapGetResult.call(this, result, isFromBatch);
    const first = isFromBatch ? (result as { results: Record<string, unknown>[] }).results[0] : undefined;
    const row = isFromBatch ? first && valuesOf(first) : (result as unknown[] | undefined);
    // Without a row drizzle's own mapping decides, as it always did.
    return row === undefined ? mapGetResult.call(this, result, isFromBatch) : mapRow(fields, row, this.joinsNotNullableMap);
  };
  Object.assign(all, { rowMapping: true });
  prototype.mapAllResult = all;
  prototype.mapGetResult = get;
}
