import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './outbox';
import { useJourneys, PHONE, screenshot, siteUrl, waitForPath } from './support';

/**
 * Issue 4, "Sign-up": a newcomer signs up at /signup (which signs nobody in, issue 8), signs in,
 * is held at /email_not_verified until the address is verified, reads the verification mail in the dev outbox, opens its link, links to
 * the demo association with the roster entry the README documents (bff/src/db/seed.ts
 * DEMO_ROSTER[0]: insurer 06139999, 記号 1001, 番号 2001, born 1990-01-01), agrees to its terms
 * and lands home. The seeded entry links one member only, so this journey runs once per server.
 */

const PASSWORD = 'hajimete-no-sukoyaka-26';

const journeys = useJourneys();

async function pickBirthday(page: Page, year: string, monthIndex: string, dayLabel: string): Promise<void> {
  await page.getByRole('button', { name: /^生年月日/ }).click();
  const dialog = page.getByRole('dialog', { name: '日付を選択' });
  await dialog.getByRole('combobox', { name: '年を選択' }).selectOption(year);
  await dialog.getByRole('combobox', { name: '月を選択' }).selectOption(monthIndex);
  await dialog.getByRole('button', { name: new RegExp(`^${dayLabel.replace(/[()]/g, '\\$&')}`) }).click();
  await dialog.getByRole('button', { name: 'OK' }).click();
}

test.describe('sign-up: a newcomer joins, verifies the address from the dev outbox, links to the demo association and agrees (phone)', () => {
  test('from /signup to home', async () => {
    const { page } = await journeys.open(PHONE);
    const email = `newcomer-${Date.now()}@example.jp`;

    // /signup: the header offers sign-up from a computer (spec §2); the policy is stated.
    await page.goto(siteUrl('/signup'));
    await page.getByRole('heading', { name: '新規登録' }).waitFor();
    await page.getByRole('link', { name: 'パソコンから新規登録' }).waitFor();
    await page.getByText('10文字以上で、推測されやすいものは使えません').waitFor();

    // The terms must be agreed: the form says so before sending anything.
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('利用規約への同意が必要です').waitFor();
    await screenshot(page, 'signup-01-terms-required');

    await page.getByRole('checkbox', { name: '利用規約に同意する' }).check();
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByRole('heading', { name: '確認メールを送信しました' }).waitFor();
    await expect(page.getByRole('status')).toContainText(email);
    await screenshot(page, 'signup-02-check-your-mail');

    // Sign-up signed nobody in (a registered address gets the very same answer): the member signs
    // in, and until the address is verified is held at /email_not_verified, which shows it.
    await page.getByRole('link', { name: 'ログイン', exact: true }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'ログイン' }).waitFor();
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByLabel('パスワード', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await waitForPath(page, '/email_not_verified');
    await page.getByRole('heading', { name: 'メールアドレスの確認が完了していません' }).waitFor();
    await page.getByText(email).waitFor();
    await screenshot(page, 'signup-03-email-not-verified');

    // The verification mail, as a newcomer reads it at /__dev/outbox.
    const mail = await waitForMail(email, (candidate) => candidate.text.includes('/signup/verification?token='));
    expect(mail.subject).toBe('【すこやか】メールアドレスの確認');
    await page.goto(linkIn(mail, '/signup/verification'));
    await page.getByRole('heading', { name: 'メールアドレスの確認が完了しました' }).waitFor();
    await screenshot(page, 'signup-04-verified');

    // A member with no association is sent to link one.
    await page.getByRole('link', { name: 'すこやかをはじめる' }).click();
    await waitForPath(page, '/unassociated');
    await page.getByRole('link', { name: '加入者情報を登録する' }).click();
    await waitForPath(page, '/org_verification');
    await page.getByLabel('保険者番号').fill('06139999');
    await page.getByLabel('記号').fill('1001');
    await page.getByLabel('番号', { exact: true }).fill('2001');
    await pickBirthday(page, '1990', '0', '1990年1月1日(月)');
    await screenshot(page, 'signup-05-org-verification');
    await page.getByRole('button', { name: '確認する' }).click();

    // The association's terms: agreeing to the required one is what lets the member in.
    await page.waitForURL((url) => /^\/associations\/[^/]+\/agreements$/.test(url.pathname));
    await page.getByRole('heading', { name: 'すこやか健康保険組合の規約への同意' }).waitFor();
    await page.getByRole('checkbox', { name: 'すこやか健康保険組合 すこやか利用規約に同意する' }).check();
    await screenshot(page, 'signup-06-agreements');
    await page.getByRole('button', { name: '同意して始める' }).click();

    // A new member is welcomed once (issue 27; e2e/tests/onboarding.test.ts goes through it): later.
    await waitForPath(page, '/onboarding');
    await page.getByRole('button', { name: 'あとで設定する（ホームへ）' }).click();
    await waitForPath(page, '/');
    // The journey crosses pages other flows own: a failure here says where it ended up.
    await page
      .getByRole('heading', { name: /さん、(おはようございます|こんにちは|こんばんは)$/ })
      .waitFor({ timeout: 30_000 })
      .catch(async (error: Error) => {
        await screenshot(page, 'signup-07-home-failed');
        throw new Error(`${error.message}\nThe page is at ${page.url()} and shows:\n${await page.locator('body').innerText()}`);
      });
    await expect(page.locator('main')).toContainText('すこやか健康保険組合');
    await screenshot(page, 'signup-07-home');

    // The link worked once: opening it again says so.
    await page.goto(linkIn(mail, '/signup/verification'));
    await page.getByRole('heading', { name: 'メールアドレスを確認できませんでした' }).waitFor();
    await expect(page.getByRole('alert')).toContainText('この確認リンクは無効です');
  });
});
