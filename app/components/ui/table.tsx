import type { ReactNode } from "react";

export interface TableColumn {
  label: string;
  /** Named for screen readers only (a column of checkboxes or of row actions). */
  hidden?: boolean;
}

/**
 * A data table: a caption for screen readers, a sticky header, the rows as given (`<tr>` each).
 * Below 640 px each row becomes a card; `selectable` keeps its first cell (a checkbox) beside the card.
 */
export function Table({ caption, columns, selectable = false, children }: { caption: string; columns: TableColumn[]; selectable?: boolean; children: ReactNode }) {
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
      <tbody>{children}</tbody>
    </table>
  );
}
