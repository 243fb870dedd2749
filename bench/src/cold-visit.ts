import type { Browser } from 'playwright-core';
import { memberPages } from '../../mf-shared/src/routing/site-map';
import { CHROMIUM, fmt, kib, loadPlaywright, startBenchSite, type BenchPage, type BenchSite } from './site';

/*
 * Every page of benchPages (site.ts: every area's main pages, issue 28), signed in as its visitor;
 * COLD_VISIT_PAGES=/login,/vitals visits only those (by path or label); a path not among them is
 * visited as the demo member (an operator under /admin). COLD_VISIT_PAGES=member-pages: every
 * member page of the site map without a parameter, besides the bench's own (issue 27: the budget
 * holds on every page).
 */
const ONLY = process.env.COLD_VISIT_PAGES?.split(',').flatMap((page) =>
  page.trim() === 'member-pages' ? memberPages.filter((path) => !path.includes(':')) : [page.trim()],
);

/** The bench's pages, or those COLD_VISIT_PAGES names. */
async function pagesToVisit(site: BenchSite): Promise<BenchPage[]> {
  const benchPages = await site.pages();
  if (!ONLY) return benchPages;
  // The bench pages' own sign-ins (a second operator sign-in would reuse its one-time code).
  const cookieOf = (as: BenchPage['as']) => benchPages.find((page) => page.as === as)?.cookie;
  const cookies = { member: cookieOf('member'), operator: cookieOf('operator') };
  return ONLY.map((wanted) => {
    const known = benchPages.find((page) => page.path === wanted || page.label === wanted);
    if (known) return known;
    if (!wanted.startsWith('/')) throw new Error(`COLD_VISIT_PAGES: no bench page ${wanted}`);
    const as = wanted.startsWith('/admin') ? 'operator' : 'member';
    return { label: wanted, path: wanted, as, ...(cookies[as] ? { cookie: cookies[as] } : {}) };
  });
}

/*
 * A cold visit in Chromium (empty cache): every file the page loads, the loader included, in the
 * bytes that crossed the wire (the response bodies as encoded, from CDP's Network events). The
 * browser asks for brotli as it does over HTTPS in production (plain-HTTP Chromium offers gzip).
 */

export const COLD_VISIT_BUDGETS_KIB = {
  /**
   * Issues 9 and 26: JS sent on a cold visit, shared libraries included (axios too); /vitals had
   * 150 before axios (15.2 KiB). Issue 27: the same budget holds on every page the bench visits.
   */
  scripts: 160,
};

interface Visit {
  scripts: number;
  total: number;
  files: { url: string; type: string; bytes: number; decoded: number; encoding: string }[];
}

/**
 * The window: Playwright's default 1280×720 unless COLD_VISIT_VIEWPORT=390x844 (a phone, as most
 * members open the site in the apps' web views).
 */
const VIEWPORT = (() => {
  const match = /^(\d+)x(\d+)$/.exec(process.env.COLD_VISIT_VIEWPORT ?? '');
  return match ? { width: Number(match[1]), height: Number(match[2]) } : undefined;
})();

async function coldVisit(browser: Browser, site: BenchSite, pathname: string, encodings: string, cookie?: string): Promise<Visit> {
  const context = await browser.newContext(VIEWPORT ? { viewport: VIEWPORT } : {});
  try {
    if (cookie) {
      await context.addCookies(
        cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name: name!, value: value.join('='), url: site.base };
        }),
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'accept-encoding': encodings } });
    const requests = new Map<string, { url: string; type: string; headerBytes: number; encoding: string }>();
    const files: Visit['files'] = [];
    cdp.on('Network.responseReceived', (event) => {
      requests.set(event.requestId, {
        url: event.response.url,
        type: event.type,
        headerBytes: event.response.encodedDataLength,
        encoding: String(event.response.headers['content-encoding'] ?? event.response.headers['Content-Encoding'] ?? 'identity'),
      });
    });
    const decoded = new Map<string, number>();
    cdp.on('Network.dataReceived', (event) => decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength));
    cdp.on('Network.loadingFinished', (event) => {
      const request = requests.get(event.requestId);
      if (request && !request.url.startsWith('data:'))
        files.push({
          url: request.url,
          type: request.type,
          bytes: event.encodedDataLength - request.headerBytes,
          decoded: decoded.get(event.requestId) ?? 0,
          encoding: request.encoding,
        });
    });
    // What went wrong in the page, said when the area never shows.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${site.base}${pathname}`, { waitUntil: 'networkidle' });
    // The area is on screen: its container has content.
    await page.waitForSelector('[id^="single-spa-application:"] > *', { timeout: 20_000 }).catch((error: unknown) => {
      throw new Error(`${pathname}: the area did not show (${String(error)}); page errors: ${errors.join(' | ') || 'none'}`);
    });
    await page.waitForLoadState('networkidle');
    const scripts = files.filter((file) => file.type === 'Script').reduce((sum, file) => sum + file.bytes, 0);
    const total = files.reduce((sum, file) => sum + file.bytes, 0);
    return { scripts, total, files };
  } finally {
    await context.close();
  }
}

export async function coldVisitBench(): Promise<string[]> {
  const failures: string[] = [];
  const site = await startBenchSite();
  const { chromium } = await loadPlaywright();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const budget = COLD_VISIT_BUDGETS_KIB.scripts;
    const pages = await pagesToVisit(site);
    for (const { label: pageLabel, path: pathname, as, cookie } of pages) {
      const label = `cold ${pageLabel}${as === 'visitor' ? ' (visitor)' : ''}`;
      // For comparison with figures taken where only gzip was offered (HTTP/1.1 without TLS).
      const gzip = await coldVisit(browser, site, pathname, 'gzip', cookie);
      const visit = await coldVisit(browser, site, pathname, 'br, gzip', cookie);
      const raw = visit.files.filter((file) => file.type === 'Script').reduce((sum, file) => sum + file.decoded, 0);
      const scriptFiles = visit.files.filter((file) => file.type === 'Script');
      const encodings = [...new Set(scriptFiles.map((file) => file.encoding))].join(', ');
      console.log(
        `${label.padEnd(32)} scripts ${fmt(kib(visit.scripts)).padStart(6)} KiB in ${scriptFiles.length} files (${encodings}; gzip ${fmt(kib(gzip.scripts))} KiB, uncompressed ${fmt(kib(raw))} KiB), everything ${fmt(kib(visit.total))} KiB in ${visit.files.length} requests (budget: scripts ${budget} KiB)`,
      );
      if (process.env.BENCH_VERBOSE) {
        for (const file of visit.files)
          console.log(
            `    ${fmt(kib(file.bytes)).padStart(6)} KiB ${file.type.padEnd(10)} ${file.encoding.padEnd(8)} ${file.url.replace(site.base, '')}`,
          );
      }
      if (kib(visit.scripts) > budget) failures.push(`${label}: scripts ${fmt(kib(visit.scripts))} KiB > ${budget} KiB`);
    }
  } finally {
    await browser.close();
    await site.close();
  }
  return failures;
}
