// Lighthouse 12, mobile (its default: a phone's viewport, simulated slow 4G and a 4x slower CPU), on
// pages of the running server, with the system's Chromium: each page `runs` times, cold (Lighthouse
// clears the cache and storage before each run), and the median of each figure reported.
import { existsSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface LighthousePage {
  name: string;
  path: string;
}

export interface LighthouseFigure extends LighthousePage {
  runs: number;
  /** Category scores, 0 to 100. */
  performance: number;
  accessibility: number;
  /** Largest contentful paint and first contentful paint, ms; total blocking time, ms. */
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every run's performance score and CLS, to show the spread the median hides. */
  performanceRuns: number[];
  clsRuns: number[];
}

/** The system Chromium, or CHROME_PATH; nothing is downloaded. */
export function chromePath(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((p): p is string => typeof p === 'string' && existsSync(p)) ?? null;
}

export async function measureLighthouse(options: {
  baseUrl: string;
  pages: LighthousePage[];
  runs: number;
  onRun?: (page: LighthousePage, run: number, performance: number) => void;
}): Promise<LighthouseFigure[]> {
  const path = chromePath();
  if (!path) throw new Error('no Chromium found (set CHROME_PATH)');
  const chrome = await chromeLauncher.launch({
    chromePath: path,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  try {
    const figures: LighthouseFigure[] = [];
    for (const page of options.pages) {
      const runs: {
        performance: number;
        accessibility: number;
        lcp: number;
        fcp: number;
        tbt: number;
        cls: number;
      }[] = [];
      for (let run = 1; run <= options.runs; run++) {
        const lhr = await runLighthouse(`${options.baseUrl}${page.path}`, chrome.port);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const one = {
          performance: score('performance'),
          accessibility: score('accessibility'),
          lcp: audit('largest-contentful-paint'),
          fcp: audit('first-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        };
        runs.push(one);
        options.onRun?.(page, run, one.performance);
      }
      const mid = (pick: (r: (typeof runs)[number]) => number) => median(runs.map(pick));
      figures.push({
        ...page,
        runs: runs.length,
        performance: mid((r) => r.performance),
        accessibility: mid((r) => r.accessibility),
        lcpMs: Math.round(mid((r) => r.lcp)),
        fcpMs: Math.round(mid((r) => r.fcp)),
        tbtMs: Math.round(mid((r) => r.tbt)),
        cls: Math.round(mid((r) => r.cls) * 1000) / 1000,
        performanceRuns: runs.map((r) => r.performance),
        clsRuns: runs.map((r) => Math.round(r.cls * 1000) / 1000),
      });
    }
    return figures;
  } finally {
    chrome.kill();
  }
}

/** Tries a run again when Lighthouse says its own recording failed (NO_NAVSTART and the like). */
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number) {
  let failure = '';
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    const lhr = result?.lhr;
    if (lhr && !lhr.runtimeError) return lhr;
    failure = lhr?.runtimeError ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` : 'no result';
  }
  throw new Error(`Lighthouse on ${url} failed ${ATTEMPTS} times (${failure})`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
