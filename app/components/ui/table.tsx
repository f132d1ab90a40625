import type { ReactNode } from "react";

export interface TableColumn<Row> {
  label: string;
  /** Named for screen readers only (a column of checkboxes or of row actions). */
  hidden?: boolean;
  /** What the column shows of a row. */
  render: (row: Row) => ReactNode;
}

/**
 * A data table: a caption for screen readers, a sticky header, a row per item. Below 640 px each row
 * becomes a card whose values carry their column's name above them (`data-label`, drawn by the
 * stylesheet and left out of the accessible name: screen readers read the table's own headers);
 * `selectable` keeps the first cell (a checkbox) beside the card.
 */
export function Table<Row>({
  caption,
  columns,
  rows,
  rowKey,
  selectable = false,
}: {
  caption: string;
  columns: TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  selectable?: boolean;
}) {
  return (
    <table className={selectable ? "table table--selectable" : "table"}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column, index) => (
            <th key={index} scope="col">
              {column.hidden ? <span className="visually-hidden">{column.label}</span> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) => (
              <td key={index} data-label={column.hidden ? undefined : column.label}>
                {column.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
