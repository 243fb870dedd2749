import { expect, test, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './outbox';
import { useJourneys, DESKTOP, screenshot, siteUrl, waitForPath } from './support';

/**
 * Issue 4, "Password reset": a member who signed up through the UI forgets the password, asks
 * for a reset from the login page, opens the link from the dev outbox, sets a new password and
 * signs in with it; the old password no longer works.
 */

const OLD_PASSWORD = 'wasureta-password-01';
const NEW_PASSWORD = 'atarashii-password-02';

const journeys = useJourneys();

async function signUpAndVerify(page: Page, email: string): Promise<void> {
  await page.goto(siteUrl('/signup'));
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード', { exact: true }).fill(OLD_PASSWORD);
  await page.getByRole('checkbox', { name: '利用規約に同意する' }).check();
  await page.getByRole('button', { name: '登録する' }).click();
  await page.getByRole('heading', { name: '確認メールを送信しました' }).waitFor();
  const mail = await waitForMail(email, (candidate) => candidate.text.includes('/signup/verification?token='));
  await page.goto(linkIn(mail, '/signup/verification'));
  await page.getByRole('heading', { name: 'メールアドレスの確認が完了しました' }).waitFor();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(siteUrl('/login'));
  await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByLabel('パスワード').fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

test.describe('password reset: a member who forgot the password sets a new one from the mailed link (desktop)', () => {
  test('request, open the link from the outbox, set a new password, sign in with it; the old one fails', async () => {
    const email = `forgetful-${Date.now()}@example.jp`;

    // A member, signed up and verified through the UI in a browser of their own.
    const signup = await journeys.open(DESKTOP);
    await signUpAndVerify(signup.page, email);
    await signup.context.close();

    const { page } = await journeys.open(DESKTOP);

    // From the login page: パスワードをお忘れの方.
    await page.goto(siteUrl('/login'));
    await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
    await waitForPath(page, '/password_reset/new');
    // The page's own heading first: until its chunk has loaded, the login page (with its own
    // メールアドレス field) is still on screen.
    await page.getByRole('heading', { name: 'パスワードの再設定' }).waitFor();
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '再設定用のリンクを送信する' }).click();
    await page.getByRole('heading', { name: 'メールを確認してください' }).waitFor();
    await expect(page.getByRole('status')).toContainText('リンクの有効期限は30分です');
    await screenshot(page, 'password-reset-01-requested');

    const mail = await waitForMail(email, (candidate) => candidate.text.includes('/password_reset/change?token='));
    expect(mail.subject).toBe('【すこやか】パスワードの再設定');
    await page.goto(linkIn(mail, '/password_reset/change'));
    await page.getByRole('heading', { name: '新しいパスワードの設定' }).waitFor();

    // The policy holds here too.
    await page.getByLabel('新しいパスワード', { exact: true }).fill('qwertyuiop');
    await page.getByLabel('新しいパスワード（確認）').fill('qwertyuiop');
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.getByText('新しいパスワードは推測されやすいため使えません。別のものにしてください').waitFor();

    await page.getByLabel('新しいパスワード', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('新しいパスワード（確認）').fill(NEW_PASSWORD);
    await screenshot(page, 'password-reset-02-new-password');
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.getByRole('heading', { name: 'パスワードを変更しました' }).waitFor();
    await screenshot(page, 'password-reset-03-changed');

    // The old password no longer works…
    await signIn(page, email, OLD_PASSWORD);
    await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません');
    await screenshot(page, 'password-reset-04-old-password-refused');

    // …the new one does, and lands on a signed-in page.
    await page.getByLabel('パスワード').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'ログイン', exact: true }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.getByRole('button', { name: 'ログアウト' }).waitFor();
    await screenshot(page, 'password-reset-05-signed-in');

    // The link worked once.
    await page.goto(linkIn(mail, '/password_reset/change'));
    await page.getByLabel('新しいパスワード', { exact: true }).fill('mou-ichido-03-xyz');
    await page.getByLabel('新しいパスワード（確認）').fill('mou-ichido-03-xyz');
    await page.getByRole('button', { name: 'パスワードを変更する' }).click();
    await page.getByRole('heading', { name: 'このリンクは使えません' }).waitFor();
  });
});
