import { useState } from "react";
import type { ChartGeometry } from "./chart-geometry.server";

export interface ChartPoint {
  /** The month's label on the axis ("Jan"). */
  label: string;
  value: number;
  /** The same month a year before. */
  previous: number;
}

/** The drawing area of every month chart (SVG user units); `chartGeometry` (chart-geometry.server.ts) draws in it. */
export const CHART = { width: 640, height: 240, margin: { top: 16, right: 8, bottom: 28, left: 56 } } as const;
const { width: WIDTH, height: HEIGHT, margin: MARGIN } = CHART;

/**
 * A month-by-month chart drawn on the server as SVG: the period's values as bars, the year before as
 * a line. The shapes come from the loader (`chartGeometry`, d3-scale and d3-shape on the server), so
 * the browser loads no chart library. It works without JavaScript and is named for screen readers
 * (the numbers are in the table beside it); with JavaScript, hovering a month shows both values.
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
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title`} className="chart__svg">
        {geometry.ticks.map((tick) => (
          <g key={tick.value} className="chart__grid">
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={tick.y} y2={tick.y} />
            <text x={MARGIN.left - 6} y={tick.y} dy="0.32em" textAnchor="end">
              {format(tick.value)}
            </text>
          </g>
        ))}
        {points.map((point, i) => {
          const bar = geometry.bars[i]!;
          return (
            <g key={i} onMouseEnter={() => setHovered(i)} onMouseLeave={() => setHovered((current) => (current === i ? null : current))} className={hovered === i ? "chart__month chart__month--hovered" : "chart__month"}>
              <rect className="chart__hit" x={bar.hitX} width={bar.hitWidth} y={MARGIN.top} height={HEIGHT - MARGIN.top - MARGIN.bottom} />
              <rect className="chart__bar" x={bar.x} width={bar.width} y={bar.y} height={bar.height}>
                <title>{`${point.label}: ${format(point.value)} (${previousLabel}: ${format(point.previous)})`}</title>
              </rect>
              <text className="chart__axis" x={bar.labelX} y={HEIGHT - MARGIN.bottom + 18} textAnchor="middle">
                {point.label}
              </text>
            </g>
          );
        })}
        {geometry.previousPath ? <path className="chart__previous" d={geometry.previousPath} /> : null}
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
