import { expect, test, type Page } from '@playwright/test';
import { useJourneys, DEMO_MEMBER, PHONE, screenshot, siteUrl, waitForPath } from './support';

/**
 * Issue "mf-shared complete": the shared rules of the spec as a member meets them in Chromium —
 * each seeded account condition lands on its screen (§4, §8), one page view per navigation across
 * areas (§4 Analytics), the 404 page (§8), and the date picker's range (§5).
 */

const journeys = useJourneys();

async function open(path: string): Promise<Page> {
  const { page } = await journeys.open(PHONE);
  await page.goto(siteUrl(path));
  return page;
}

async function signIn(page: Page, email: string, password = DEMO_MEMBER.password): Promise<void> {
  await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン' }).click();
}

/** The page_view events gtag put in window.dataLayer (no measurement id is configured in e2e). */
async function pageViews(
  page: Page,
): Promise<Array<{ page_path: string; page_location: string; user_id: string | null; browser_id: string; is_webview: boolean }>> {
  return page.evaluate(() =>
    (window as unknown as { dataLayer: IArguments[] }).dataLayer
      .map((entry) => Array.from(entry))
      .filter((args) => args[0] === 'event' && args[1] === 'page_view')
      .map((args) => args[2] as never),
  );
}

async function waitForPageViews(page: Page, count: number): Promise<void> {
  await page.waitForFunction(
    (expected) =>
      (window as unknown as { dataLayer?: IArguments[] }).dataLayer?.filter((entry) => entry[0] === 'event' && entry[1] === 'page_view')
        .length === expected,
    count,
  );
}

test.describe('spec §4 and §8: each account condition lands on its screen', () => {
  test('system_account_locked shows the locked screen with the sign-up banner and footer', async () => {
    const page = await open('/login');
    await signIn(page, 'locked@sukoyaka.example');
    await page.getByRole('heading', { name: 'アカウントが ロックされました' }).waitFor();
    await expect(page.locator('body')).toContainText('認証に複数回失敗したため');
    await page.getByText('さっそくすこやかを使ってみましょう！').waitFor();
    await page.getByRole('link', { name: 'プライバシーポリシー' }).waitFor();
    await screenshot(page, 'shared-rules-locked');
  });

  test('user_is_suspended logs out and goes to the login page, which says why', async () => {
    const page = await open('/login');
    await signIn(page, 'suspended@sukoyaka.example');
    await waitForPath(page, '/login', '?reason=suspended');
    await expect(page.locator('body')).toContainText('このアカウントはご利用が停止されています。');
  });

  test('user_membership_expired goes to the suspension notice', async () => {
    const page = await open('/login');
    await signIn(page, 'expired@sukoyaka.example');
    await waitForPath(page, '/suspension_notice');
    await page.getByRole('heading', { name: 'ご利用停止のお知らせ' }).waitFor();
  });

  for (const email of ['unverified@sukoyaka.example', 'maintenance@sukoyaka.example']) {
    test(`${email} goes to the under-maintenance page`, async () => {
      const page = await open('/login');
      await signIn(page, email);
      await waitForPath(page, '/under_maintenance');
      await page.getByRole('heading', { name: 'ただいまメンテナンス中です' }).waitFor();
    });
  }
});

test.describe('spec §4 Analytics: one page view per navigation, across areas', () => {
  test('counts the first page once and then each route change once, whichever area it lands in', async () => {
    const page = await open('/login');
    await waitForPageViews(page, 1);
    await signIn(page, DEMO_MEMBER.email);
    await waitForPath(page, '/');
    // mf-account (/login) → mf-account (/)
    await waitForPageViews(page, 2);
    // The link in mf-health's parcel on home (a parcel mounting sends no page view of its own).
    await page.getByRole('link', { name: 'バイタルを記録する' }).click();
    await waitForPath(page, '/vitals');
    // → mf-health
    await waitForPageViews(page, 3);
    await page.getByRole('link', { name: 'すこやか ホーム' }).click();
    await waitForPath(page, '/');
    await waitForPageViews(page, 4);
    // Nothing more arrives late: one more, later navigation is the sentinel. Its page view comes
    // after anything the four before it could still send, so the list up to it is exact.
    await page.getByRole('link', { name: 'バイタルを記録する' }).click();
    await waitForPath(page, '/vitals');
    await expect
      .poll(async () => (await pageViews(page)).map((view) => view.page_path))
      .toEqual(['/login', '/', '/vitals', '/', '/vitals']);
    const views = await pageViews(page);
    expect(views.map((view) => view.page_path)).toEqual(['/login', '/', '/vitals', '/', '/vitals']);
    expect(views[0]!.user_id).toBeNull();
    expect(new Set(views.slice(1).map((view) => view.user_id)).size).toBe(1);
    expect(views[1]!.user_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(views.map((view) => view.browser_id)).size).toBe(1);
    expect(views.every((view) => view.is_webview === false)).toBe(true);
    // Issue 24 #5: the path alone, never a query (tokens, OAuth code/state) or a fragment.
    const origin = new URL(page.url()).origin;
    expect(views.map((view) => view.page_location)).toEqual(views.map((view) => origin + view.page_path));
    expect(views.filter((view) => /[?#]/.test(view.page_path + view.page_location))).toEqual([]);
  });
});

test.describe('spec §8: the 404 page', () => {
  test('a path no area owns shows the 404 page with a way home', async () => {
    const { page } = await journeys.open(PHONE);
    const response = await page.goto(siteUrl('/no/such/page'));
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: '404' }).waitFor();
    await expect(page.locator('body')).toContainText('おや？存在しないページのようです。');
    await page.getByRole('link', { name: 'ホームに戻る' }).click();
    await waitForPath(page, '/');
  });
});

test.describe('spec §5 and §9: the date picker', () => {
  test('cannot pick 1899-12-31, can pick 1900-01-01, and reads in Japanese', async () => {
    // The blood-pressure form has its own page since issue 10 (/vitals shows the six vitals).
    const page = await open('/login?return_to=%2Fvitals%2Fblood_pressure');
    await signIn(page, DEMO_MEMBER.email);
    await waitForPath(page, '/vitals/blood_pressure');
    await page.getByRole('button', { name: /測定日/ }).click();
    const dialog = page.getByRole('dialog', { name: '日付を選択' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: '前月を表示' }).waitFor();
    await dialog.getByRole('button', { name: '次月を表示' }).waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).waitFor();
    // Go to January 1900 with the year and month selects.
    await dialog.getByRole('combobox', { name: '年を選択' }).selectOption('1900');
    await dialog.getByRole('combobox', { name: '月を選択' }).selectOption('0');
    // December 1899 cannot be reached, and 1899-12-31 is not a day that can be pressed.
    expect(await dialog.getByRole('button', { name: '前月を表示' }).getAttribute('aria-disabled')).toBe('true');
    expect(await dialog.getByRole('button', { name: /1899年12月31日/ }).count()).toBe(0);
    await screenshot(page, 'shared-rules-date-picker-1900');
    await dialog.getByRole('button', { name: /1900年1月1日/ }).click();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page.getByRole('button', { name: /測定日/ })).toContainText('1900年1月1日');
  });
});

test.describe('spec §1 and DESIGN.md: an area that fails to load', () => {
  test('shows the full-screen error page for that area, and the rest of the site keeps working', async () => {
    const { page } = await journeys.open(PHONE);
    // The health area's bundle does not arrive (a dropped connection, a bad deploy): a local build's
    // path or a deployed artefact's versioned path (/assets/@sukoyaka/health/<version>/).
    await page.route(/\/assets\/(mf-health|@sukoyaka\/health)\//, (route) => route.abort('connectionfailed'));
    await page.goto(siteUrl('/vitals'));
    await expect(page.locator('body')).toContainText('通信エラーが発生しました。通信環境をご確認の上再度お試しください。');
    await page.getByRole('button', { name: '再読み込み' }).waitFor();
    // Nothing of the first screen the server rendered stays behind it (issue 9).
    const healthContainer = page.locator('[id="single-spa-application:@sukoyaka/health"]');
    expect(await healthContainer.innerHTML()).toBe('');
    expect(await healthContainer.getAttribute('inert')).toBeNull();
    await screenshot(page, 'shared-rules-area-failed');
    // Another area still works, without a reload.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/login');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    expect(await page.getByText('通信エラーが発生しました。').count()).toBe(0);
  });
});
