import { expect, test, type Page } from '@playwright/test';
import { PHONE, screenshot, signIn, signInOperator, siteUrl, useJourneys, waitForPath } from './support';

/**
 * Issue 29, monthly challenges: the demo operator offers two blood-pressure challenges (28 days,
 * and one day for 20pt); the demo member takes the long one, records a blood pressure and sees the
 * day counted on the challenge's page and the progress on home; then takes the one-day challenge,
 * which today's reading completes at once, and its 20pt arrive once — taking it again or recording
 * again pays nothing more. The server is shared with other journeys, so the titles are this run's own.
 */

const journeys = useJourneys();
const stamp = Date.now().toString(36);
const LONG = `毎日血圧 ${stamp}`;
const SHORT = `今日の血圧 ${stamp}`;

/** The demo program's balance on /points/[pointId]. */
async function balance(page: Page, pointId: string): Promise<number> {
  await page.goto(siteUrl(`/points/${pointId}`));
  const amount = page.getByRole('region', { name: 'すこやかポイント' }).getByText(/^[\d,]+pt$/);
  await amount.waitFor();
  return Number((await amount.innerText()).replace(/[^\d]/g, ''));
}

async function recordBloodPressure(page: Page): Promise<void> {
  await page.goto(siteUrl('/vitals/blood_pressure'));
  const form = page.getByRole('form', { name: '血圧の記録' });
  await form.getByLabel('最高血圧（mmHg）').fill('123');
  await form.getByLabel('最低血圧（mmHg）').fill('78');
  await form.getByRole('button', { name: '記録する', exact: true }).click();
  await page.getByText('血圧を記録しました。').waitFor();
}

test.describe('monthly challenges: offered by the operator, taken, progress on home, completed once', () => {
  test('the member takes a challenge, records, sees the progress, completes one and is paid once', async () => {
    const operator = (await journeys.open({ width: 1280, height: 800 })).page;
    await signInOperator(operator);
    await operator.getByRole('navigation', { name: '運営管理メニュー' }).getByRole('link', { name: 'チャレンジ', exact: true }).click();
    await waitForPath(operator, '/admin/challenges');
    for (const [title, days, points] of [
      [LONG, '28', '50'],
      [SHORT, '1', '20'],
    ] as const) {
      await operator.getByLabel('チャレンジ名（例：今月20日、血圧を記録する）').fill(title);
      await operator.getByLabel('目標日数（1〜28日）').fill(days);
      await operator.getByLabel('達成で付与するポイント数（1日の付与上限まで）').fill(points);
      await operator.getByRole('button', { name: '作成する' }).click();
      await operator.getByText(`「${title}」を作成しました。今月から会員に提供されます。`).waitFor();
    }
    await expect(operator.getByRole('heading', { name: SHORT })).toBeVisible();

    const { page } = await journeys.open(PHONE);
    await signIn(page, '/');
    const home = page.getByRole('region', { name: '今月のチャレンジ' });
    await home.getByRole('link', { name: 'チャレンジ一覧' }).click();
    await waitForPath(page, '/incentives/challenges');

    // Take the long one: its progress shows.
    const long = page.getByRole('region', { name: LONG });
    await long.getByRole('button', { name: 'このチャレンジに参加する' }).click();
    await expect(long.getByRole('progressbar')).toBeVisible();
    await expect(long.getByRole('button', { name: 'このチャレンジに参加する' })).toHaveCount(0);

    // Record: today counts on its page and on home.
    await recordBloodPressure(page);
    await page.goto(siteUrl('/incentives/challenges'));
    await page.getByRole('region', { name: LONG }).getByRole('link', { name: LONG }).click();
    await page.waitForURL(/\/incentives\/challenges\/[0-9a-f-]{36}$/);
    const counted = page.getByRole('list', { name: '数えた日' });
    await expect(counted.getByRole('listitem')).not.toHaveCount(0);
    const progressText = await page.getByRole('progressbar').getAttribute('aria-valuetext');
    expect(progressText).toMatch(/^[1-3]日 \/ 28日$/);
    await screenshot(page, 'challenges-00-detail');
    await page.goto(siteUrl('/'));
    const takenOnHome = page.getByRole('region', { name: '今月のチャレンジ' });
    await expect(takenOnHome.getByRole('link', { name: LONG })).toBeVisible();
    await expect(takenOnHome).toContainText(progressText!);
    await screenshot(page, 'challenges-01-home');

    // The one-day challenge: today's reading completes it on taking, and pays its 20pt once.
    await page.goto(siteUrl('/points'));
    await page.getByRole('link', { name: 'すこやかポイントを開く' }).click();
    await page.waitForURL(/\/points\/[0-9a-f-]{36}$/);
    const pointId = new URL(page.url()).pathname.split('/')[2]!;
    const before = await balance(page, pointId);
    await page.goto(siteUrl('/incentives/challenges'));
    const short = page.getByRole('region', { name: SHORT });
    await short.getByRole('button', { name: 'このチャレンジに参加する' }).click();
    await expect(short.getByRole('status')).toContainText('達成しました！20ptをお届けしました。');
    expect(await balance(page, pointId)).toBe(before + 20);

    // Again: nothing more, by reloading, by recording once more.
    await page.goto(siteUrl('/incentives/challenges'));
    await expect(page.getByRole('region', { name: SHORT }).getByRole('button')).toHaveCount(0);
    await recordBloodPressure(page);
    expect(await balance(page, pointId)).toBe(before + 20);
    await page.goto(siteUrl(`/points/${pointId}/transactions`));
    await expect(page.getByText(`チャレンジ達成：${SHORT}`)).toHaveCount(1);
    await page.goto(siteUrl('/'));
    await expect(page.getByRole('region', { name: '今月のチャレンジ' })).toContainText('達成しました（1日 / 1日）');
  });
});
