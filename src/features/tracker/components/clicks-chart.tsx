import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DailyClicks } from '../../../shared/contract/campaigns';
import * as styles from './tracker.css';

const HEIGHT = 240;
const DAY = 86_400;
const legendDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** Seconds since the epoch at UTC midnight of a YYYY-MM-DD day (uPlot's time scale is in seconds). */
function daySeconds(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / 1000;
}

function options(width: number, xRange: [number, number]): uPlot.Options {
  const narrow = width < 480;
  return {
    width,
    height: HEIGHT,
    // UTC days: the server counts clicks per UTC day.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    // The legend reads out the hovered (or tapped) day under the chart.
    legend: { show: true, live: true },
    cursor: { y: false, drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: true, range: () => xRange },
      y: { range: (_self, _min, max) => [0, Math.max(4, max * 1.1)] },
    },
    axes: [
      {
        stroke: '#6b7280',
        grid: { show: false },
        ticks: { show: false },
        font: `${narrow ? 11 : 12}px system-ui, sans-serif`,
        space: narrow ? 56 : 72,
      },
      {
        stroke: '#6b7280',
        grid: { stroke: '#eef0f4', width: 1 },
        ticks: { show: false },
        font: `${narrow ? 11 : 12}px system-ui, sans-serif`,
        size: narrow ? 36 : 48,
        // Whole clicks only.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000],
      },
    ],
    series: [
      {
        label: 'Day',
        value: (_self, value) => (value == null ? '—' : legendDate.format(new Date(value * 1000))),
      },
      {
        label: 'Clicks',
        value: (_self, value) => (value == null ? '—' : value.toLocaleString('en-US')),
        stroke: '#4f46e5',
        fill: 'rgba(79, 70, 229, 0.75)',
        width: 0,
        paths: uPlot.paths.bars!({ size: [0.7, 28], align: 0 }),
        points: { show: false },
      },
    ],
  };
}

function canDrawCanvas(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** The uPlot bar chart of billed clicks per day; loaded lazily by the tracker only. */
export default function ClicksChart({ days }: { days: DailyClicks }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    // Without a 2D canvas (very old browsers, test DOMs) the text alternative stands alone.
    if (!element || !canDrawCanvas()) return;
    const data: uPlot.AlignedData = [
      days.map((day) => daySeconds(day.date)),
      days.map((day) => day.clicks),
    ];
    const first = data[0][0] ?? Date.now() / 1000;
    const last = data[0][data[0].length - 1] ?? first;
    // Half a day of room on each side, and at least a week wide so one day is not a wall of colour.
    const xRange: [number, number] = [Math.min(first, last - 6 * DAY) - DAY / 2, last + DAY / 2];
    const plot = new uPlot(options(Math.max(240, element.clientWidth), xRange), data, element);
    const observer = new ResizeObserver(() => {
      plot.setSize({ width: Math.max(240, element.clientWidth), height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days]);

  return <div ref={container} className={styles.chart} aria-hidden="true" />;
}
