/** A point of a price history (USD cents at a time). */
export interface PricePoint {
  time: string;
  priceInCents: number;
}

export interface ChartBox {
  width: number;
  height: number;
  padding: { top: number; right: number; bottom: number; left: number };
}

export interface PlottedPoint {
  x: number;
  y: number;
  time: number;
  cents: number;
}

/** Maps points to SVG coordinates: time on x (a single point sits in the middle), price on y from 0 up. */
export function plotPoints(
  points: readonly PricePoint[],
  box: ChartBox,
): { plotted: PlottedPoint[]; maxCents: number } {
  const parsed = points
    .map((point) => ({ time: Date.parse(point.time), cents: point.priceInCents }))
    .filter((point) => Number.isFinite(point.time) && Number.isFinite(point.cents));
  const innerWidth = box.width - box.padding.left - box.padding.right;
  const innerHeight = box.height - box.padding.top - box.padding.bottom;
  const first = parsed[0]?.time ?? 0;
  const last = parsed[parsed.length - 1]?.time ?? 0;
  const span = last - first;
  const top = Math.max(1, ...parsed.map((point) => point.cents));
  // Head-room of 10 % above the highest sale.
  const maxCents = Math.ceil((top * 11) / 10);
  const plotted = parsed.map((point) => ({
    ...point,
    x: box.padding.left + (span === 0 ? innerWidth / 2 : ((point.time - first) / span) * innerWidth),
    y: box.padding.top + innerHeight - (point.cents / maxCents) * innerHeight,
  }));
  return { plotted, maxCents };
}

/** The SVG path through the points. */
export function linePath(points: readonly PlottedPoint[]): string {
  return points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x.toFixed(1)},${point.y.toFixed(1)}`)
    .join(' ');
}

/** The index of the point nearest to x. */
export function nearestIndex(points: readonly PlottedPoint[], x: number): number {
  let best = 0;
  for (let index = 1; index < points.length; index += 1) {
    const point = points[index];
    const current = points[best];
    if (point && current && Math.abs(point.x - x) < Math.abs(current.x - x)) best = index;
  }
  return best;
}
