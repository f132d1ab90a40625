import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

export interface Figure {
  key: string;
  label: string;
  value: string;
  previous: string;
  /** Percent change against the year before; null without a figure then. */
  change: number | null;
}

/** The period's figures as stat tiles: the big number, the year before and the change. */
export function Figures({ figures }: { figures: Figure[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className="stat-tiles">
      {figures.map((figure) => (
        <li key={figure.key} className="stat-tile" data-figure={figure.key}>
          <span className="stat-tile__label">{figure.label}</span>
          <strong className="stat-tile__value">{figure.value}</strong>
          <span className="stat-tile__previous muted">
            {t("insights:chart.previous")}: {figure.previous}
            {figure.change === null ? null : (
              <span className={figure.change >= 0 ? "stat-tile__change stat-tile__change--up" : "stat-tile__change stat-tile__change--down"}>
                {" "}
                ({figure.change > 0 ? "+" : ""}
                {format.number(figure.change)} %)
              </span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The numbers behind the charts: one row per month, one column per figure. */
export function MonthTable({ caption, months, columns }: { caption: string; months: string[]; columns: { label: string; values: string[] }[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className="insights__table">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("insights:chart.month")}</th>
            {columns.map((column) => (
              <th key={column.label} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month, row) => (
            <tr key={month}>
              <th scope="row" data-label={t("insights:chart.month")}>
                {format.monthYear(month)}
              </th>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.values[row]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
