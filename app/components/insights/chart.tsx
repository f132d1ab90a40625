import { useState } from "react";
import { escapeHtml } from "~/lib/html";

export interface ChartPoint {
  /** The month's label on the axis ("Jan"). */
  label: string;
  value: number;
  /** The same month a year before. */
  previous: number;
}

/**
 * The drawing area of every month chart (SVG user units); `chartGeometry` (chart-geometry.server.ts)
 * draws in it, its left edge at least `margin.left` and as far as the longest tick label needs.
 */
export const CHART = { width: 640, height: 240, margin: { top: 16, right: 8, bottom: 28, left: 24 }, labelGap: 6 } as const;
const { width: WIDTH, height: HEIGHT, margin: MARGIN, labelGap: LABEL_GAP } = CHART;
/** The band scale's padding between the months' bars and at the ends, as a share of a month's step. */
export const BAR_PADDING = 0.2;

export const round = (value: number) => Math.round(value * 100) / 100;

/**
 * A chart's shapes, computed on the server (`chartGeometry`, d3-scale and d3-shape) so that the
 * browser needs no scale or shape library. Sent with the page's data, so kept small: the months'
 * band (where the first starts, the step from one to the next, a bar's width) and each month's bar
 * top and height; `barAt` places the rest.
 */
export interface ChartGeometry {
  /** Where the drawing starts: room on its left for the longest tick label. */
  left: number;
  /** The first month's band start, the step between months and a bar's width (the band scale's, unrounded). */
  start: number;
  step: number;
  bandwidth: number;
  /** Each month's bar: its top and its height. */
  y: number[];
  height: number[];
  /** The value axis' ticks: their values, heights and labels. */
  ticks: { value: number; y: number; label: string }[];
  /** The year before as a line through the months' centres. */
  previousPath: string;
}

/** Where a month's bar, its hover area and its label stand (SVG user units). */
export interface ChartBar {
  x: number;
  width: number;
  y: number;
  height: number;
  /** The hover area: the whole step of the month, padding included. */
  hitX: number;
  hitWidth: number;
  /** The centre of the month, for its axis label. */
  labelX: number;
}

/** The `i`th month's bar, as the band scale places it (its `i`th band starts at `start + step × i`). */
export function barAt(geometry: ChartGeometry, i: number): ChartBar {
  const x = geometry.start + geometry.step * i;
  return {
    x: round(x),
    width: round(geometry.bandwidth),
    y: geometry.y[i]!,
    height: geometry.height[i]!,
    hitX: round(x - (geometry.step * BAR_PADDING) / 2),
    hitWidth: round(geometry.step),
    labelX: round(x + geometry.bandwidth / 2),
  };
}

/**
 * What a month chart draws, as SVG markup: the value axis' grid lines and ticks (labelled as the
 * geometry says), a group per month
 * (`data-month`: its index) with its hover area, its bar named by a `<title>` and its axis label, and
 * the year before as a dashed line. Written as one string because the drawing is static: the server
 * renders it at a fraction of the cost of as many elements (some 160 for 12 months), and the browser
 * hovers it through one handler on the `<svg>`. Every text is escaped.
 */
export function chartMarkup(points: ChartPoint[], geometry: ChartGeometry, format: (value: number) => string, previousLabel: string): string {
  let markup = "";
  for (const tick of geometry.ticks) {
    markup += `<g class="chart__grid"><line x1="${geometry.left}" x2="${WIDTH - MARGIN.right}" y1="${tick.y}" y2="${tick.y}"></line><text x="${geometry.left - LABEL_GAP}" y="${tick.y}" dy="0.32em" text-anchor="end">${escapeHtml(tick.label)}</text></g>`;
  }
  points.forEach((point, i) => {
    const bar = barAt(geometry, i);
    markup +=
      `<g class="chart__month" data-month="${i}">` +
      `<rect class="chart__hit" x="${bar.hitX}" width="${bar.hitWidth}" y="${MARGIN.top}" height="${HEIGHT - MARGIN.top - MARGIN.bottom}"></rect>` +
      `<rect class="chart__bar" x="${bar.x}" width="${bar.width}" y="${bar.y}" height="${bar.height}"><title>${escapeHtml(`${point.label}: ${format(point.value)} (${previousLabel}: ${format(point.previous)})`)}</title></rect>` +
      `<text class="chart__axis" x="${bar.labelX}" y="${HEIGHT - MARGIN.bottom + 18}" text-anchor="middle">${escapeHtml(point.label)}</text>` +
      `</g>`;
  });
  if (geometry.previousPath) markup += `<path class="chart__previous" d="${escapeHtml(geometry.previousPath)}"></path>`;
  return markup;
}

/**
 * A month-by-month chart drawn on the server as SVG: the period's values as bars, the year before as
 * a line. The shapes come from the loader (`chartGeometry`, d3-scale and d3-shape on the server), so
 * the browser loads no chart library. It works without JavaScript (a hovered month's bar is
 * highlighted by CSS, its `<title>` names both values) and is named for screen readers (the numbers
 * are in the table beside it); with JavaScript, hovering a month writes both values into a live region.
 */
export function MonthChart({
  id,
  title,
  points,
  geometry,
  format,
  currentLabel,
  previousLabel,
}: {
  id: string;
  title: string;
  points: ChartPoint[];
  geometry: ChartGeometry;
  format: (value: number) => string;
  currentLabel: string;
  previousLabel: string;
}) {
  const [hovered, setHovered] = useState<number | null>(null);
  const shown = hovered === null ? null : points[hovered];
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="chart__title">
        {title}
      </figcaption>
      {/* Scrolls on a phone (insights.css): focusable, so that the keyboard scrolls it too (a scrolling region with nothing focusable in it), and named by the chart's title. */}
      {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="chart__scroll" tabIndex={0} role="group" aria-labelledby={`${id}-title`}>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={`${id}-title`}
          className="chart__svg"
          onPointerOver={(event) => {
            const month = (event.target as Element).closest(".chart__month");
            setHovered(month ? Number(month.getAttribute("data-month")) : null);
          }}
          onPointerLeave={() => setHovered(null)}
          dangerouslySetInnerHTML={{ __html: chartMarkup(points, geometry, format, previousLabel) }}
        />
      </div>
      <div className="chart__legend">
        <span className="chart__key chart__key--current">{currentLabel}</span>
        <span className="chart__key chart__key--previous">{previousLabel}</span>
        <output className="chart__hover" aria-live="polite">
          {shown ? `${shown.label}: ${format(shown.value)} · ${previousLabel}: ${format(shown.previous)}` : ""}
        </output>
      </div>
    </figure>
  );
}
