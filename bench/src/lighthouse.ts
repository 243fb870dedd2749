import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM, fmt, loadPlaywright, startBenchSite } from './site';
import { startTlsFront } from './tls-front';

/*
 * Lighthouse (mobile, default simulated throttling) on every area's main pages (site.ts
 * benchPages: the members' signed in, the operators' dashboard signed in as the demo operator),
 * against the built site on loopback, in Debian's Chromium. Offline: nothing leaves this machine.
 * The two tuned pages, /login and /vitals, are measured twice: over plain HTTP/1.1 (the site as
 * `npm start` serves it) and through an HTTPS + HTTP/2 front, as a deployment serves it
 * (tls-front.ts); every other page through the front. The goals are checked on every page.
 */

/** Runs of each of the two tuned pages (/login, /vitals) on each transport; their median is shown. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const DETAILED = ['/login', '/vitals'];
/** Runs of each other page (issue 28: every area's main pages), over HTTPS + HTTP/2 only. */
const EVERY_PAGE_RUNS = Number(process.env.LIGHTHOUSE_EVERY_PAGE_RUNS ?? 1);
/** LIGHTHOUSE_PAGES=/points,/admin measures only those pages (by path or by label, site.ts benchPages). */
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
/**
 * LIGHTHOUSE_CPU_SLOWDOWN=8: the simulated phone slowed 8x instead of Lighthouse's 4x, as the
 * default would measure on a host half as fast as this one (see the benchmarkIndex line). The
 * goals are Lighthouse's defaults; this only shows how much room they have.
 */
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;

export const LIGHTHOUSE_GOALS = { score: 95, lcpMs: 2000, cls: 0.05, tbtMs: 100 };

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The TLS front's certificate is self-signed.
  '--ignore-certificate-errors',
];

interface Lhr {
  categories: { performance: { score: number | null } };
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { items?: { node?: { nodeLabel?: string; selector?: string } }[] }[] } }
  >;
  runtimeError?: { message: string };
  environment?: { benchmarkIndex?: number };
}

export async function lighthouseBench(): Promise<string[]> {
  // Both are ES modules only: loaded as such from this CommonJS bundle.
  const { default: lighthouse } = (await import('lighthouse')) as unknown as {
    default: (url: string, flags: Record<string, unknown>) => Promise<{ lhr: Lhr } | undefined>;
  };
  const chromeLauncher = (await import('chrome-launcher')) as unknown as {
    launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
  };
  const failures: string[] = [];
  const summary: string[] = [];
  if (CPU_SLOWDOWN !== undefined) console.log(`CPU slowed ${CPU_SLOWDOWN}x, not Lighthouse's default 4x (LIGHTHOUSE_CPU_SLOWDOWN)`);
  const site = await startBenchSite();
  const front = await startTlsFront(site.base);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  // The same Chromium over CDP, to set its cookie jar before each run: Lighthouse resets the
  // cache and storage but keeps cookies, and a Cookie header of its own would lose to the jar's.
  const { chromium } = await loadPlaywright();
  const jar = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  try {
    const context = jar.contexts()[0]!;
    const cookiesOf = (header: string | undefined, base: string) =>
      (header ? header.split('; ') : []).map((pair) => {
        const [name, ...value] = pair.split('=');
        // Cookies belong to the host, whatever the port and scheme: the same session on both.
        return { name: name!, value: value.join('='), url: base };
      });

    /** Lighthouse `runs` times on `pathname` over `base` with `cookie`; prints the median and checks it. */
    const measure = async (label: string, pathname: string, base: string, cookie: string | undefined, runs: number) => {
      const cookies = cookiesOf(cookie, base);
      // Lighthouse's own advice for a figure to act on: the median of several runs.
      const results: Lhr[] = [];
      for (let run = 0; run < runs; run += 1) {
        // Every run a first visit of its kind: a new visitor, or the member on a new device.
        await context.clearCookies();
        if (cookies.length > 0) await context.addCookies(cookies);
        const result = await lighthouse(`${base}${pathname}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...(CPU_SLOWDOWN === undefined ? {} : { throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN } }),
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          failures.push(`Lighthouse on ${label} failed: ${lhr?.runtimeError?.message ?? 'no result'}`);
          return;
        }
        results.push(lhr);
      }
      const lhr = [...results].sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0))[
        Math.floor(runs / 2)
      ]!;
      // LIGHTHOUSE_REPORT_DIR=… keeps each full report (open it in the Lighthouse viewer).
      if (process.env.LIGHTHOUSE_REPORT_DIR) {
        mkdirSync(process.env.LIGHTHOUSE_REPORT_DIR, { recursive: true });
        writeFileSync(
          path.join(
            process.env.LIGHTHOUSE_REPORT_DIR,
            `${pathname.slice(1).replace(/[^\w-]+/g, '_') || 'home'}-${base.startsWith('https') ? 'h2' : 'h1'}.json`,
          ),
          JSON.stringify(lhr),
        );
      }
      const score = Math.round((lhr.categories.performance.score ?? 0) * 100);
      const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? Infinity;
      const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? Infinity;
      const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? Infinity;
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? Infinity;
      const goals = LIGHTHOUSE_GOALS;
      console.log(
        `${label.padEnd(44)} score ${score} (goal ≥ ${goals.score})  LCP ${fmt(lcp / 1000)} s (≤ ${goals.lcpMs / 1000} s; FCP ${fmt(fcp / 1000)} s)  CLS ${fmt(cls, 3)} (≤ ${goals.cls})  TBT ${fmt(tbt, 0)} ms (≤ ${goals.tbtMs} ms)`,
      );
      // What the page painted as its largest element: the figure is of this page, not an error page.
      const lcpNode = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
      console.log(
        `${''.padEnd(44)} LCP element: ${lcpNode ? `${lcpNode.selector ?? '?'} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"` : 'none'}`,
      );
      // How fast this host ran Lighthouse's own CPU benchmark in each run (higher is faster). The
      // simulated phone is this host slowed four times, so TBT and LCP move with it: figures from
      // hosts of different indices, or from runs whose index swings, are not comparable.
      const indices = results.map((one) => one.environment?.benchmarkIndex).filter((index): index is number => index !== undefined);
      if (indices.length > 0) {
        console.log(
          `${''.padEnd(44)} host benchmarkIndex ${fmt(Math.min(...indices), 0)}–${fmt(Math.max(...indices), 0)} over ${indices.length} runs`,
        );
      }
      summary.push(
        `| ${label} | ${runs} | ${score} | ${fmt(lcp / 1000)} s | ${fmt(fcp / 1000)} s | ${fmt(cls, 3)} | ${fmt(tbt, 0)} ms | ${indices.length > 0 ? `${fmt(Math.min(...indices), 0)}–${fmt(Math.max(...indices), 0)}` : '–'} |`,
      );
      if (score < goals.score) failures.push(`Lighthouse ${label}: score ${score} < ${goals.score}`);
      if (lcp > goals.lcpMs) failures.push(`Lighthouse ${label}: LCP ${fmt(lcp / 1000)} s > ${goals.lcpMs / 1000} s`);
      if (cls > goals.cls) failures.push(`Lighthouse ${label}: CLS ${fmt(cls, 3)} > ${goals.cls}`);
      if (tbt > goals.tbtMs) failures.push(`Lighthouse ${label}: TBT ${fmt(tbt, 0)} ms > ${goals.tbtMs} ms`);
    };

    const pages = (await site.pages()).filter((page) => !ONLY || ONLY.includes(page.path) || ONLY.includes(page.label));
    const transports = [
      { name: 'HTTP/1.1', base: site.base },
      { name: 'HTTPS, HTTP/2', base: front.base },
    ];
    // The two tuned pages in detail: both transports, RUNS runs each.
    const detailed = pages.filter((page) => DETAILED.includes(page.path));
    for (const transport of transports) {
      for (const page of detailed) {
        await measure(`${page.label} (${page.as}), ${transport.name}`, page.path, transport.base, page.cookie, RUNS);
      }
    }
    // Issue 28: every other page, as a deployment serves it (HTTPS, HTTP/2).
    for (const page of pages.filter((one) => !DETAILED.includes(one.path))) {
      await measure(`${page.label} (${page.as}), HTTPS, HTTP/2`, page.path, front.base, page.cookie, EVERY_PAGE_RUNS);
    }
    console.log(
      `\n| page | runs | score | LCP | FCP | CLS | TBT | benchmarkIndex |\n|---|---|---|---|---|---|---|---|\n${summary.join('\n')}\n`,
    );
  } finally {
    await jar.close().catch(() => undefined);
    chrome.kill();
    await front.close();
    await site.close();
  }
  return failures;
}
