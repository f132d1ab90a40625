import { useState } from "react";
import { scaleBand, scaleLinear } from "d3-scale";
import { line } from "d3-shape";

export interface ChartPoint {
  /** The month's label on the axis ("Jan"). */
  label: string;
  value: number;
  /** The same month a year before. */
  previous: number;
}

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 16, right: 8, bottom: 28, left: 56 };

/**
 * A month-by-month chart drawn on the server as SVG: the period's values as bars, the year before as
 * a line. It works without JavaScript and is named for screen readers (the numbers are in the table
 * beside it); with JavaScript, hovering a month shows both values.
 */
export function MonthChart({ id, title, points, format, currentLabel, previousLabel }: { id: string; title: string; points: ChartPoint[]; format: (value: number) => string; currentLabel: string; previousLabel: string }) {
  const [hovered, setHovered] = useState<number | null>(null);
  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([MARGIN.left, WIDTH - MARGIN.right])
    .padding(0.2);
  const max = Math.max(0, ...points.flatMap((p) => [p.value, p.previous]));
  const y = scaleLinear()
    .domain([0, max > 0 ? max : 1])
    .nice(4)
    .range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const previousLine = line<ChartPoint>()
    .x((_, i) => (x(i) ?? 0) + x.bandwidth() / 2)
    .y((p) => y(p.previous))(points);
  const shown = hovered === null ? null : points[hovered];
  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <figcaption id={`${id}-title`} className="chart__title">
        {title}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} className="chart__svg">
        {y.ticks(4).map((tick) => (
          <g key={tick} className="chart__grid">
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} />
            <text x={MARGIN.left - 6} y={y(tick)} dy="0.32em" textAnchor="end">
              {format(tick)}
            </text>
          </g>
        ))}
        {points.map((point, i) => (
          <g key={i} onMouseEnter={() => setHovered(i)} onMouseLeave={() => setHovered((current) => (current === i ? null : current))} className={hovered === i ? "chart__month chart__month--hovered" : "chart__month"}>
            <rect className="chart__hit" x={(x(i) ?? 0) - (x.step() * x.paddingInner()) / 2} width={x.step()} y={MARGIN.top} height={HEIGHT - MARGIN.top - MARGIN.bottom} />
            <rect className="chart__bar" x={x(i)} width={x.bandwidth()} y={y(point.value)} height={Math.max(0, y(0) - y(point.value))}>
              <title>{`${point.label}: ${format(point.value)} (${previousLabel}: ${format(point.previous)})`}</title>
            </rect>
            <text className="chart__axis" x={(x(i) ?? 0) + x.bandwidth() / 2} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle">
              {point.label}
            </text>
          </g>
        ))}
        {previousLine ? <path className="chart__previous" d={previousLine} /> : null}
      </svg>
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
