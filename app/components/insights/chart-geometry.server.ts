import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { BAR_PADDING, CHART, round, type ChartGeometry } from "./chart";

/**
 * The width a tick label takes per character at the axis' font size (11 units): digits, currency
 * signs and letters of a number's label are at most 0.6 of it wide, separators less.
 */
const LABEL_CHARACTER = 6.6;

/**
 * The shapes of a month chart (decision 037): the period's values as bars on a band scale, the year
 * before as a line, a linear value scale from 0 with four "nice" ticks (d3-scale and d3-shape),
 * labelled by `tickLabel` ("€2,500", "1,200", "50%") with room for the longest on the left, so that
 * no label is cut whatever its currency or size.
 *
 * Every tick is a whole number of `unit` (a power of ten: 1 for counts and percentages, a currency's
 * minor units per major unit for money): the scale reaches at least one unit, and the ticks between
 * units are left out, so that months without views read 0 and 1, never 0.2 of a view.
 */
export function chartGeometry(points: { value: number; previous: number }[], tickLabel: (value: number) => string, unit = 1): ChartGeometry {
  const { width, height, margin, labelGap } = CHART;
  const max = Math.max(0, ...points.flatMap((p) => [p.value, p.previous]));
  const y = scaleLinear()
    .domain([0, Math.max(max, unit)])
    .nice(4)
    .range([height - margin.bottom, margin.top]);
  const ticks = y
    .ticks(4)
    .filter((value) => value % unit === 0)
    .map((value) => ({ value, y: round(y(value)), label: tickLabel(value) }));
  const left = Math.max(margin.left, Math.ceil(Math.max(0, ...ticks.map((tick) => tick.label.length)) * LABEL_CHARACTER) + labelGap);
  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([left, width - margin.right])
    .padding(BAR_PADDING);
  const centre = (i: number) => (x(i) ?? 0) + x.bandwidth() / 2;
  const previousPath =
    line<{ previous: number }>()
      .x((_, i) => round(centre(i)))
      .y((p) => round(y(p.previous)))(points) ?? "";
  // The months' places along the axis are the band scale's (`barAt`); only each bar's top and height are the month's own.
  return {
    left,
    start: x(0) ?? left,
    step: x.step(),
    bandwidth: x.bandwidth(),
    y: points.map((point) => round(y(point.value))),
    height: points.map((point) => round(Math.max(0, y(0) - y(point.value)))),
    ticks,
    previousPath,
  };
}
