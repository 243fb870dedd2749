import { expect, test, type Page } from '@playwright/test';
import { useJourneys, DEMO_MEMBER, DESKTOP, PHONE, screenshot, siteUrl, waitForPath, type Viewport, signIn, fillSignIn } from './support';

/**
 * Issue "walking skeleton": a visitor is sent to the login page, signs in with the demo member,
 * records a blood pressure on /vitals, sees it kept, is stopped by the validation, and signs out.
 * The demo member is seeded with 7 readings, one a day for the last week (bff/src/db/seed.ts).
 */

const SEEDED_READINGS = 7;
// bff/src/db/seed.ts: reading i (i + 1 days ago) is (118 + 7i mod 13) / (76 + 5i mod 9), newest first.
const SEEDED_VALUES = Array.from({ length: SEEDED_READINGS }, (_, i) => `${118 + ((i * 7) % 13)} / ${76 + ((i * 5) % 9)}`);
// formatMeasuredAt in mf-health: 'yyyy年M月d日(E) HH:mm' with the ja locale.
const JAPANESE_DATE_TIME = /^\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\) \d{2}:\d{2}$/;

const journeys = useJourneys();

async function open(viewport: Viewport): Promise<Page> {
  return (await journeys.open(viewport)).page;
}

function readingsList(page: Page) {
  return page.getByRole('list', { name: '血圧の記録' });
}

async function readingTexts(page: Page): Promise<string[]> {
  return readingsList(page).getByRole('listitem').allInnerTexts();
}

test.describe('walking skeleton: a member records a blood pressure (phone, 390x844)', () => {
  test('a visitor signs in from /vitals, records a reading that persists, meets the validation and signs out', async () => {
    const page = await open(PHONE);

    // A visitor opening a member page is sent to log in, and comes back after.
    await page.goto(siteUrl('/vitals'));
    await waitForPath(page, '/login', '?return_to=%2Fvitals');
    await page.getByLabel('メールアドレス').waitFor();
    await screenshot(page, 'walking-skeleton-01-login');

    await fillSignIn(page);
    await waitForPath(page, '/vitals');
    // /vitals shows the six vitals; blood pressure has its own page (issue 10).
    await page.getByRole('link', { name: '血圧の記録とグラフ' }).click();
    await waitForPath(page, '/vitals/blood_pressure');

    // The seeded week of readings, newest first, dates in Japanese.
    const list = readingsList(page);
    await list.waitFor();
    const seeded = await readingTexts(page);
    for (const text of seeded) expect(text).toMatch(/\d+ \/ \d+\s*mmHg/);
    // The server is shared by every journey file: another one may have added readings before.
    expect(seeded.length).toBeGreaterThanOrEqual(SEEDED_READINGS);
    expect(seeded.map((text) => /\d+ \/ \d+/.exec(text)?.[0]).filter((values) => SEEDED_VALUES.includes(values!))).toEqual(SEEDED_VALUES);
    const firstTime = await list.getByRole('listitem').first().locator('time').innerText();
    expect(firstTime).toMatch(JAPANESE_DATE_TIME);
    await screenshot(page, 'walking-skeleton-02-vitals');

    // Record a reading: it is confirmed and listed. (Other journeys record blood pressures on this
    // server too, possibly in the same minute, and same-minute readings may list in either order:
    // the reading is looked for among the newest, not only first.)
    await page.getByLabel('最高血圧（mmHg）').fill('132');
    await page.getByLabel('最低血圧（mmHg）').fill('86');
    await page.getByLabel('脈拍（回/分）').fill('71');
    await page.getByRole('button', { name: '記録する', exact: true }).click();
    await page.getByText('血圧を記録しました。').waitFor();
    const recorded = list.getByRole('listitem').filter({ hasText: '132 / 86' }).first();
    await expect(recorded).toContainText('132 / 86');
    expect(await recorded.innerText()).toContain('脈拍 71 回/分');
    expect(await readingTexts(page)).toHaveLength(seeded.length + 1);
    // The form is empty again for the next reading.
    expect(await page.getByLabel('最高血圧（mmHg）').inputValue()).toBe('');
    await screenshot(page, 'walking-skeleton-03-recorded');

    // It was stored: a reload shows it still.
    await page.reload();
    await list.waitFor();
    const afterReload = await readingTexts(page);
    expect(afterReload).toHaveLength(seeded.length + 1);
    expect(afterReload.some((text) => text.includes('132 / 86') && text.includes('脈拍 71 回/分'))).toBe(true);

    // Out of range: the Japanese message, checked in the browser (nothing is sent, no row added).
    const saves: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/api/bff/saveBloodPressure')) saves.push(request.url());
    });
    await page.getByLabel('最高血圧（mmHg）').fill('400');
    await page.getByLabel('最低血圧（mmHg）').fill('86');
    await page.getByRole('button', { name: '記録する', exact: true }).click();
    await page.getByText('最高血圧は60〜300mmHgの範囲で入力してください').waitFor();
    expect(await page.getByLabel('最高血圧（mmHg）').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('血圧を記録しました。').count()).toBe(0);
    await screenshot(page, 'walking-skeleton-04-validation');
    const afterInvalid = await readingTexts(page);
    expect(afterInvalid).toHaveLength(seeded.length + 1);
    expect(afterInvalid.some((text) => text.includes('132 / 86'))).toBe(true);
    expect(saves).toEqual([]);

    // Sign out from the header: back at the login page, and /vitals is closed again.
    await page.getByRole('banner').getByRole('button', { name: 'ログアウト' }).click();
    await waitForPath(page, '/login');
    await page.getByLabel('メールアドレス').waitFor();
    await screenshot(page, 'walking-skeleton-05-logged-out');
    await page.goto(siteUrl('/vitals'));
    await waitForPath(page, '/login', '?return_to=%2Fvitals');
    await page.getByLabel('メールアドレス').waitFor();
  });

  test('home greets the signed-in member by nickname', async () => {
    const page = await open(PHONE);
    await signIn(page, '/');
    // The greeting follows the time of day in Japan (おはようございます / こんにちは / こんばんは).
    await page
      .getByRole('heading', { name: new RegExp(`^${DEMO_MEMBER.nickname}さん、(おはようございます|こんにちは|こんばんは)$`) })
      .waitFor();
    await screenshot(page, 'walking-skeleton-06-home');
  });

  // Every area's pages are built now: deep links to what once said 準備中 show the real page.
  for (const [path, title] of [
    ['/health_reports', '健康レポート'],
    ['/myna_connection', 'マイナポータル連携'],
    ['/health_forecasts/simulations', '健康予報'],
    ['/announcements', 'お知らせ'],
  ] as const) {
    test(`a deep link to ${path} shows its page, not 準備中`, async () => {
      const page = await open(PHONE);
      await signIn(page, path);
      const response = await page.goto(siteUrl(path));
      expect(response?.status()).toBe(200);
      await page
        .getByRole('heading', { name: new RegExp(title) })
        .first()
        .waitFor();
      expect(await page.getByText('この機能は現在準備中です。').count()).toBe(0);
      await screenshot(page, `walking-skeleton-07-deep-link${path.replace(/\//g, '-')}`);
    });
  }

  test('an unknown path gets the 404 page, with HTTP status 404, and a way home', async () => {
    const page = await open(PHONE);
    const response = await page.goto(siteUrl('/no-such-page'));
    expect(response?.status()).toBe(404);
    await page.getByText('おや？存在しないページのようです。').waitFor();
    await page.getByRole('heading', { name: '404' }).waitFor();
    const home = page.getByRole('link', { name: 'ホームに戻る' });
    await home.waitFor();
    await screenshot(page, 'walking-skeleton-08-not-found');
    await home.click();
    await waitForPath(page, '/');
    await page.getByText('おや？存在しないページのようです。').waitFor({ state: 'detached' });
  });
});

test.describe('walking skeleton on a desktop (1280x800)', () => {
  test('/vitals/blood_pressure shows the form and the readings side by side with the header', async () => {
    const page = await open(DESKTOP);
    await signIn(page, '/vitals/blood_pressure');
    await readingsList(page).waitFor();
    expect((await readingTexts(page)).length).toBeGreaterThanOrEqual(SEEDED_READINGS);
    await page.getByRole('banner').getByRole('button', { name: 'ログアウト' }).waitFor();
    await screenshot(page, 'walking-skeleton-09-vitals-desktop');
  });
});
