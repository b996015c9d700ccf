import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '../../../lib/format';
import { bucketSeconds, type ClicksPoint, type Granularity } from '../chart-labels';
import * as styles from './tracker.css';

const HEIGHT = 240;
const STEP: Record<Granularity, number> = { hour: 3600, day: 86_400 };
const font = (narrow: boolean) => `${narrow ? 11 : 12}px system-ui, sans-serif`;

interface ChartProps {
  points: ClicksPoint[];
  granularity: Granularity;
  /** The bar whose values the card reads out; highlighted here. */
  selected: number;
  onSelect(index: number): void;
}

function options(
  width: number,
  xRange: [number, number],
  hooks: uPlot.Hooks.Arrays,
): uPlot.Options {
  const narrow = width < 480;
  const axis = { stroke: '#646b78', ticks: { show: false }, font: font(narrow) };
  return {
    width,
    height: HEIGHT,
    // UTC: the server counts clicks per UTC hour and day.
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    // The card reads the selected bar out in text (legends vanish on a phone when the finger lifts).
    legend: { show: false },
    cursor: { y: false, drag: { x: false, y: false }, points: { show: false } },
    scales: {
      x: { time: true, range: () => xRange },
      clicks: { range: (_self, _min, max) => [0, Math.max(4, max * 1.1)] },
      spend: { range: (_self, _min, max) => [0, Math.max(1, max * 1.1)] },
    },
    axes: [
      { ...axis, grid: { show: false }, space: narrow ? 56 : 72 },
      {
        ...axis,
        scale: 'clicks',
        grid: { stroke: '#eef0f4', width: 1 },
        size: narrow ? 36 : 48,
        // Whole clicks only.
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000],
      },
      {
        ...axis,
        scale: 'spend',
        side: 1,
        grid: { show: false },
        size: narrow ? 48 : 60,
        values: (_self, ticks) => ticks.map((tick) => formatMoney(tick).replace(/\.00$/, '')),
      },
    ],
    series: [
      {},
      {
        label: 'Clicks',
        scale: 'clicks',
        stroke: '#4f46e5',
        fill: 'rgba(79, 70, 229, 0.75)',
        width: 0,
        paths: uPlot.paths.bars!({ size: [0.7, 28], align: 0 }),
        points: { show: false },
      },
      {
        label: 'Spend',
        scale: 'spend',
        stroke: '#d97706',
        width: 2,
        points: { show: true, size: 5, fill: '#d97706' },
      },
    ],
    hooks,
  };
}

function canDrawCanvas(): boolean {
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

/** Shades the selected bucket over the plot's full height. */
function drawSelection(plot: uPlot, index: number, step: number) {
  const x = plot.data[0][index];
  // A single bucket fills the plot: shading it all would say nothing.
  if (x === undefined || plot.data[0].length < 2) return;
  const left = plot.valToPos(x - step / 2, 'x', true);
  const right = plot.valToPos(x + step / 2, 'x', true);
  const { ctx, bbox } = plot;
  ctx.save();
  ctx.fillStyle = 'rgba(17, 24, 39, 0.08)';
  ctx.fillRect(left, bbox.top, right - left, bbox.height);
  ctx.restore();
}

/**
 * The uPlot chart of billed clicks (bars, left axis) and spend (line, right axis) per hour or day;
 * loaded lazily by the tracker only. Hovering or tapping a bar selects it.
 */
export default function ClicksChart({ points, granularity, selected, onSelect }: ChartProps) {
  const container = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const selectedRef = useRef(selected);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  useEffect(() => {
    const element = container.current;
    // Without a 2D canvas (very old browsers, test DOMs) the text alternative stands alone.
    if (!element || !canDrawCanvas()) return;
    const step = STEP[granularity];
    const data: uPlot.AlignedData = [
      points.map((point) => bucketSeconds(point.date) + step / 2),
      points.map((point) => point.clicks),
      points.map((point) => point.spend),
    ];
    const first = data[0][0] ?? Date.now() / 1000;
    const last = data[0][data[0].length - 1] ?? first;
    // From the campaign's first bucket to its last, half a bucket of room on each side.
    const xRange: [number, number] = [first - step / 2, last + step / 2];
    const hooks: uPlot.Hooks.Arrays = {
      draw: [(plot) => drawSelection(plot, selectedRef.current, step)],
      setCursor: [
        (plot) => {
          if (plot.cursor.idx != null) onSelectRef.current(plot.cursor.idx);
        },
      ],
    };
    const width = () => Math.max(160, element.clientWidth);
    const plot = new uPlot(options(width(), xRange, hooks), data, element);
    plotRef.current = plot;
    // A tap on a phone: the nearest bucket (uPlot's cursor follows the mouse only).
    const onPointerDown = (event: PointerEvent) => {
      const index = plot.posToIdx(event.clientX - plot.over.getBoundingClientRect().left);
      if (index >= 0 && index < points.length) onSelectRef.current(index);
    };
    plot.over.addEventListener('pointerdown', onPointerDown);
    const observer = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.over.removeEventListener('pointerdown', onPointerDown);
      plot.destroy();
      plotRef.current = null;
    };
  }, [points, granularity]);

  useEffect(() => {
    selectedRef.current = selected;
    plotRef.current?.redraw(false);
  }, [selected]);

  return <div ref={container} className={styles.chart} aria-hidden="true" />;
}
