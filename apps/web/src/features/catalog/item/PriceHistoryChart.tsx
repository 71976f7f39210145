import { useId, useRef, useState } from 'react';
import { once } from '../../../lib/once';
import { useElementWidth } from '../../../lib/useElementWidth';
import { type ChartBox, linePath, nearestIndex, type PricePoint, plotPoints } from './chart-geometry';
import styles from './PriceHistoryChart.module.css';
import { useCentsText } from './useCentsText';

const HEIGHT = 240;
const PADDING: ChartBox['padding'] = { top: 16, right: 16, bottom: 28, left: 80 };
const DATE = once(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
const DATE_TIME = once(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

/** Price history of a nifty's sales (inline SVG, no chart library), prices in the display currency. */
export function PriceHistoryChart({ points }: { points: readonly PricePoint[] }) {
  const text = useCentsText();
  const titleId = useId();
  const gradientId = useId();
  const [hover, setHover] = useState<number | null>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  // The SVG is drawn at its real width, so text and strokes keep their size.
  const width = Math.max(280, Math.round(useElementWidth(frameRef)) || 640);
  const BOX: ChartBox = { width, height: HEIGHT, padding: PADDING };
  const { plotted, maxCents } = plotPoints(points, BOX);
  if (plotted.length === 0) {
    return (
      <p className={styles.empty} data-testid="price-history-empty">
        No sales yet.
      </p>
    );
  }
  const bottom = BOX.height - BOX.padding.bottom;
  const firstPoint = plotted[0];
  const lastPoint = plotted[plotted.length - 1];
  // Sales all at one moment (one sale, or editions minted together) have no width: the line then runs
  // across the chart at the latest price, so the chart is not an invisible sliver.
  const left = BOX.padding.left;
  const right = BOX.width - BOX.padding.right;
  const flat = lastPoint !== undefined && plotted.every((point) => point.x === lastPoint.x);
  const line =
    flat && lastPoint
      ? `M${left.toFixed(1)},${lastPoint.y.toFixed(1)} L${right.toFixed(1)},${lastPoint.y.toFixed(1)}`
      : linePath(plotted);
  const area =
    firstPoint && lastPoint
      ? flat
        ? `${line} L${right.toFixed(1)},${bottom} L${left.toFixed(1)},${bottom} Z`
        : `${line} L${lastPoint.x.toFixed(1)},${bottom} L${firstPoint.x.toFixed(1)},${bottom} Z`
      : '';
  const ticks = [0, 0.5, 1].map((fraction) => ({
    y: BOX.padding.top + (1 - fraction) * (bottom - BOX.padding.top),
    cents: Math.round(maxCents * fraction),
  }));
  const active = hover === null ? null : plotted[hover];
  const average = Math.round(plotted.reduce((sum, point) => sum + point.cents, 0) / plotted.length);

  return (
    <figure className={styles.figure} data-testid="price-history-chart">
      <figcaption className={styles.caption}>
        <span>
          {plotted.length} {plotted.length === 1 ? 'sale' : 'sales'} · average {text(average)}
        </span>
        {active ? (
          <span className={styles.readout} aria-live="polite">
            {text(active.cents)} · {DATE_TIME().format(active.time)}
          </span>
        ) : null}
      </figcaption>
      <div ref={frameRef} className={styles.frame}>
        <svg
          className={styles.svg}
          viewBox={`0 0 ${BOX.width} ${BOX.height}`}
          role="img"
          aria-labelledby={titleId}
          onPointerMove={(event) => {
            const rect = event.currentTarget.getBoundingClientRect();
            const x = ((event.clientX - rect.left) / rect.width) * BOX.width;
            setHover(nearestIndex(plotted, x));
          }}
          onPointerLeave={() => setHover(null)}
        >
          <title id={titleId}>{`Price history: ${plotted.length} sales, average ${text(average)}`}</title>
          <defs>
            <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="#4f46e5" stopOpacity="0.22" />
              <stop offset="100%" stopColor="#4f46e5" stopOpacity="0" />
            </linearGradient>
          </defs>
          {ticks.map((tick) => (
            <g key={tick.cents}>
              <line
                x1={BOX.padding.left}
                x2={BOX.width - BOX.padding.right}
                y1={tick.y}
                y2={tick.y}
                className={styles.grid}
              />
              <text x={BOX.padding.left - 10} y={tick.y + 4} textAnchor="end" className={styles.axis}>
                {text(tick.cents)}
              </text>
            </g>
          ))}
          {firstPoint && lastPoint ? (
            <>
              <text
                x={firstPoint.x}
                y={BOX.height - 8}
                textAnchor={plotted.length === 1 ? 'middle' : 'start'}
                className={styles.axis}
              >
                {DATE().format(firstPoint.time)}
              </text>
              {plotted.length > 1 ? (
                <text x={lastPoint.x} y={BOX.height - 8} textAnchor="end" className={styles.axis}>
                  {DATE().format(lastPoint.time)}
                </text>
              ) : null}
            </>
          ) : null}
          <path d={area} fill={`url(#${gradientId})`} />
          <path d={line} className={styles.line} />
          {plotted.length <= 60
            ? plotted.map((point) => (
                <circle
                  key={`${point.time}-${point.x}`}
                  cx={point.x}
                  cy={point.y}
                  r={2.5}
                  className={styles.dot}
                />
              ))
            : null}
          {active ? (
            <>
              <line x1={active.x} x2={active.x} y1={BOX.padding.top} y2={bottom} className={styles.cursor} />
              <circle cx={active.x} cy={active.y} r={5} className={styles.activeDot} />
            </>
          ) : null}
        </svg>
      </div>
    </figure>
  );
}
