import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { scaleBand } from "d3-scale";
import { barAt, BAR_PADDING, chartMarkup, CHART, round, type ChartPoint } from "./chart";
import { chartGeometry } from "./chart-geometry.server";
import { figuresMarkup, monthTableMarkup, type Figure } from "./figures";
import { unitListMarkup } from "./frame";
import { formatPercent } from "@domain/percent";

const { width: WIDTH, height: HEIGHT, margin: MARGIN } = CHART;
const points: ChartPoint[] = [
  { label: "Jan", value: 12, previous: 7 },
  { label: "<b>Feb</b> & \"Mar\"'s", value: 0, previous: 31 },
  { label: "Apr", value: 25, previous: 0 },
];
const format = (value: number) => `${value} <n>`;
const tickLabel = (value: number) => `<${value}>`;
const number = (value: number) => `${value}`;
/** A change as the pages write it, with its sign. */
const signedPercent = (value: number) => formatPercent(value, "en_US", true);
/** The values of a chart's ticks, for months of `values` (and none the year before). */
const ticks = (values: number[], unit?: number) => chartGeometry(values.map((value) => ({ value, previous: 0 })), number, unit).ticks.map((tick) => tick.value);

/** The chart's drawing as elements, as React would write them. */
function ChartElements({ previousLabel }: { previousLabel: string }) {
  const geometry = chartGeometry(points, tickLabel);
  return (
    <svg>
      {geometry.ticks.map((tick) => (
        <g key={tick.value} className="chart__grid">
          <line x1={geometry.left} x2={WIDTH - MARGIN.right} y1={tick.y} y2={tick.y} />
          <text x={geometry.left - CHART.labelGap} y={tick.y} dy="0.32em" textAnchor="end">
            {tick.label}
          </text>
        </g>
      ))}
      {points.map((point, i) => {
        const bar = barAt(geometry, i);
        return (
          <g key={i} className="chart__month" data-month={i}>
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
      <path className="chart__previous" d={geometry.previousPath} />
    </svg>
  );
}

/** React writes an apostrophe as `&#x27;`, `escapeHtml` as `&#39;`: the same character. */
const same = (html: string) => html.replaceAll("&#x27;", "&#39;");
const inner = (html: string) => same(html).replace(/^<svg>|<\/svg>$/g, "");

describe("the insights' static markup", () => {
  it("draws a month chart as React would draw its elements: grid and ticks, a group per month with its bar, title and label, the year before", () => {
    const markup = chartMarkup(points, chartGeometry(points, tickLabel), format, "A <year> before");
    expect(markup).toBe(inner(renderToStaticMarkup(<ChartElements previousLabel="A <year> before" />)));
    expect(markup.match(/<g class="chart__month" data-month="\d">/g)).toHaveLength(3);
    expect(markup).toContain("<title>&lt;b&gt;Feb&lt;/b&gt; &amp; &quot;Mar&quot;&#39;s: 0 &lt;n&gt; (A &lt;year&gt; before: 31 &lt;n&gt;)</title>");
    expect(markup).not.toContain("<b>");
  });

  it("leaves room on the left for the longest tick label, so that no label is cut", () => {
    const short = chartGeometry(points, (value) => `${value}`);
    const long = chartGeometry(points, (value) => `€${value},000.00`);
    expect(short.left).toBe(CHART.margin.left);
    expect(long.ticks.map((tick) => tick.label)).toEqual(["€0,000.00", "€10,000.00", "€20,000.00", "€30,000.00", "€40,000.00"]);
    // 10 characters of at most 0.6 of the 11-unit font, and the gap before the drawing.
    expect(long.left - CHART.labelGap).toBeGreaterThanOrEqual(10 * 0.6 * 11);
    const last = barAt(long, long.y.length - 1);
    expect(barAt(long, 0).hitX).toBeGreaterThanOrEqual(long.left);
    expect(last.x + last.width).toBeLessThanOrEqual(WIDTH - MARGIN.right);
  });

  it("ticks counts, percentages and money in whole units, also for months without data", () => {
    // No views at all: 0 and 1, not 0, 0.2, 0.4 … 1.
    expect(ticks([0, 0, 0])).toEqual([0, 1]);
    expect(ticks([1, 0])).toEqual([0, 1]);
    expect(ticks([3, 1])).toEqual([0, 1, 2, 3]);
    expect(ticks([2, 1])).toEqual([0, 1, 2]);
    for (const max of [0, 1, 2, 3, 5, 7, 9, 13, 17, 0.4]) {
      const values = ticks([max]);
      expect(values.every(Number.isInteger), `up to ${max}: ${values.join(", ")}`).toBe(true);
      expect(values.length, `up to ${max}`).toBeGreaterThanOrEqual(2);
    }
    // Larger counts keep d3's "nice" ticks.
    expect(ticks([1180, 40])).toEqual([0, 200, 400, 600, 800, 1000, 1200]);
    // Money in minor units: whole euros ("€0", "€1"), not "€0.20".
    expect(ticks([0], 100)).toEqual([0, 100]);
    expect(ticks([150], 100)).toEqual([0, 100]);
    expect(ticks([250_000], 100)).toEqual([0, 50_000, 100_000, 150_000, 200_000, 250_000]);
  });

  it("places each month's bar, hover area and label where d3's band scale puts them, for 1, 12 and 36 months", () => {
    for (const months of [1, 12, 36]) {
      const values = Array.from({ length: months }, (_, i) => ({ value: (i * 37) % 11, previous: (i * 13) % 7 }));
      const geometry = chartGeometry(values, number);
      const x = scaleBand<number>()
        .domain(values.map((_, i) => i))
        .range([geometry.left, WIDTH - MARGIN.right])
        .padding(BAR_PADDING);
      for (let i = 0; i < months; i++) {
        expect(barAt(geometry, i)).toEqual({
          x: round(x(i)!),
          width: round(x.bandwidth()),
          y: geometry.y[i],
          height: geometry.height[i],
          hitX: round(x(i)! - (x.step() * x.paddingInner()) / 2),
          hitWidth: round(x.step()),
          labelX: round(x(i)! + x.bandwidth() / 2),
        });
      }
    }
  });

  it("draws no line for a year before without shape", () => {
    expect(chartMarkup(points, { ...chartGeometry(points, tickLabel), previousPath: "" }, format, "before")).not.toContain("<path");
  });

  it("writes the numbers table as React would write its elements, every text escaped", () => {
    const columns = [
      { label: "Views", values: ["1,200", "0"] },
      { label: "Rate <%>", values: ["12.5 %", "–"] },
    ];
    const months = ["Jan 2026", "Feb & \"2026\""];
    const expected = same(renderToStaticMarkup(
      <table className="table">
        <caption>{"Views & <bookings>"}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
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
              <th scope="row" data-label="Month">
                {month}
              </th>
              {columns.map((column) => (
                <td key={column.label} data-label={column.label}>
                  {column.values[row]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>,
    ));
    const markup = monthTableMarkup("Views & <bookings>", "Month", months, columns);
    expect(markup).toBe(expected);
    expect(markup.match(/<tr>/g)).toHaveLength(3);
    expect(markup).toContain('<td data-label="Rate &lt;%&gt;">12.5 %</td>');
  });

  it("writes the stat tiles as React would write their elements: the figure, the year before and the change, coloured and named by whether it is better, every text escaped", () => {
    const figures: Figure[] = [
      { key: "views", label: "Listing <views>", value: "1,200", previous: "900", change: 33.3 },
      { key: "rate", label: "Rate", value: "12%", previous: "–", change: null },
      { key: "payout", label: "Payout", value: "€ 1.00", previous: "€ 2.00", change: -50 },
      { key: "booked", label: "Nights", value: "0", previous: "0", change: 0 },
      { key: "cancellationRate", label: "Cancellation rate", value: "18.2%", previous: "9.1%", change: 100 },
      { key: "averageLengthOfStay", label: "Average length of stay", value: "3 nights", previous: "2 nights", change: 50 },
    ];
    const tones = ["better", null, "worse", "neutral", "worse", "neutral"] as const;
    const words = { better: "better & <up>", worse: "worse" };
    const expected = same(
      renderToStaticMarkup(
        <>
          {figures.map((figure, i) => {
            const tone = tones[i] ?? null;
            return (
              <li key={figure.key} className="stat-tile" data-figure={figure.key}>
                <span className="stat-tile__label">{figure.label}</span>
                <strong className="stat-tile__value">{figure.value}</strong>
                <span className="stat-tile__previous muted">
                  {"A year & before"}: {figure.previous}
                  {figure.change === null || tone === null ? null : (
                    <span className={`stat-tile__change stat-tile__change--${tone}`}>
                      {" "}
                      ({signedPercent(figure.change)}
                      {tone === "neutral" ? null : <span className="visually-hidden">, {words[tone]}</span>})
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </>,
      ),
    );
    const markup = figuresMarkup(figures, "A year & before", signedPercent, words);
    expect(markup).toBe(expected);
    expect(markup).toContain('<span class="stat-tile__change stat-tile__change--better"> (+33.3%<span class="visually-hidden">, better &amp; &lt;up&gt;</span>)</span>');
    expect(markup).toContain('<span class="stat-tile__change stat-tile__change--worse"> (-50%<span class="visually-hidden">, worse</span>)</span>');
    // The reviewer's tile: a cancellation rate that doubled is worse, in colour and in words; its sign stays.
    expect(markup).toContain('data-figure="cancellationRate"><span class="stat-tile__label">Cancellation rate</span><strong class="stat-tile__value">18.2%</strong><span class="stat-tile__previous muted">A year &amp; before: 9.1%<span class="stat-tile__change stat-tile__change--worse"> (+100%<span class="visually-hidden">, worse</span>)</span>');
    // No change, and a longer stay, are neither.
    expect(markup).toContain('<span class="stat-tile__change stat-tile__change--neutral"> (0%)</span>');
    expect(markup).toContain('<span class="stat-tile__change stat-tile__change--neutral"> (+50%)</span>');
    expect(markup).toContain("Listing &lt;views&gt;");
  });

  it("writes the unit selector's links as React would write their elements: all units, then each unit with its property, the shown one current, every text escaped", () => {
    const items = [
      { id: "unt_a", title: "Loft <top>", propertyTitle: "Haus & Hof" },
      { id: "unt_b", title: "", propertyTitle: "" },
      { id: "unt_c", title: "Studio", propertyTitle: "Studio" },
    ];
    const query = "?period=custom&from=2025-01&to=2025-12";
    const expected = (current: string | undefined) =>
      same(
        renderToStaticMarkup(
          <>
            <li>
              <a href={`/insights/occupancy${query}`} data-discover="true" aria-current={current ? undefined : "page"}>
                {"All \"units\""}
              </a>
            </li>
            {items.map((unit) => (
              <li key={unit.id}>
                <a href={`/insights/occupancy/${unit.id}${query}`} data-discover="true" aria-current={unit.id === current ? "page" : undefined}>
                  {unit.title || "Untitled's"}
                  {unit.propertyTitle && unit.propertyTitle !== unit.title ? <span className="muted"> · {unit.propertyTitle}</span> : null}
                </a>
              </li>
            ))}
          </>,
        ),
      );
    const labels = { all: 'All "units"', untitled: "Untitled's" };
    expect(unitListMarkup("occupancy", undefined, items, query, labels)).toBe(expected(undefined));
    const one = unitListMarkup("occupancy", "unt_b", items, query, labels);
    expect(one).toBe(expected("unt_b"));
    expect(one.match(/aria-current="page"/g)).toHaveLength(1);
    expect(one).toContain('<a href="/insights/occupancy/unt_a?period=custom&amp;from=2025-01&amp;to=2025-12" data-discover="true">Loft &lt;top&gt;<span class="muted"> · Haus &amp; Hof</span></a>');
  });
});
