import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatMoney } from '@/shared/money';
import { chartTimeRange } from './chart-axis';
import { chartColours } from './chart-colours.css';
import * as styles from './clicks-figure.css';

const HEIGHT = 240;
const font = (narrow: boolean) => `${narrow ? 11 : 12}px system-ui, sans-serif`;

/** One bar: billed clicks, invalid (unbilled) ones and the spend of a bucket (an hour or a day). */
export interface ChartPoint {
  /** The bucket's start, seconds since the epoch (labelled in the chart's time zone). */
  start: number;
  clicks: number;
  invalid: number;
  spend: number;
}

interface ChartProps {
  points: readonly ChartPoint[];
  /** The bucket's length in seconds. */
  step: number;
  /** The zone the time axis is labelled in (IANA name). */
  timeZone: string;
  /** The bar whose values the card reads out; highlighted here. */
  selected: number;
  onSelect(index: number): void;
}

/** Diagonal lines on a light fill, `ratio` canvas pixels to a CSS pixel (uPlot draws in the former). */
function hatchPattern(ctx: CanvasRenderingContext2D, ratio: number): CanvasPattern | string {
  const size = Math.round(6 * ratio);
  const tile = document.createElement('canvas');
  tile.width = size;
  tile.height = size;
  const draw = tile.getContext('2d');
  if (!draw) return chartColours.invalidFill;
  draw.fillStyle = chartColours.invalidFill;
  draw.fillRect(0, 0, size, size);
  draw.strokeStyle = chartColours.invalidHatch;
  draw.lineWidth = 1.5 * ratio;
  draw.beginPath();
  // The tile's diagonal and the two corners' pieces of its neighbours' diagonals: tiles join up.
  for (const shift of [-size, 0, size]) {
    draw.moveTo(shift, size);
    draw.lineTo(shift + size, 0);
  }
  draw.stroke();
  return ctx.createPattern(tile, 'repeat') ?? chartColours.invalidFill;
}

/** The invalid clicks' fill, made again when the pixel ratio changes (a zoom, another screen). */
function hatchFill(): uPlot.Series.Fill {
  let made: { ratio: number; pattern: CanvasPattern | string } | undefined;
  return (plot) => {
    if (made?.ratio !== uPlot.pxRatio) {
      made = { ratio: uPlot.pxRatio, pattern: hatchPattern(plot.ctx, uPlot.pxRatio) };
    }
    return made.pattern;
  };
}

function options(
  width: number,
  xRange: [number, number],
  timeZone: string,
  hooks: uPlot.Hooks.Arrays,
): uPlot.Options {
  const narrow = width < 480;
  const axis = { stroke: chartColours.axis, ticks: { show: false }, font: font(narrow) };
  const bars = uPlot.paths.bars!({ size: [0.7, 28], align: 0 });
  return {
    width,
    height: HEIGHT,
    // Days come as dates placed at UTC midnight and are labelled in UTC, so each as itself; hours
    // are instants, labelled in the advertiser's zone (issue 35).
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
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
        grid: { stroke: chartColours.grid, width: 1 },
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
      // Stacked: valid plus invalid clicks, hatched, drawn first; the valid clicks over its foot.
      {
        label: 'Invalid clicks',
        scale: 'clicks',
        stroke: chartColours.invalidHatch,
        fill: hatchFill(),
        width: 1,
        paths: bars,
        points: { show: false },
      },
      {
        label: 'Valid clicks',
        scale: 'clicks',
        stroke: chartColours.halo,
        fill: chartColours.validBar,
        width: 1,
        paths: bars,
        points: { show: false },
      },
      {
        label: 'Spend halo',
        scale: 'spend',
        stroke: chartColours.halo,
        width: 5,
        points: { show: false },
      },
      {
        label: 'Spend',
        scale: 'spend',
        stroke: chartColours.spend,
        width: 2,
        points: {
          show: true,
          size: 7,
          width: 1.5,
          fill: chartColours.spend,
          stroke: chartColours.halo,
        },
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
  ctx.globalAlpha = chartColours.selectionAlpha;
  ctx.fillStyle = chartColours.selection;
  ctx.fillRect(left, bbox.top, right - left, bbox.height);
  ctx.restore();
}

/**
 * The uPlot chart of clicks (bars, left axis: valid ones solid, invalid ones hatched on top) and
 * spend (line, right axis) per hour or day; loaded lazily by the screens that show it (uPlot is
 * ~50 kB). Hovering or tapping a bar selects it.
 */
export default function ClicksChart({ points, step, timeZone, selected, onSelect }: ChartProps) {
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
    const spend = points.map((point) => point.spend);
    const data: uPlot.AlignedData = [
      points.map((point) => point.start + step / 2),
      // No hatched bar (null) where no click was invalid: its outline would ring the valid one.
      points.map((point) => (point.invalid === 0 ? null : point.clicks + point.invalid)),
      points.map((point) => point.clicks),
      spend,
      spend,
    ];
    const first = data[0][0] ?? Date.now() / 1000;
    const last = data[0][data[0].length - 1] ?? first;
    // From the first bucket's start to the last one's end (chart-axis.ts).
    const xRange = chartTimeRange(first, last, step);
    const hooks: uPlot.Hooks.Arrays = {
      draw: [(plot) => drawSelection(plot, selectedRef.current, step)],
      setCursor: [
        (plot) => {
          if (plot.cursor.idx != null) onSelectRef.current(plot.cursor.idx);
        },
      ],
    };
    const width = () => Math.max(160, element.clientWidth);
    const plot = new uPlot(options(width(), xRange, timeZone, hooks), data, element);
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
  }, [points, step, timeZone]);

  useEffect(() => {
    selectedRef.current = selected;
    plotRef.current?.redraw(false);
  }, [selected]);

  return <div ref={container} className={styles.chart} aria-hidden="true" />;
}
