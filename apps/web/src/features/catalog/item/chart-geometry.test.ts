import { describe, expect, it } from 'vitest';
import { linePath, nearestIndex, plotPoints } from './chart-geometry';

const box = { width: 100, height: 60, padding: { top: 0, right: 0, bottom: 0, left: 0 } };

describe('price chart geometry', () => {
  it('spreads sales over time and scales prices from zero with head-room', () => {
    const { plotted, maxCents } = plotPoints(
      [
        { time: '2026-01-01T00:00:00Z', priceInCents: 100 },
        { time: '2026-01-03T00:00:00Z', priceInCents: 200 },
      ],
      box,
    );
    expect(maxCents).toBe(220);
    expect(plotted.map((p) => p.x)).toEqual([0, 100]);
    expect(plotted[1]?.y).toBeCloseTo(60 - (200 / 220) * 60);
    expect(linePath(plotted)).toMatch(/^M0\.0,\d+\.\d L100\.0,/);
    expect(nearestIndex(plotted, 70)).toBe(1);
  });

  it('puts a single sale in the middle and skips unreadable points', () => {
    const { plotted } = plotPoints(
      [
        { time: 'nope', priceInCents: 5 },
        { time: '2026-01-01T00:00:00Z', priceInCents: 100 },
      ],
      box,
    );
    expect(plotted).toHaveLength(1);
    expect(plotted[0]?.x).toBe(50);
  });
});
