import { changeTone, type InsightFigure } from "@domain/insights";
import { escapeHtml } from "~/lib/html";
import { useFormat } from "~/lib/format";
import { useTranslation } from "~/lib/i18n";

export interface Figure {
  key: InsightFigure;
  label: string;
  value: string;
  previous: string;
  /** Percent change against the year before; null without a figure then. */
  change: number | null;
}

/**
 * The period's figures as stat tiles: the big number, the year before and the change. The change is
 * coloured by whether it is better or worse for the figure (`changeTone`: a higher cancellation rate
 * is worse, a longer stay neither, no change neither), and says so in words to screen readers; its
 * sign stays (`formatChange` writes the percentage with it, "+12%"). Written as one string, as the
 * numbers table is (static, a fraction of the cost of its elements); every text is escaped.
 */
export function figuresMarkup(figures: Figure[], previousLabel: string, formatChange: (change: number) => string, words: { better: string; worse: string }): string {
  let markup = "";
  for (const figure of figures) {
    let change = "";
    if (figure.change !== null) {
      const tone = changeTone(figure.key, figure.change);
      const word = tone === "neutral" ? "" : `<span class="visually-hidden">, ${escapeHtml(words[tone])}</span>`;
      change = `<span class="stat-tile__change stat-tile__change--${tone}"> (${escapeHtml(formatChange(figure.change))}${word})</span>`;
    }
    markup +=
      `<li class="stat-tile" data-figure="${escapeHtml(figure.key)}"><span class="stat-tile__label">${escapeHtml(figure.label)}</span>` +
      `<strong class="stat-tile__value">${escapeHtml(figure.value)}</strong>` +
      `<span class="stat-tile__previous muted">${escapeHtml(previousLabel)}: ${escapeHtml(figure.previous)}${change}</span></li>`;
  }
  return markup;
}

export function Figures({ figures }: { figures: Figure[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return <ul className="stat-tiles" dangerouslySetInnerHTML={{ __html: figuresMarkup(figures, t("insights:chart.previous"), (value) => format.percent(value, true), { better: t("insights:change.better"), worse: t("insights:change.worse") }) }} />;
}

/**
 * The numbers behind the charts: one row per month, one column per figure (each cell names its
 * column in `data-label` for the stacked layout on phones). Written as one string: the table is
 * static, and the server renders it at a fraction of the cost of its elements (130 cells for 12
 * months of performance). Every text is escaped.
 */
export function monthTableMarkup(caption: string, monthLabel: string, monthLabels: string[], columns: { label: string; values: string[] }[]): string {
  const month = escapeHtml(monthLabel);
  const labels = columns.map((column) => escapeHtml(column.label));
  let markup = `<table class="table"><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">${month}</th>`;
  for (const label of labels) markup += `<th scope="col">${label}</th>`;
  markup += "</tr></thead><tbody>";
  monthLabels.forEach((label, i) => {
    markup += `<tr><th scope="row" data-label="${month}">${escapeHtml(label)}</th>`;
    columns.forEach((column, c) => {
      markup += `<td data-label="${labels[c]}">${escapeHtml(column.values[i] ?? "")}</td>`;
    });
    markup += "</tr>";
  });
  return `${markup}</tbody></table>`;
}

/**
 * The table scrolls sideways where its columns do not fit (performance's ten between a phone's stacked
 * layout and a wide screen, longer in German): focusable, so that the keyboard scrolls it too, and
 * named by its caption, as a chart's scrolling drawing is.
 */
export function MonthTable({
  caption,
  months,
  columns,
  label = (_month, text) => text,
}: {
  caption: string;
  months: string[];
  columns: { label: string; values: string[] }[];
  /** A month's row heading from its name ("Dec 2026"): a table may say more of some months (payouts still to come). */
  label?: (month: string, text: string) => string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const markup = monthTableMarkup(caption, t("insights:chart.month"), months.map((month) => label(month, format.monthYear(month))), columns);
  // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
  return <div className="insights__table" tabIndex={0} role="group" aria-label={caption} dangerouslySetInnerHTML={{ __html: markup }} />;
}
