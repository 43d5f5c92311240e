import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme, type Theme } from '../lib/theme';

/**
 * The one wrapper of the chart library (uPlot: a canvas time-series chart of about 20 KB gzip,
 * drawing thousands of points in a few milliseconds). A chart is made when the component
 * mounts, redrawn with new data, resized with its box, remade when the theme changes (canvas
 * colours are not CSS) and destroyed on unmount. Hovering shows a cursor line and the exact
 * values of that period in the legend under the chart, formatted by each series' `format`.
 *
 * A canvas says nothing to a screen reader: the chart is one image with `summary` as its name,
 * and the screen offers the same figures as a table (see the report screens' table view).
 */
export interface ChartSeries {
  label: string;
  /** One value per x; null leaves a gap. */
  values: readonly (number | null)[];
  color: { light: string; dark: string };
  /** How the legend prints a value (the exact figure). */
  format: (value: number) => string;
  /** Fill the area under the line. */
  fill?: boolean;
}

const WHOLE_STEPS = [
  1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 200_000,
  500_000, 1_000_000,
];

const AXIS = {
  light: { text: '#57534e', grid: '#e7e5e4' },
  dark: { text: '#a1a1aa', grid: '#27272a' },
} as const;

function options(
  width: number,
  height: number,
  theme: Theme,
  series: readonly ChartSeries[],
  formatX: (seconds: number) => string,
  formatY: (value: number) => string,
  wholeNumbers: boolean,
): uPlot.Options {
  const axis = {
    stroke: AXIS[theme].text,
    grid: { stroke: AXIS[theme].grid, width: 1 },
    ticks: { stroke: AXIS[theme].grid, width: 1 },
    font: '11px Inter, system-ui, sans-serif',
  };
  return {
    width,
    height,
    // Times are UTC, like every date of the console.
    tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    legend: { live: true },
    scales: {
      x: { time: true },
      y: { range: (_chart, min, max) => [Math.min(0, min), max > 0 ? max * 1.1 : 1] },
    },
    axes: [
      { ...axis },
      {
        ...axis,
        size: 64,
        // Counts have no fractional ticks (a queue of 0.5 items reads as a rounding error).
        ...(wholeNumbers ? { incrs: WHOLE_STEPS } : {}),
        values: (_chart, ticks) => ticks.map((tick) => formatY(tick)),
      },
    ],
    series: [
      {
        label: 'Period (UTC)',
        value: (_chart, seconds) =>
          seconds === null || seconds === undefined ? '–' : formatX(seconds),
      },
      ...series.map((line) => {
        const color = line.color[theme];
        return {
          label: line.label,
          stroke: color,
          width: 2,
          ...(line.fill ? { fill: `${color}26` } : {}),
          points: { show: false },
          spanGaps: false,
          value: (_chart: uPlot, value: number | null) =>
            value === null || value === undefined ? '–' : line.format(value),
        };
      }),
    ],
  };
}

export function TimeSeriesChart({
  times,
  series,
  summary,
  formatX,
  formatY,
  height = 220,
  wholeNumbers = false,
  testId,
}: {
  /** The start of each period, as milliseconds since 1970. */
  times: readonly number[];
  series: readonly ChartSeries[];
  /** What the chart shows, for assistive technology. */
  summary: string;
  formatX: (seconds: number) => string;
  formatY: (value: number) => string;
  height?: number;
  /** The values are counts: the axis steps by whole numbers. */
  wholeNumbers?: boolean;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const theme = useTheme();
  const data: uPlot.AlignedData = [
    times.map((time) => time / 1000),
    ...series.map((line) => line.values.map((value) => value ?? null)),
  ];
  const shape = `${series.length}:${series.map((line) => line.label).join('|')}`;

  // (Re)made when the theme or the set of series changes; the data is set below.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Made empty: the effect below, which runs right after this one, sets the data.
    const made = new uPlot(
      options(element.clientWidth || 600, height, theme, series, formatX, formatY, wholeNumbers),
      [[], ...series.map(() => [])],
      element,
    );
    chart.current = made;
    const resize = new ResizeObserver(() => {
      made.setSize({ width: element.clientWidth, height });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      made.destroy();
      chart.current = null;
    };
    // series and formatters are read when the chart is made; `shape` says when that must be redone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [theme, height, shape, wholeNumbers]);

  useEffect(() => {
    chart.current?.setData(data);
  });

  return (
    <div
      ref={box}
      role="img"
      aria-label={summary}
      className="time-series-chart w-full"
      data-testid={testId}
    />
  );
}
