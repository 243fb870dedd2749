import { expect, test, type Page } from '@playwright/test';
import { PHONE, screenshot, useJourneys, waitForPath, signIn, publicSiteUrl } from './support';

/**
 * Issue 10, the wearable: the demo member's Fitbit (the local fake Google the server starts, connected
 * at start by bff/src/server.ts) is disconnected, connected again through the fake's consent
 * page, its steps appear on /vitals/steps, a sync on demand runs, and it is disconnected.
 */

const CONNECTIONS = '/resource_providers/fitbit/connections';
const CALLBACK = '/resource_providers/fitbit/callback';

const journeys = useJourneys();

async function disconnect(page: Page): Promise<void> {
  await page.getByRole('button', { name: '連携を解除する' }).click();
  await page.getByRole('group', { name: 'Fitbitとの連携を解除しますか？' }).getByRole('button', { name: '解除する' }).click();
  await page.getByText('Fitbitとは連携していません。').waitFor();
}

test.describe('Fitbit: connect the fake Fitbit, see the steps, disconnect (phone, 390x844)', () => {
  test('the demo member reconnects through the consent page, sees synced steps, syncs now and disconnects', async () => {
    const { page } = await journeys.open(PHONE);
    await signIn(page, CONNECTIONS, { url: publicSiteUrl });

    // `npm start` connected the demo member to the fake at start, and synced.
    await page.getByText('Fitbitと連携しています。').waitFor();
    await expect(page.locator('main')).toContainText('日分の歩数）');
    await screenshot(page, 'fitbit-01-connected');

    await disconnect(page);
    await screenshot(page, 'fitbit-02-disconnected');

    // Connect: to the fake Google's consent page, approve, back to the callback.
    await page.getByRole('button', { name: 'Fitbitと連携する' }).click();
    await page.getByRole('button', { name: '許可する' }).waitFor();
    expect(await page.locator('body').innerText()).toContain('すこやか 太郎');
    await page.getByRole('button', { name: '許可する' }).click();
    await page.getByText('Fitbitと連携しました。').waitFor();
    // The single-use code and state are taken out of the address bar.
    await waitForPath(page, CALLBACK, '');
    await page.getByText(/30日分の歩数を取り込みました/).waitFor();
    await screenshot(page, 'fitbit-03-callback');

    // The steps arrived, marked as coming from the wearable.
    await page.getByRole('link', { name: '歩数の記録を見る' }).click();
    await waitForPath(page, '/vitals/steps');
    const list = page.getByRole('list', { name: '歩数の記録' });
    await list.getByRole('listitem').first().waitFor();
    await expect(list).toContainText('ウェアラブル機器から取り込んだ記録');
    expect(await list.getByRole('listitem').first().innerText()).toMatch(/[\d,]+ 歩/);
    await screenshot(page, 'fitbit-04-steps');

    // Sync on demand, then disconnect.
    await page.goto(publicSiteUrl(CONNECTIONS));
    await page.getByRole('button', { name: '今すぐ同期' }).click();
    await expect(page.locator('main')).toContainText('日分の歩数）');
    await disconnect(page);
    expect(await page.getByRole('button', { name: 'Fitbitと連携する' }).isVisible()).toBe(true);
    await screenshot(page, 'fitbit-05-disconnected-again');
  });

  test('a cancelled consent explains what to do next, and the page fits 320 px', async () => {
    const { page } = await journeys.open({ width: 320, height: 640 });
    await signIn(page, CONNECTIONS, { url: publicSiteUrl });
    await page.getByRole('heading', { name: 'Fitbit連携' }).waitFor();
    const connect = page.getByRole('button', { name: /^(Fitbitと連携する|もう一度連携する)$/ });
    const connected = page.getByText('Fitbitと連携しています。');
    await Promise.race([connect.first().waitFor(), connected.waitFor()]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    if (await connected.isVisible()) {
      await disconnect(page);
    }
    await page.getByRole('button', { name: 'Fitbitと連携する' }).click();
    await page.getByRole('button', { name: 'キャンセル' }).click();
    await page.getByText('Fitbitとの連携はキャンセルされました。').waitFor();
    await waitForPath(page, CALLBACK, '');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await page.getByRole('link', { name: '連携設定に戻る' }).click();
    await waitForPath(page, CONNECTIONS);
    await page.getByText('Fitbitとは連携していません。').waitFor();
    await screenshot(page, 'fitbit-06-cancelled-320');
  });
});
