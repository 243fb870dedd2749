import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './outbox';
import { fillSignIn, PHONE, screenshot, siteUrl, useJourneys, waitForPath } from './support';

/**
 * Issue 27, onboarding: a newcomer signs up, verifies the address, signs in, links to the demo
 * association (roster entry 1001/2004, bff/src/db/seed.ts SPARE_ROSTER) and agrees; home sends
 * them to the welcome, which greets them by the local part of their address. They set a
 * nickname, skip the height, set a step goal and leave the device for later; home greets them
 * by the nickname, and the next sign-in (another browser) goes straight home. The entry links
 * one member only, so this journey runs once per server.
 */

const PASSWORD = 'hajimete-no-aisatsu-27';

const journeys = useJourneys();

async function pickBirthday(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^生年月日/ }).click();
  const dialog = page.getByRole('dialog', { name: '日付を選択' });
  await dialog.getByRole('combobox', { name: '年を選択' }).selectOption('1990');
  await dialog.getByRole('combobox', { name: '月を選択' }).selectOption('0');
  await dialog.getByRole('button', { name: /^1990年1月1日\(月\)/ }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

const greeting = (name: string) => new RegExp(`^${name}さん、(おはようございます|こんにちは|こんばんは)$`);

test.describe('onboarding: a new member is welcomed once after the first sign-in (phone)', () => {
  test('signs up, goes through the welcome with one step skipped, and is not asked again', async () => {
    const { page } = await journeys.open(PHONE);
    const local = `aisatsu${Date.now()}`;
    const email = `${local}@example.jp`;

    await page.goto(siteUrl('/signup'));
    await page.getByRole('heading', { name: '新規登録' }).waitFor();
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    await page.getByRole('checkbox', { name: /利用規約に同意する/ }).check();
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByRole('heading', { name: '確認メールを送信しました' }).waitFor();
    const mail = await waitForMail(email, (candidate) => candidate.text.includes('/signup/verification?token='));
    await page.goto(linkIn(mail, '/signup/verification'));
    await page.getByRole('heading', { name: 'メールアドレスの確認が完了しました' }).waitFor();

    await page.goto(siteUrl('/login'));
    await fillSignIn(page, { email, password: PASSWORD });
    await waitForPath(page, '/unassociated');
    await page.getByRole('link', { name: '加入者情報を登録する' }).click();
    await waitForPath(page, '/org_verification');
    await page.getByLabel('保険者番号').fill('06139999');
    await page.getByLabel('記号').fill('1001');
    await page.getByLabel('番号', { exact: true }).fill('2004');
    await pickBirthday(page);
    await page.getByRole('button', { name: '確認する' }).click();
    await page.waitForURL((url) => /^\/associations\/[^/]+\/agreements$/.test(url.pathname));
    await page.getByRole('checkbox', { name: /利用規約に同意する$/ }).check();
    await page.getByRole('button', { name: '同意して始める' }).click();

    // The welcome, greeting by the local part of the address.
    await waitForPath(page, '/onboarding');
    await page.getByRole('heading', { level: 1, name: `ようこそ、${local}さん` }).waitFor();
    await expect(page.getByText('ステップ 1 / 4')).toBeVisible();
    await screenshot(page, 'onboarding-01-welcome');
    const nickname = page.getByRole('textbox', { name: 'ニックネーム' });
    await expect(nickname).toHaveValue(local);
    await nickname.fill('あいさつ 花子');
    await page.getByRole('button', { name: '次へ' }).click();

    // The height is skipped.
    await page.getByRole('heading', { name: '身長' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'ようこそ、あいさつ 花子さん' }).waitFor();
    await page.getByRole('button', { name: 'スキップ' }).click();

    await page.getByRole('heading', { name: '1日の目標歩数' }).waitFor();
    await page.getByLabel('1日の目標歩数（歩）').fill('7000');
    await screenshot(page, 'onboarding-02-step-goal');
    await page.getByRole('button', { name: '次へ' }).click();

    await page.getByRole('heading', { name: 'ウェアラブル機器の連携' }).waitFor();
    await expect(page.getByRole('button', { name: '機器を連携する' })).toBeVisible();
    await screenshot(page, 'onboarding-03-device');
    await page.getByRole('button', { name: 'スキップしてはじめる' }).click();

    await waitForPath(page, '/');
    await page.getByRole('heading', { level: 1, name: greeting('あいさつ 花子') }).waitFor({ timeout: 30_000 });
    await screenshot(page, 'onboarding-04-home');

    // What was set is kept; what was skipped is not.
    await page.goto(siteUrl('/profile'));
    await page.getByRole('heading', { name: 'アカウント設定' }).waitFor();
    await expect(page.locator('dl')).toContainText('あいさつ 花子');
    await expect(page.getByRole('button', { name: '身長を登録する' })).toBeVisible();
    await page.goto(siteUrl('/vitals/steps'));
    await expect(page.getByTestId('goal-progress')).toContainText('7,000');

    // The next sign-in, in another browser, goes straight home: never asked twice.
    const { page: again } = await journeys.open(PHONE);
    await again.goto(siteUrl('/login'));
    await fillSignIn(again, { email, password: PASSWORD });
    await waitForPath(again, '/');
    await again.getByRole('heading', { level: 1, name: greeting('あいさつ 花子') }).waitFor({ timeout: 30_000 });
    expect(new URL(again.url()).pathname).toBe('/');
  });
});
