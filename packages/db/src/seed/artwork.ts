// Deterministic SVG artwork for the demo store: pure functions from a seed number to an SVG
// string. Same seed, same picture. No network, no randomness outside the seeded PRNG.
//   nftArtwork     1000 x 1000  the artwork of a nifty
//   coverArtwork   1600 x 600   drop and storefront covers
//   avatarArtwork  400 x 400    user avatars (initials on a gradient)
//   logoArtwork    400 x 400    publisher marks (monogram on a geometric badge)
import { Rng } from './random';

export type Palette = readonly [string, string, string, string, string];

/** Curated five-colour palettes: background first, then accents. */
export const PALETTES: readonly Palette[] = [
  ['#0b1d3a', '#1f4e79', '#f4a259', '#f25c54', '#f7e1d7'],
  ['#f6f1e9', '#e76f51', '#f4a261', '#2a9d8f', '#264653'],
  ['#10002b', '#3c096c', '#7b2cbf', '#c77dff', '#e0aaff'],
  ['#fefae0', '#dda15e', '#bc6c25', '#606c38', '#283618'],
  ['#001219', '#005f73', '#0a9396', '#94d2bd', '#ee9b00'],
  ['#fff1e6', '#ff6b6b', '#ffd93d', '#6bcb77', '#4d96ff'],
  ['#1b1b1e', '#d8315b', '#fffaff', '#3e92cc', '#f5b700'],
  ['#f8f9fa', '#adb5bd', '#495057', '#212529', '#e63946'],
  ['#03071e', '#6a040f', '#d00000', '#f48c06', '#ffba08'],
  ['#e9f5db', '#cfe1b9', '#97a97c', '#718355', '#3a5a40'],
  ['#22223b', '#4a4e69', '#9a8c98', '#c9ada7', '#f2e9e4'],
  ['#0d1b2a', '#1b263b', '#415a77', '#778da9', '#e0e1dd'],
  ['#fdf0d5', '#c1121f', '#780000', '#003049', '#669bbc'],
  ['#2b2d42', '#8d99ae', '#edf2f4', '#ef233c', '#ffb703'],
  ['#ffcdb2', '#ffb4a2', '#e5989b', '#b5838d', '#6d6875'],
  ['#073b4c', '#118ab2', '#06d6a0', '#ffd166', '#ef476f'],
  ['#14213d', '#fca311', '#e5e5e5', '#ffffff', '#5c677d'],
  ['#355070', '#6d597a', '#b56576', '#e56b6f', '#eaac8b'],
  ['#f1faee', '#a8dadc', '#457b9d', '#1d3557', '#e63946'],
  ['#2d00f7', '#6a00f4', '#b100e8', '#e500a4', '#ffd6ff'],
];

/** Escapes text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Rounds to one decimal: keeps the SVG small and its text stable. */
function r1(v: number): number {
  return Math.round(v * 10) / 10;
}

/** Relative luminance (0 dark .. 1 light) of a #rrggbb colour. */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

function darkest(colors: readonly string[]): string {
  return colors.reduce((a, b) => (luminance(b) < luminance(a) ? b : a));
}

function lightest(colors: readonly string[]): string {
  return colors.reduce((a, b) => (luminance(b) > luminance(a) ? b : a));
}

function paletteFor(rng: Rng): Palette {
  return rng.pick(PALETTES);
}

function doc(width: number, height: number, body: string, title?: string): string {
  const t = title ? `<title>${escapeXml(title)}</title>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `${t}${body}</svg>`
  );
}

function linear(id: string, from: string, to: string, vertical = true): string {
  const dir = vertical ? 'x1="0" y1="0" x2="0" y2="1"' : 'x1="0" y1="0" x2="1" y2="1"';
  return `<linearGradient id="${id}" ${dir}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function radial(id: string, inner: string, outer: string): string {
  return `<radialGradient id="${id}" cx="0.35" cy="0.35" r="0.75"><stop offset="0" stop-color="${inner}"/><stop offset="1" stop-color="${outer}"/></radialGradient>`;
}

/** A ridge line across `width`: smooth hills as a closed path down to `bottom`. */
function ridge(rng: Rng, width: number, baseY: number, amplitude: number, bottom: number): string {
  const steps = 8;
  const pts: [number, number][] = [];
  for (let i = 0; i <= steps; i++) pts.push([(width * i) / steps, baseY + rng.range(-amplitude, amplitude)]);
  let d = `M0 ${bottom} L0 ${r1(pts[0]?.[1] ?? baseY)}`;
  for (let i = 1; i < pts.length; i++) {
    const [x0, y0] = pts[i - 1] ?? [0, baseY];
    const [x1, y1] = pts[i] ?? [width, baseY];
    const mx = (x0 + x1) / 2;
    d += ` C${r1(mx)} ${r1(y0)} ${r1(mx)} ${r1(y1)} ${r1(x1)} ${r1(y1)}`;
  }
  return `${d} L${width} ${bottom} Z`;
}

/** A sine band: the region under a wave at `baseY`. */
function wave(
  width: number,
  baseY: number,
  amplitude: number,
  periods: number,
  phase: number,
  bottom: number,
) {
  const steps = 40;
  let d = `M0 ${bottom}`;
  for (let i = 0; i <= steps; i++) {
    const x = (width * i) / steps;
    const y = baseY + amplitude * Math.sin((i / steps) * periods * Math.PI * 2 + phase);
    d += ` L${r1(x)} ${r1(y)}`;
  }
  return `${d} L${width} ${bottom} Z`;
}

/** A closed organic blob around (cx, cy): radius modulated by two sines, no noise. */
function blob(rng: Rng, cx: number, cy: number, radius: number): string {
  const k1 = rng.int(2, 4);
  const k2 = rng.int(3, 6);
  const a1 = rng.range(0.06, 0.16);
  const a2 = rng.range(0.03, 0.08);
  const p1 = rng.range(0, Math.PI * 2);
  const p2 = rng.range(0, Math.PI * 2);
  const steps = 72;
  let d = '';
  for (let i = 0; i < steps; i++) {
    const t = (i / steps) * Math.PI * 2;
    const r = radius * (1 + a1 * Math.sin(k1 * t + p1) + a2 * Math.sin(k2 * t + p2));
    d += `${i === 0 ? 'M' : 'L'}${r1(cx + r * Math.cos(t))} ${r1(cy + r * Math.sin(t))} `;
  }
  return `${d}Z`;
}

// ---- NFT styles (1000 x 1000) ----

type Style = (rng: Rng, p: Palette, id: string) => string;

const sunset: Style = (rng, p, id) => {
  const sunY = rng.range(380, 520);
  const sunR = rng.range(150, 230);
  let stripes = '';
  for (let i = 0; i < 6; i++) {
    const y = sunY + sunR * (0.1 + i * 0.16);
    stripes += `<rect x="0" y="${r1(y)}" width="1000" height="${r1(6 + i * 5)}" fill="url(#${id}s)"/>`;
  }
  return (
    `<defs>${linear(`${id}s`, p[0], p[1])}${linear(`${id}u`, p[4], p[3])}</defs>` +
    `<rect width="1000" height="1000" fill="url(#${id}s)"/>` +
    `<circle cx="500" cy="${r1(sunY)}" r="${r1(sunR)}" fill="url(#${id}u)"/>${stripes}` +
    `<path d="${ridge(rng, 1000, 640, 70, 1000)}" fill="${p[2]}" opacity="0.85"/>` +
    `<path d="${ridge(rng, 1000, 740, 60, 1000)}" fill="${p[3]}" opacity="0.9"/>` +
    `<path d="${ridge(rng, 1000, 850, 40, 1000)}" fill="${p[0]}"/>`
  );
};

const rings: Style = (rng, p) => {
  const cx = rng.range(350, 650);
  const cy = rng.range(350, 650);
  const count = rng.int(9, 15);
  const colors = [p[1], p[2], p[3], p[4]];
  let body = `<rect width="1000" height="1000" fill="${p[0]}"/>`;
  for (let i = 0; i < count; i++) {
    const r = 720 * (1 - i / count);
    body += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${colors[i % colors.length]}"/>`;
  }
  const ox = rng.range(150, 850);
  const oy = rng.range(150, 850);
  for (let i = 0; i < 5; i++) {
    body += `<circle cx="${r1(ox)}" cy="${r1(oy)}" r="${r1(140 - i * 26)}" fill="none" stroke="${p[0]}" stroke-width="6" opacity="0.6"/>`;
  }
  return body;
};

const waves: Style = (rng, p, id) => {
  const bands = rng.int(6, 10);
  const colors = [p[1], p[2], p[3], p[4]];
  let body = `<defs>${linear(`${id}b`, p[0], p[1])}</defs><rect width="1000" height="1000" fill="url(#${id}b)"/>`;
  const periods = rng.range(1, 2.5);
  for (let i = 0; i < bands; i++) {
    const baseY = 180 + (i * 820) / bands;
    body += `<path d="${wave(1000, baseY, rng.range(25, 70), periods, rng.range(0, 6.28), 1000)}" fill="${colors[i % colors.length]}" opacity="${r1(0.75 + (i / bands) * 0.25)}"/>`;
  }
  return body;
};

const bauhaus: Style = (rng, p) => {
  const n = rng.int(3, 5);
  const size = 1000 / n;
  const colors = [p[0], p[1], p[2], p[3], p[4]];
  let body = '';
  for (let gx = 0; gx < n; gx++) {
    for (let gy = 0; gy < n; gy++) {
      const x = gx * size;
      const y = gy * size;
      const bg = rng.pick(colors);
      let fg = rng.pick(colors);
      if (fg === bg) fg = colors[(colors.indexOf(bg) + 2) % colors.length] ?? p[4];
      body += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(size)}" height="${r1(size)}" fill="${bg}"/>`;
      const shape = rng.int(0, 4);
      if (shape === 0) {
        body += `<circle cx="${r1(x + size / 2)}" cy="${r1(y + size / 2)}" r="${r1(size * 0.38)}" fill="${fg}"/>`;
      } else if (shape === 1) {
        const k = rng.int(0, 3) * 90;
        body += `<path d="M${r1(x)} ${r1(y)} L${r1(x + size)} ${r1(y)} A${r1(size)} ${r1(size)} 0 0 1 ${r1(x)} ${r1(y + size)} Z" fill="${fg}" transform="rotate(${k} ${r1(x + size / 2)} ${r1(y + size / 2)})"/>`;
      } else if (shape === 2) {
        const half = size / 2;
        body += `<path d="M${r1(x)} ${r1(y + half)} A${r1(half)} ${r1(half)} 0 0 1 ${r1(x + size)} ${r1(y + half)} Z" fill="${fg}"/>`;
      } else if (shape === 3) {
        const c = size / 2;
        body += `<path d="M${r1(x + c)} ${r1(y + size * 0.12)} L${r1(x + size * 0.88)} ${r1(y + c)} L${r1(x + c)} ${r1(y + size * 0.88)} L${r1(x + size * 0.12)} ${r1(y + c)} Z" fill="${fg}"/>`;
      } else {
        for (let s = 0; s < 4; s++) {
          body += `<rect x="${r1(x)}" y="${r1(y + (s * size) / 4)}" width="${r1(size)}" height="${r1(size / 8)}" fill="${fg}"/>`;
        }
      }
    }
  }
  return body;
};

const stripesInCircle: Style = (rng, p, id) => {
  const angle = rng.int(0, 179);
  const width = rng.int(22, 48);
  const colors = [p[1], p[2], p[3], p[4]];
  let stripes = '';
  for (let x = -1400, i = 0; x < 1400; x += width, i++) {
    stripes += `<rect x="${x}" y="-1400" width="${r1(width * 0.55)}" height="2800" fill="${colors[i % colors.length]}"/>`;
  }
  const r = rng.range(300, 400);
  const cx = rng.range(440, 560);
  const cy = rng.range(440, 560);
  return (
    `<defs>${linear(`${id}b`, p[0], p[1], false)}<clipPath id="${id}c"><circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}"/></clipPath></defs>` +
    `<rect width="1000" height="1000" fill="url(#${id}b)"/>` +
    `<circle cx="${r1(cx + 30)}" cy="${r1(cy + 30)}" r="${r1(r)}" fill="${p[0]}" opacity="0.45"/>` +
    `<g clip-path="url(#${id}c)"><rect width="1000" height="1000" fill="${p[0]}"/>` +
    `<g transform="translate(500 500) rotate(${angle})">${stripes}</g></g>` +
    `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="none" stroke="${p[4]}" stroke-width="8"/>`
  );
};

const blobs: Style = (rng, p, id) => {
  const count = rng.int(3, 5);
  let defs = linear(`${id}b`, p[0], p[1]);
  let shapes = '';
  for (let i = 0; i < count; i++) {
    const inner = p[(i % 3) + 2] ?? p[2];
    const outer = p[((i + 1) % 3) + 2] ?? p[3];
    defs += radial(`${id}g${i}`, inner, outer);
    shapes += `<path d="${blob(rng, rng.range(250, 750), rng.range(250, 750), rng.range(160, 300))}" fill="url(#${id}g${i})" opacity="${r1(rng.range(0.7, 0.95))}"/>`;
  }
  return `<defs>${defs}</defs><rect width="1000" height="1000" fill="url(#${id}b)"/>${shapes}`;
};

const moonlit: Style = (rng, p, id) => {
  let stars = '';
  const n = rng.int(60, 120);
  for (let i = 0; i < n; i++) {
    stars += `<circle cx="${r1(rng.range(0, 1000))}" cy="${r1(rng.range(0, 640))}" r="${r1(rng.range(1, 3.4))}" fill="${p[4]}" opacity="${r1(rng.range(0.3, 1))}"/>`;
  }
  const mx = rng.range(260, 740);
  const my = rng.range(200, 330);
  const mr = rng.range(90, 140);
  const dx = rng.range(-0.6, 0.6) * mr;
  return (
    `<defs>${linear(`${id}s`, p[0], p[1])}<mask id="${id}m"><rect width="1000" height="1000" fill="#fff"/>` +
    `<circle cx="${r1(mx + dx)}" cy="${r1(my - mr * 0.35)}" r="${r1(mr * 0.92)}" fill="#000"/></mask></defs>` +
    `<rect width="1000" height="1000" fill="url(#${id}s)"/>${stars}` +
    `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr * 1.6)}" fill="${p[4]}" opacity="0.08"/>` +
    `<circle cx="${r1(mx)}" cy="${r1(my)}" r="${r1(mr)}" fill="${p[4]}" mask="url(#${id}m)"/>` +
    `<path d="${ridge(rng, 1000, 700, 80, 1000)}" fill="${p[2]}" opacity="0.8"/>` +
    `<path d="${ridge(rng, 1000, 820, 50, 1000)}" fill="${p[3]}" opacity="0.9"/>` +
    `<path d="${ridge(rng, 1000, 920, 30, 1000)}" fill="${p[0]}"/>`
  );
};

const orbits: Style = (rng, p, id) => {
  const cx = 500;
  const cy = 500;
  let body = `<defs>${radial(`${id}p`, p[4], p[2])}</defs><rect width="1000" height="1000" fill="${p[0]}"/>`;
  const count = rng.int(4, 7);
  const tilt = rng.int(-35, 35);
  for (let i = 0; i < count; i++) {
    const rx = 200 + i * (260 / count) + i * 30;
    const ry = rx * rng.range(0.3, 0.55);
    body += `<ellipse cx="${cx}" cy="${cy}" rx="${r1(rx)}" ry="${r1(ry)}" fill="none" stroke="${p[1]}" stroke-width="3" transform="rotate(${tilt} ${cx} ${cy})"/>`;
    const t = rng.range(0, Math.PI * 2);
    const x = cx + rx * Math.cos(t);
    const y = cy + ry * Math.sin(t);
    body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rng.range(10, 30))}" fill="${rng.pick([p[2], p[3], p[4]])}" transform="rotate(${tilt} ${cx} ${cy})"/>`;
  }
  body += `<circle cx="${cx}" cy="${cy}" r="${r1(rng.range(110, 160))}" fill="url(#${id}p)"/>`;
  return body;
};

const truchet: Style = (rng, p) => {
  const n = rng.int(6, 10);
  const s = 1000 / n;
  const stroke = r1(s * rng.range(0.18, 0.3));
  let body = `<rect width="1000" height="1000" fill="${p[0]}"/>`;
  for (let gx = 0; gx < n; gx++) {
    for (let gy = 0; gy < n; gy++) {
      const x = gx * s;
      const y = gy * s;
      const h = s / 2;
      const color = (gx + gy) % 2 === 0 ? p[2] : p[3];
      const d = rng.chance(0.5)
        ? `M${r1(x + h)} ${r1(y)} A${r1(h)} ${r1(h)} 0 0 1 ${r1(x + s)} ${r1(y + h)} M${r1(x)} ${r1(y + h)} A${r1(h)} ${r1(h)} 0 0 0 ${r1(x + h)} ${r1(y + s)}`
        : `M${r1(x + h)} ${r1(y)} A${r1(h)} ${r1(h)} 0 0 0 ${r1(x)} ${r1(y + h)} M${r1(x + s)} ${r1(y + h)} A${r1(h)} ${r1(h)} 0 0 0 ${r1(x + h)} ${r1(y + s)}`;
      body += `<path d="${d}" fill="none" stroke="${color}" stroke-width="${stroke}" stroke-linecap="round"/>`;
    }
  }
  return body;
};

const sunburst: Style = (rng, p, id) => {
  const rays = rng.int(12, 28);
  const cx = rng.range(400, 600);
  const cy = rng.range(400, 700);
  let body = `<rect width="1000" height="1000" fill="${p[0]}"/>`;
  for (let i = 0; i < rays; i += 2) {
    const a0 = (i / rays) * Math.PI * 2;
    const a1 = ((i + 1) / rays) * Math.PI * 2;
    body += `<path d="M${r1(cx)} ${r1(cy)} L${r1(cx + 1500 * Math.cos(a0))} ${r1(cy + 1500 * Math.sin(a0))} L${r1(cx + 1500 * Math.cos(a1))} ${r1(cy + 1500 * Math.sin(a1))} Z" fill="${p[1]}"/>`;
  }
  body += `<defs>${radial(`${id}c`, p[4], p[3])}</defs>`;
  body += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rng.range(150, 220))}" fill="${p[2]}"/>`;
  body += `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rng.range(80, 130))}" fill="url(#${id}c)"/>`;
  return body;
};

const flowLines: Style = (rng, p, id) => {
  const lines = rng.int(36, 64);
  const f1 = rng.range(1, 3);
  const f2 = rng.range(2, 5);
  const amp = rng.range(30, 90);
  let body = `<defs>${linear(`${id}l`, p[2], p[4], false)}</defs><rect width="1000" height="1000" fill="${p[0]}"/>`;
  for (let i = 0; i < lines; i++) {
    const base = 60 + (i * 880) / lines;
    let d = '';
    for (let s = 0; s <= 30; s++) {
      const x = (s / 30) * 1000;
      const y =
        base +
        amp * Math.sin((s / 30) * Math.PI * f1 + i * 0.12) +
        (amp / 2) * Math.cos((s / 30) * Math.PI * f2 + i * 0.05);
      d += `${s === 0 ? 'M' : 'L'}${r1(x)} ${r1(y)} `;
    }
    body += `<path d="${d}" fill="none" stroke="url(#${id}l)" stroke-width="${r1(rng.range(2, 6))}" opacity="${r1(rng.range(0.5, 1))}"/>`;
  }
  return body;
};

const confetti: Style = (rng, p) => {
  let body = `<rect width="1000" height="1000" fill="${p[0]}"/>`;
  const colors = [p[1], p[2], p[3], p[4]];
  const n = rng.int(40, 80);
  for (let i = 0; i < n; i++) {
    const x = rng.range(40, 960);
    const y = rng.range(40, 960);
    const c = rng.pick(colors);
    const rot = rng.int(0, 359);
    const kind = rng.int(0, 3);
    if (kind === 0) body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(rng.range(8, 36))}" fill="${c}"/>`;
    else if (kind === 1) {
      const s = rng.range(18, 50);
      body += `<rect x="${r1(x - s / 2)}" y="${r1(y - s / 6)}" width="${r1(s)}" height="${r1(s / 3)}" rx="4" fill="${c}" transform="rotate(${rot} ${r1(x)} ${r1(y)})"/>`;
    } else if (kind === 2) {
      const s = rng.range(20, 46);
      body += `<path d="M${r1(x)} ${r1(y - s)} L${r1(x + s)} ${r1(y + s * 0.7)} L${r1(x - s)} ${r1(y + s * 0.7)} Z" fill="${c}" transform="rotate(${rot} ${r1(x)} ${r1(y)})"/>`;
    } else {
      const s = rng.range(12, 22);
      body += `<path d="M${r1(x - 2 * s)} ${r1(y)} q${r1(s / 2)} ${r1(-s)} ${r1(s)} 0 t${r1(s)} 0 t${r1(s)} 0 t${r1(s)} 0" fill="none" stroke="${c}" stroke-width="7" stroke-linecap="round" transform="rotate(${rot} ${r1(x)} ${r1(y)})"/>`;
    }
  }
  return body;
};

const arches: Style = (rng, p) => {
  let body = `<rect width="1000" height="1000" fill="${p[0]}"/>`;
  const groups = rng.int(1, 3);
  const colors = [p[1], p[2], p[3], p[4]];
  for (let g = 0; g < groups; g++) {
    const cx = groups === 1 ? 500 : 200 + (g * 600) / (groups - 1);
    const base = rng.range(700, 900);
    const bands = rng.int(4, 7);
    const outer = groups === 1 ? 420 : 260;
    const w = outer / (bands + 1);
    for (let i = 0; i < bands; i++) {
      const r = outer - i * w;
      body += `<path d="M${r1(cx - r)} ${r1(base)} A${r1(r)} ${r1(r)} 0 0 1 ${r1(cx + r)} ${r1(base)}" fill="none" stroke="${colors[(i + g) % colors.length]}" stroke-width="${r1(w * 0.8)}"/>`;
    }
  }
  body += `<rect y="${r1(rng.range(880, 920))}" width="1000" height="200" fill="${p[1]}" opacity="0.4"/>`;
  return body;
};

const checker: Style = (rng, p, id) => {
  const n = rng.int(8, 14);
  const s = 1000 / n;
  let cells = '';
  for (let gx = 0; gx < n; gx++) {
    for (let gy = 0; gy < n; gy++) {
      if ((gx + gy) % 2 === 0) continue;
      const inset = (s * (0.5 + 0.5 * Math.sin((gx * gy) / 3))) / 4;
      cells += `<rect x="${r1(gx * s + inset)}" y="${r1(gy * s + inset)}" width="${r1(s - 2 * inset)}" height="${r1(s - 2 * inset)}" rx="${r1(inset)}"/>`;
    }
  }
  const r = rng.range(260, 380);
  return (
    `<defs>${linear(`${id}a`, p[1], p[3], false)}${linear(`${id}b`, p[4], p[2], false)}</defs>` +
    `<rect width="1000" height="1000" fill="${p[0]}"/><g fill="url(#${id}a)">${cells}</g>` +
    `<circle cx="${r1(rng.range(380, 620))}" cy="${r1(rng.range(380, 620))}" r="${r1(r)}" fill="url(#${id}b)" opacity="0.9"/>`
  );
};

const STYLES: readonly Style[] = [
  sunset,
  rings,
  waves,
  bauhaus,
  stripesInCircle,
  blobs,
  moonlit,
  orbits,
  truchet,
  sunburst,
  flowLines,
  confetti,
  arches,
  checker,
];

/** Number of distinct NFT styles. */
export const NFT_STYLE_COUNT = STYLES.length;

/** A 1000 x 1000 artwork. `seed` picks the style, palette and composition. */
export function nftArtwork(seed: number, title?: string): string {
  const rng = new Rng(seed * 2654435761);
  const style = STYLES[Math.abs(seed) % STYLES.length] ?? sunset;
  const palette = paletteFor(rng);
  return doc(1000, 1000, style(rng, palette, `a${Math.abs(seed)}`), title);
}

// ---- Covers (1600 x 600) ----

/** A 1600 x 600 cover: a landscape, waves, bokeh circles or arches. */
export function coverArtwork(seed: number, title?: string): string {
  const rng = new Rng(seed * 40503 + 7);
  const p = paletteFor(rng);
  const id = `c${Math.abs(seed)}`;
  const kind = Math.abs(seed) % 4;
  let body = `<defs>${linear(`${id}b`, p[0], p[1], false)}</defs><rect width="1600" height="600" fill="url(#${id}b)"/>`;
  if (kind === 0) {
    body += `<circle cx="${r1(rng.range(300, 1300))}" cy="${r1(rng.range(180, 280))}" r="${r1(rng.range(90, 140))}" fill="${p[4]}"/>`;
    body += `<path d="${ridge(rng, 1600, 360, 70, 600)}" fill="${p[2]}" opacity="0.85"/>`;
    body += `<path d="${ridge(rng, 1600, 440, 50, 600)}" fill="${p[3]}" opacity="0.9"/>`;
    body += `<path d="${ridge(rng, 1600, 520, 30, 600)}" fill="${p[0]}"/>`;
  } else if (kind === 1) {
    const colors = [p[2], p[3], p[4], p[1]];
    for (let i = 0; i < 6; i++) {
      body += `<path d="${wave(1600, 150 + i * 75, rng.range(20, 45), rng.range(1.5, 3), rng.range(0, 6.28), 600)}" fill="${colors[i % 4]}" opacity="0.8"/>`;
    }
  } else if (kind === 2) {
    const n = rng.int(18, 30);
    for (let i = 0; i < n; i++) {
      body += `<circle cx="${r1(rng.range(0, 1600))}" cy="${r1(rng.range(0, 600))}" r="${r1(rng.range(20, 160))}" fill="${rng.pick([p[2], p[3], p[4]])}" opacity="${r1(rng.range(0.2, 0.7))}"/>`;
    }
  } else {
    const groups = rng.int(3, 5);
    const colors = [p[2], p[3], p[4], p[1]];
    for (let g = 0; g < groups; g++) {
      const cx = ((g + 0.5) * 1600) / groups;
      for (let i = 0; i < 5; i++) {
        const r = 210 - i * 38;
        body += `<path d="M${r1(cx - r)} 600 A${r} ${r} 0 0 1 ${r1(cx + r)} 600" fill="none" stroke="${colors[(i + g) % 4]}" stroke-width="30"/>`;
      }
    }
  }
  if (title) {
    body +=
      `<text x="80" y="530" font-family="Georgia, 'Times New Roman', serif" font-size="64" font-weight="700" ` +
      `fill="#ffffff" fill-opacity="0.92">${escapeXml(title)}</text>`;
  }
  return doc(1600, 600, body, title);
}

// ---- Avatars and logos (400 x 400) ----

/** Initials of a display name: 'Mira Solis' gives 'MS', 'atlas' gives 'A'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters
    .map((w) => (w ? (Array.from(w)[0] ?? '') : ''))
    .join('')
    .toUpperCase();
}

/** A 400 x 400 avatar: initials on a diagonal gradient with a soft ring. */
export function avatarArtwork(seed: number, name: string): string {
  const rng = new Rng(seed * 97 + 13);
  const p = paletteFor(rng);
  const id = `v${Math.abs(seed)}`;
  const from = rng.pick([p[1], p[2], p[3]]);
  const picked = rng.pick([p[3], p[4], p[0]]);
  const to = picked === from ? p[0] : picked;
  const ink = (luminance(from) + luminance(to)) / 2 > 0.45 ? '#1b1b1e' : '#ffffff';
  const body =
    `<defs>${linear(`${id}g`, from, to, false)}</defs>` +
    `<rect width="400" height="400" fill="url(#${id}g)"/>` +
    `<circle cx="${r1(rng.range(60, 340))}" cy="${r1(rng.range(60, 340))}" r="${r1(rng.range(120, 200))}" fill="#ffffff" opacity="0.12"/>` +
    `<text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', sans-serif" ` +
    `font-size="150" font-weight="600" fill="${ink}">${escapeXml(initialsOf(name))}</text>`;
  return doc(400, 400, body, name);
}

/** A 400 x 400 publisher mark: a geometric badge with the monogram. */
export function logoArtwork(seed: number, name: string): string {
  const rng = new Rng(seed * 7919 + 3);
  const p = paletteFor(rng);
  const kind = Math.abs(seed) % 3;
  let mark = '';
  if (kind === 0) {
    for (let i = 0; i < 4; i++) {
      mark += `<circle cx="200" cy="200" r="${170 - i * 30}" fill="none" stroke="${[p[1], p[2], p[3], p[4]][i]}" stroke-width="14"/>`;
    }
  } else if (kind === 1) {
    for (let i = 0; i < 6; i++) {
      mark += `<rect x="40" y="${70 + i * 46}" width="320" height="24" rx="12" fill="${[p[1], p[2], p[3]][i % 3]}"/>`;
    }
  } else {
    mark =
      `<rect x="60" y="60" width="280" height="280" rx="40" fill="${p[2]}" transform="rotate(45 200 200)"/>` +
      `<rect x="110" y="110" width="180" height="180" rx="24" fill="${p[3]}" transform="rotate(45 200 200)"/>`;
  }
  const body =
    `<rect width="400" height="400" fill="${p[0]}"/>${mark}` +
    `<circle cx="200" cy="200" r="104" fill="${darkest(p)}" stroke="${lightest(p)}" stroke-width="6"/>` +
    `<text x="200" y="200" dy="0.35em" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" ` +
    `font-size="96" font-weight="700" fill="${lightest(p)}">${escapeXml(initialsOf(name))}</text>`;
  return doc(400, 400, body, name);
}
