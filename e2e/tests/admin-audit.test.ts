import { expect, test, type Page } from '@playwright/test';
import { adminPaths, adminRoutePaths } from '../../mf-admin/src/paths';
import { axeViolations, horizontalOverflow, narrowCells, type AxeFinding, type NarrowCell, type Overflow } from './page-audit';
import { DEMO_OPERATOR, DESKTOP, operatorCode, screenshot, siteUrl, useJourneys, waitForPath, type Viewport } from './support';

/*
 * Issue 27, the operators' console audited as the member pages are (reachability.test.ts): the
 * demo operator signs in and every route of mf-admin's route table (`adminRoutePaths`, which
 * mf-admin/src/AdminRoutes.test.ts holds equal to `adminPages`) is opened once and examined at a
 * computer's 1280 px and a tablet's 768 px: axe finds no violation (every default rule, any
 * impact), nothing reaches past the window's edge, and it is photographed
 * (e2e/artifacts/admin-<page>-1280.png / -768.png). At 768 px no cell of a table is narrower than
 * a phrase it holds (`narrowCells`: a gift's name, an announcement's title split inside a word). A route with a parameter is opened through a
 * link of a page already visited, as an operator gets there.
 */

const journeys = useJourneys();

/** The narrow end of the console's 768–1024 tablets. */
const TABLET: Viewport = { width: 768, height: 1024 };

/**
 * Routes not opened, each with the reason: a route added to the table must be visited or named
 * here, or the crawl fails.
 */
const NOT_VISITED: Record<string, string> = {
  // Only an operator who has no authenticator yet is sent there (the demo operator has one, and an
  // operator is created only by `npm run operators`, against a database the running server holds).
  [adminPaths.enrolment]: 'an operator without an authenticator',
};

const patternOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`);

interface Findings {
  violations: { page: string; width: number; findings: AxeFinding[] }[];
  overflows: { page: string; width: number; scrollWidth: number; elements: Overflow[] }[];
  /** Table cells narrower than a phrase they hold (the phrase split inside), at 768 px. */
  narrowCells: { page: string; width: number; cells: NarrowCell[] }[];
  /** The text of every cell measured at 768 px, to show the check saw the long names. */
  measuredCells: string[];
}

/** The next frame, after a resize re-lays the page out. */
const settle = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/** Checks and photographs the page as it is, at 1280 px then at 768 px, without loading it again. */
async function examine(page: Page, route: string, findings: Findings): Promise<void> {
  const name = `admin-${route === adminPaths.dashboard ? 'dashboard' : route.slice('/admin/'.length).replace(/[/:]+/g, '-')}`;
  for (const viewport of [DESKTOP, TABLET]) {
    await page.setViewportSize(viewport);
    await settle(page);
    await page.waitForLoadState('networkidle');
    const violations = await axeViolations(page);
    if (violations.length) findings.violations.push({ page: route, width: viewport.width, findings: violations });
    const overflow = await horizontalOverflow(page);
    if (overflow.scrollWidth > overflow.innerWidth || overflow.elements.length) {
      findings.overflows.push({ page: route, width: viewport.width, scrollWidth: overflow.scrollWidth, elements: overflow.elements });
    }
    if (viewport === TABLET) {
      const cells = await narrowCells(page);
      if (cells.cells.length) findings.narrowCells.push({ page: route, width: viewport.width, cells: cells.cells });
      findings.measuredCells.push(...cells.measured);
    }
    await screenshot(page, `${name}-${viewport.width}`);
  }
  await page.setViewportSize(DESKTOP);
}

/** The console's same-site links on the page (path only). */
async function linksOf(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('main a[href]:not([download])')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const origin = new URL(siteUrl('/')).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && url.pathname.startsWith('/admin'))
    .map((url) => url.pathname);
}

/** Opens a console page and waits until its area shows it and has asked for what it shows. */
async function visit(page: Page, target: string): Promise<void> {
  await page.goto(siteUrl(target));
  await waitForPath(page, target);
  await page.locator('[id^="single-spa-application:"]:not([inert]) main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

test('every page of the operators’ console, at 1280 and 768 px, without an axe violation, a sideways overflow or (at 768 px) a column splitting a word', async () => {
  // About 15 pages, each checked twice and photographed twice.
  test.setTimeout(6 * 60_000);
  const findings: Findings = { violations: [], overflows: [], narrowCells: [], measuredCells: [] };
  const visited = new Set<string>();
  const { page } = await journeys.open(DESKTOP);

  // Signing in: the two sign-in steps are pages of the console too.
  await page.goto(siteUrl(adminPaths.dashboard));
  await waitForPath(page, adminPaths.login);
  await page.getByRole('heading', { name: '運営管理 ログイン' }).waitFor();
  await examine(page, adminPaths.login, findings);
  visited.add(adminPaths.login);
  await page.getByLabel('メールアドレス').fill(DEMO_OPERATOR.email);
  await page.getByLabel('パスワード').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: '次へ' }).click();
  await page.getByRole('heading', { name: '2段階認証' }).waitFor();
  await waitForPath(page, adminPaths.twoFactor);
  await examine(page, adminPaths.twoFactor, findings);
  visited.add(adminPaths.twoFactor);
  await page.getByLabel('確認コード（6桁）').fill(await operatorCode());
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();

  // Every page without a parameter, then those with one through the links seen on the way.
  const seenLinks: string[] = [];
  const withoutParameter = adminRoutePaths.filter((route) => !route.includes(':') && !visited.has(route) && !(route in NOT_VISITED));
  for (const route of withoutParameter) {
    await visit(page, route);
    await examine(page, route, findings);
    visited.add(route);
    for (const link of await linksOf(page)) if (!seenLinks.includes(link)) seenLinks.push(link);
  }
  const unreachable: string[] = [];
  for (const route of adminRoutePaths.filter((path) => path.includes(':') && !(path in NOT_VISITED))) {
    const link = seenLinks.find((candidate) => patternOf(route).test(candidate));
    if (!link) {
      unreachable.push(route);
      continue;
    }
    await visit(page, link);
    await examine(page, route, findings);
    visited.add(route);
  }

  expect(unreachable, 'console routes with a parameter that no page links to').toEqual([]);
  expect(
    adminRoutePaths.filter((route) => !visited.has(route) && !(route in NOT_VISITED)),
    'console routes not visited',
  ).toEqual([]);
  expect(
    Object.keys(NOT_VISITED).filter((route) => !adminRoutePaths.includes(route)),
    'routes excused that the table no longer has',
  ).toEqual([]);
  expect.soft(findings.violations, 'axe violations on console pages (at 1280 and 768 px)').toEqual([]);
  expect.soft(findings.overflows, 'console pages wider than the window (at 1280 and 768 px)').toEqual([]);
  // The demo's long names the tablet used to split (「オリジナ／ルタオル」, 「キャンペー／ン」) were measured.
  for (const name of ['オリジナルタオル', '冬のウォーキングキャンペーンを開催します']) {
    expect
      .soft(
        findings.measuredCells.some((cell) => cell.includes(name)),
        `a cell holding 「${name}」 measured at 768 px`,
      )
      .toBe(true);
  }
  expect.soft(findings.narrowCells, 'console table cells narrower than a phrase they hold (split inside a word) at 768 px').toEqual([]);
});
