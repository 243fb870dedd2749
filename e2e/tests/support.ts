import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import { chromium, expect, test, type Browser, type BrowserContext, type Cookie, type Locator, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH } from './chromium';
import { operatorStepFile } from './server';

export const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'artifacts');

export interface Viewport {
  width: number;
  height: number;
}

export const PHONE: Viewport = { width: 390, height: 844 };
export const DESKTOP: Viewport = { width: 1280, height: 800 };

export const DEMO_MEMBER = { email: 'demo@sukoyaka.example', password: 'sukoyaka-demo-2026', nickname: 'すこやか 花子' } as const;

/** This worker's site, one of those global-setup.ts started (one per worker, each on its own database). */
export function baseUrl(): string {
  const urls = (process.env.E2E_BASE_URLS ?? '').split(' ').filter(Boolean);
  if (urls.length === 0)
    throw new Error('E2E_BASE_URLS is not set: run the journeys with `npm run e2e` (its globalSetup starts the sites).');
  // Playwright numbers the workers running at once 0…workers-1; a worker started again after a
  // failure takes the number of the one it replaces, and so the same site.
  return urls[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % urls.length]!;
}

export function siteUrl(pathAndQuery: string): string {
  return new URL(pathAndQuery, baseUrl()).toString();
}

/**
 * The site under the host name of PUBLIC_URL (http://localhost:<port>): an outside service (the
 * fake My Number Portal, Google) sends the member back to PUBLIC_URL's callback, and the session
 * cookie belongs to one host name, so those journeys run on localhost rather than 127.0.0.1.
 */
export function publicSiteUrl(pathAndQuery: string): string {
  const url = new URL(siteUrl(pathAndQuery));
  url.hostname = 'localhost';
  return url.toString();
}

/** A Chromium of a test's own, beside the runner's (the same executable and flags). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH);
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page: a journey fails on any of them (see expectNoPageErrors). */
  pageErrors: Error[];
  /** console.error lines, for the failure report only (a 401 or 404 response logs one too). */
  consoleErrors: string[];
}

/** A new browser profile as a member in Japan has it: ja-JP, Asia/Tokyo (and a user agent of its own, as an app's web view has). */
export async function newSession(
  browser: Browser,
  viewport: Viewport = PHONE,
  { userAgent }: { userAgent?: string } = {},
): Promise<Session> {
  const context = await browser.newContext({ locale: 'ja-JP', timezoneId: 'Asia/Tokyo', viewport, ...(userAgent ? { userAgent } : {}) });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const session: Session = { context, page, pageErrors: [], consoleErrors: [] };
  page.on('pageerror', (error) => session.pageErrors.push(error));
  page.on('crash', () => session.pageErrors.push(new Error('the page crashed')));
  page.on('console', (message) => {
    if (message.type() === 'error') session.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  return session;
}

/** Fails with every uncaught page error (and the console errors around them) if there was any. */
export function expectNoPageErrors(session: Session): void {
  if (session.pageErrors.length === 0) return;
  const errors = session.pageErrors.map((error) => `  - ${error.stack ?? error.message}`).join('\n');
  const consoleErrors = session.consoleErrors.map((line) => `  - ${line}`).join('\n');
  throw new Error(`Uncaught errors in the page:\n${errors}${consoleErrors ? `\nconsole.error:\n${consoleErrors}` : ''}`);
}

/** Saves a full-page PNG as e2e/artifacts/<name>.png (kept as a CI artefact). */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * The text Chromium draws inside a form control (its user-agent shadow tree, which the page's own
 * scripts cannot read): for <input type=time>, 「08:39」 in Japanese, 「08:39 AM」 in English.
 */
export async function renderedControlText(control: Locator): Promise<string> {
  const page = control.page();
  const marker = `e2e-${Date.now().toString(36)}`;
  await control.evaluate((element, value) => element.setAttribute('data-e2e-rendered', value), marker);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: `[data-e2e-rendered="${marker}"]` });
    const { node } = await cdp.send('DOM.describeNode', { nodeId, depth: -1, pierce: true });
    interface DomNode {
      nodeType: number;
      nodeValue: string;
      children?: DomNode[];
      shadowRoots?: DomNode[];
    }
    const texts: string[] = [];
    const walk = (current: DomNode) => {
      if (current.nodeType === 3) texts.push(current.nodeValue);
      for (const child of [...(current.shadowRoots ?? []), ...(current.children ?? [])]) walk(child);
    };
    walk(node as DomNode);
    return texts.join('');
  } finally {
    await control.evaluate((element) => element.removeAttribute('data-e2e-rendered')).catch(() => undefined);
    await cdp.detach().catch(() => undefined);
  }
}

/** Waits until the page is at `pathname` (and, when given, exactly that search string). */
export async function waitForPath(page: Page, pathname: string, search?: string): Promise<void> {
  // As long as a navigation may take (newSession's navigation timeout).
  await expect(page, `the page at ${pathname}${search ?? ''}`).toHaveURL(
    (url) => url.pathname === pathname && (search === undefined || url.search === search),
    { timeout: 30_000 },
  );
}

export interface Journeys {
  /**
   * A new browser profile for the running test (a member's phone or computer). Every profile a
   * test opens is closed after it, and the test fails on any uncaught error in its pages.
   */
  open(viewport?: Viewport, options?: { userAgent?: string }): Promise<Session>;
}

/**
 * The runner's Chromium (playwright.config.ts), fresh profiles per test: call once at the top of a
 * journey file.
 */
export function useJourneys(): Journeys {
  let browser: Browser | undefined;
  let opened: Session[] = [];
  test.beforeAll(({ browser: runners }) => {
    browser = runners;
  });
  test.afterEach(async () => {
    const finished = opened;
    opened = [];
    for (const session of finished) await session.context.close().catch(() => undefined);
    for (const session of finished) expectNoPageErrors(session);
  });
  return {
    async open(viewport = PHONE, options = {}) {
      if (!browser) throw new Error('useJourneys() must be called at the top of the test file');
      const session = await newSession(browser, viewport, options);
      opened.push(session);
      return session;
    },
  };
}

/** Fills and sends the member sign-in form already on screen (the demo member unless told). */
export async function fillSignIn(page: Page, member: { email: string; password: string } = DEMO_MEMBER): Promise<void> {
  await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  await page.getByLabel('メールアドレス').fill(member.email);
  await page.getByLabel('パスワード').fill(member.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/**
 * Signs in on /login?return_to=<returnTo> and waits until the site has sent the member there.
 * `url` builds the address: siteUrl, or publicSiteUrl for journeys through an outside service.
 */
export async function signIn(
  page: Page,
  returnTo: string,
  { member = DEMO_MEMBER, url = siteUrl }: { member?: { email: string; password: string }; url?: (path: string) => string } = {},
): Promise<void> {
  await page.goto(url(`/login?return_to=${encodeURIComponent(returnTo)}`));
  await fillSignIn(page, member);
  await waitForPath(page, returnTo);
}

/**
 * The demo program's balance and whether its enquete menu has paid already (the menu pays once in
 * total, so journeys answering enquetes compare balances only while it is still open).
 */
export async function enquetePoints(page: Page): Promise<{ pointId: string; balance: number; enqueteMenuOpen: boolean }> {
  await page.goto(siteUrl('/points'));
  await page.getByRole('link', { name: 'すこやかポイントを開く' }).click();
  await page.waitForURL(/\/points\/[0-9a-f-]{36}$/);
  const pointId = new URL(page.url()).pathname.split('/')[2]!;
  const amount = page.getByRole('region', { name: 'すこやかポイント' }).getByText(/^[\d,]+pt$/);
  await amount.waitFor();
  const balance = Number((await amount.innerText()).replace(/[^\d]/g, ''));
  await page.goto(siteUrl(`/points/${pointId}/earning`));
  const item = page.getByRole('list', { name: '獲得できるメニュー' }).getByRole('listitem').filter({ hasText: '健康アンケートに回答する' });
  await item.waitFor();
  return { pointId, balance, enqueteMenuOpen: !(await item.innerText()).includes('合計 1/1回') };
}

/** bff/src/operators/demo-seed.ts, documented in the README. */
export const DEMO_OPERATOR = {
  email: 'operator@sukoyaka.example',
  password: 'sukoyaka-admin-2026',
  totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
} as const;

const TOTP_PERIOD_MS = 30_000;
const currentStep = () => Math.floor(Date.now() / TOTP_PERIOD_MS);

function lastOperatorStep(): number {
  try {
    return Number(readFileSync(operatorStepFile(baseUrl()), 'utf8')) || 0;
  } catch {
    return 0;
  }
}

/**
 * The demo operator's next TOTP code, as an authenticator app shows it. The bff accepts each time
 * step once, and the next step too (±1): journeys run one after another on a worker's server, so a
 * second sign-in within 30 s takes the next step's code, and a third waits, as a person would,
 * until the clock reaches a step the bff accepts.
 */
export async function operatorCode(): Promise<string> {
  const step = Math.max(currentStep(), lastOperatorStep() + 1);
  writeFileSync(operatorStepFile(baseUrl()), String(step));
  await expect.poll(() => currentStep() >= step - 1, { timeout: 2 * TOTP_PERIOD_MS, intervals: [1_000] }).toBe(true);
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(DEMO_OPERATOR.totpSecret) }).generate({
    timestamp: step * TOTP_PERIOD_MS,
  });
}

/** The demo operator's session cookie from the last sign-in in this worker. */
let operatorSessionCookie: Cookie | undefined;

/**
 * Signs the demo operator in at /admin (password, then the code) and waits for the dashboard. A
 * session from an earlier journey is carried over, as an operator's browser keeps it: each step's
 * code is accepted once, so signing in afresh for every journey would make later ones wait 30 s
 * per sign-in already made within the current step. A session that has ended (signed out, idle,
 * the development clock moved) is replaced by a full sign-in.
 */
export async function signInOperator(page: Page): Promise<void> {
  const dashboard = page.getByRole('heading', { name: 'ダッシュボード' });
  const signInHeading = page.getByRole('heading', { name: '運営管理 ログイン' });
  if (operatorSessionCookie) {
    await page.context().addCookies([operatorSessionCookie]);
    await page.goto(siteUrl('/admin'));
    await dashboard.or(signInHeading).waitFor();
    if (await dashboard.isVisible()) return;
  } else {
    await page.goto(siteUrl('/admin'));
  }
  await signInHeading.waitFor();
  await page.getByLabel('メールアドレス').fill(DEMO_OPERATOR.email);
  await page.getByLabel('パスワード').fill(DEMO_OPERATOR.password);
  await page.getByRole('button', { name: '次へ' }).click();
  await page.getByRole('heading', { name: '2段階認証' }).waitFor();
  await page.getByLabel('確認コード（6桁）').fill(await operatorCode());
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
  await dashboard.waitFor();
  operatorSessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'sukoyaka_operator');
}
