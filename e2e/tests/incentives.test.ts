import { expect, test, type Page } from '@playwright/test';
import { PHONE, screenshot, siteUrl, useJourneys, waitForPath, signIn } from './support';

/**
 * Issue 11, incentives: the demo member records a vital, sees the points it earned (earning
 * settles when balances are opened), redeems a gift with a confirmation step and finds it with its
 * code in /incentives/user_gifts; the pages fit 320 px. The server is shared with the other
 * journeys (the vitals journey records every vital too, and each vital earns once a day), so the
 * journey records a vital whose menu has not earned yet today and compares its own before/after.
 */

const journeys = useJourneys();

/** The program's balance on /points/[pointId]. */
async function balance(page: Page, pointId: string): Promise<number> {
  await page.goto(siteUrl(`/points/${pointId}`));
  const card = page.getByRole('region', { name: 'すこやかポイント' });
  const amount = card.getByText(/^[\d,]+pt$/);
  await amount.waitFor();
  return Number((await amount.innerText()).replace(/[^\d]/g, ''));
}

/** The vitals that earn the demo program's points: the menu's title, the vital page, how to fill it. */
const EARNING_VITALS = [
  {
    menu: '体重を記録する',
    label: '体重',
    slug: 'weight',
    points: 10,
    fill: async (page: Page) => page.getByRole('form', { name: '体重の記録' }).getByLabel('体重（kg）').fill('60.4'),
  },
  {
    menu: '血圧を記録する',
    label: '血圧',
    slug: 'blood_pressure',
    points: 10,
    fill: async (page: Page) => {
      const form = page.getByRole('form', { name: '血圧の記録' });
      await form.getByLabel('最高血圧（mmHg）').fill('124');
      await form.getByLabel('最低血圧（mmHg）').fill('79');
    },
  },
] as const;

async function notEarnedToday(page: Page, pointId: string, menu: string): Promise<boolean> {
  await page.goto(siteUrl(`/points/${pointId}/earning`));
  const item = page.getByRole('list', { name: '獲得できるメニュー' }).getByRole('listitem').filter({ hasText: menu });
  await item.waitFor();
  return (await item.innerText()).includes('今日 0/1回');
}

async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

test.describe('incentives: earn points by recording a vital, redeem a gift, see it in user gifts', () => {
  test('the demo member earns, redeems and finds the gift with its code', async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, '/incentives');

    // The overview: coins and the program's points.
    const balances = page.getByRole('region', { name: '残高' });
    await expect(balances).toContainText('コイン');
    await expect(balances).toContainText('すこやかポイント');
    expect(await balances.innerText()).toMatch(/[\d,]+コイン/);
    await screenshot(page, 'incentives-00-overview');
    await page.getByRole('link', { name: 'ポイント（ためる・交換する）' }).click();
    await waitForPath(page, '/points');

    // The program, from the member's list.
    await page.getByRole('link', { name: 'すこやかポイントを開く' }).click();
    await page.waitForURL(/\/points\/[0-9a-f-]{36}$/);
    const pointId = new URL(page.url()).pathname.split('/')[2]!;
    await screenshot(page, 'incentives-01-program');

    // Earn: record a vital whose menu has not earned today; the balance grows by its points.
    const before = await balance(page, pointId);
    let earned: (typeof EARNING_VITALS)[number] | undefined;
    for (const vital of EARNING_VITALS) {
      if (await notEarnedToday(page, pointId, vital.menu)) {
        earned = vital;
        break;
      }
    }
    if (earned) {
      await page.goto(siteUrl(`/vitals/${earned.slug}`));
      await earned.fill(page);
      await page
        .getByRole('form', { name: `${earned.label}の記録` })
        .getByRole('button', { name: '記録する', exact: true })
        .click();
      await page.getByText(`${earned.label}を記録しました。`).waitFor();
      expect(await balance(page, pointId)).toBe(before + earned.points);
      expect(await notEarnedToday(page, pointId, earned.menu)).toBe(false);
    }
    // The history of this month (grouped by day) shows the earning (ours, or the vitals journey's on the same day).
    await page.goto(siteUrl(`/points/${pointId}/transactions`));
    const history = page.getByRole('group', { name: /の履歴$/ });
    await expect(history).toContainText(earned ? earned.menu : '体重を記録する');
    await expect(history).toContainText(`+${earned ? earned.points : 10}pt`);
    await screenshot(page, 'incentives-02-history');

    // The member's gifts before redeeming (the demo already has one QUOカードPay).
    await page.goto(siteUrl('/incentives/user_gifts'));
    const quoCards = page.getByRole('article', { name: 'QUOカードPay 500円分' });
    await quoCards.first().waitFor();
    const giftsBefore = await quoCards.count();

    // Redeem, with the confirmation step.
    const pointsBefore = await balance(page, pointId);
    await page.goto(siteUrl(`/points/${pointId}/redemption`));
    await page.getByRole('button', { name: 'QUOカードPay 500円分と交換する' }).click();
    await page.getByText('交換後の残り：').waitFor();
    await page.getByRole('group').getByRole('button', { name: '交換する', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '交換しました' })).toContainText('「QUOカードPay 500円分」と交換しました。');
    await screenshot(page, 'incentives-03-redeemed');
    expect(await fitsWidth(page)).toBe(true);

    // The gift in user gifts, with its code.
    await page.getByRole('link', { name: '交換したギフトを見る' }).click();
    await waitForPath(page, '/incentives/user_gifts');
    await quoCards.first().waitFor();
    // The list is read again after the redemption; wait for the new card.
    await expect(quoCards).toHaveCount(giftsBefore + 1);
    expect(await quoCards.first().innerText()).toMatch(/ギフトコード：QUO-DEMO-\d{4}-[A-Z]{4}/);
    expect(await balance(page, pointId)).toBe(pointsBefore - 500);

    // 320 px: the gifts list fits.
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto(siteUrl('/incentives/user_gifts'));
    await quoCards.first().waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'incentives-04-user-gifts-320');
  });

  test("home shows the balances and today's vitals as parcels of their areas", async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, '/');
    // mf-account's home mounts mf-incentives' and mf-health's parcels, each loaded on its own.
    await page.getByRole('heading', { name: 'コイン・ポイント' }).waitFor();
    await page.getByRole('heading', { name: '今日のバイタル' }).waitFor();
    await page
      .getByText(/[\d,]+pt/)
      .first()
      .waitFor();
    await screenshot(page, 'incentives-05-home');
    await page.getByRole('link', { name: 'ポイントを使う・ためる' }).click();
    await waitForPath(page, '/incentives');
  });
});
