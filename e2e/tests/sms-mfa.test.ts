import { expect, test, type Page } from '@playwright/test';
import { readOutbox, type OutboxSms } from './outbox';
import { useJourneys, PHONE, screenshot, siteUrl, waitForPath } from './support';

/**
 * Issue 4, "SMS two-factor": a member turns on SMS two-factor through the pages (the password
 * confirmation at /prompt_auth comes in between and returns), logs out, signs in again, reads the
 * code from the dev outbox, enters it and lands home.
 *
 * The member is bff/src/db/seed.ts's MFA_MEMBER, seeded for this journey alone: turning
 * two-factor on for the demo member would change every other journey's sign-in.
 */
const MEMBER = { email: 'mfa@sukoyaka.example', password: 'sukoyaka-demo-2026', nickname: 'にだん 認子' } as const;
const PHONE_TYPED = '090-5555-0101';
const PHONE_E164 = '+819055550101';

const journeys = useJourneys();

async function smsTo(to: string): Promise<OutboxSms[]> {
  return (await readOutbox()).sms.filter((message) => message.to === to);
}

/** Waits for an SMS to `to` newer than the `seen` ones and returns its six-digit code. */
async function waitForNewCode(to: string, seen: number): Promise<string> {
  let messages: OutboxSms[] = [];
  await expect
    .poll(async () => (messages = await smsTo(to)).length, { message: `a new SMS to ${to} in the dev outbox` })
    .toBeGreaterThan(seen);
  const code = /(\d{6})/.exec(messages[0]!.text)?.[1];
  if (!code) throw new Error(`No six-digit code in the SMS to ${to}:\n${messages[0]!.text}`);
  return code;
}

async function fillSignIn(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'ログイン' }).waitFor();
  await page.getByLabel('メールアドレス').fill(MEMBER.email);
  await page.getByLabel('パスワード').fill(MEMBER.password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

/** Who the browser's session belongs to, as the bff says (null: nobody signed in). */
async function signedInUser(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const response = await fetch('/api/bff/getSession', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return ((await response.json()) as { userId: string | null }).userId;
  });
}

test.describe('SMS two-factor: a member turns it on and then signs in with the code (phone, 390x844)', () => {
  test('set up through /prompt_auth, log out, sign in with the SMS code from the outbox, land home', async () => {
    const { page } = await journeys.open(PHONE);

    // Signed in with the password only, straight to the SMS two-factor settings.
    await page.goto(siteUrl(`/login?return_to=${encodeURIComponent('/mfa/setting/sms/intro')}`));
    await fillSignIn(page);
    await waitForPath(page, '/mfa/setting/sms/intro');
    await page.getByText('SMS認証は設定されていません').waitFor();
    await screenshot(page, 'sms-mfa-01-intro');

    // Setting it up needs a fresh password confirmation: /prompt_auth comes first, then back.
    await page.getByRole('link', { name: 'SMS認証を設定する' }).click();
    await waitForPath(page, '/prompt_auth', `?return_to=${encodeURIComponent('/mfa/setting/sms/new')}`);
    await page.getByRole('heading', { name: 'パスワードの確認' }).waitFor();
    await screenshot(page, 'sms-mfa-02-prompt-auth');
    await page.getByLabel('パスワード', { exact: true }).fill(MEMBER.password);
    await page.getByRole('button', { name: '確認する' }).click();
    await waitForPath(page, '/mfa/setting/sms/new');

    // The number gets a code by SMS; the code turns two-factor on.
    const before = (await smsTo(PHONE_E164)).length;
    await page.getByLabel('携帯電話番号').fill(PHONE_TYPED);
    await page.getByRole('button', { name: '認証コードを送信する' }).click();
    await expect(page.getByText(/にSMSで6桁の認証コードを送信しました/)).toContainText('090-****-0101');
    const setupCode = await waitForNewCode(PHONE_E164, before);
    await page.getByLabel('SMSで届いた6桁の認証コード').fill(setupCode);
    await screenshot(page, 'sms-mfa-03-setup-code');
    await page.getByRole('button', { name: 'SMS認証を有効にする' }).click();
    await page.getByText('SMS認証を設定しました（090-****-0101）。').waitFor();
    await screenshot(page, 'sms-mfa-04-enabled');

    // Log out.
    await page.getByRole('banner').getByRole('button', { name: 'ログアウト' }).click();
    await waitForPath(page, '/login');

    // Signing in now asks for the code: the password alone starts no session.
    const beforeSignIn = (await smsTo(PHONE_E164)).length;
    await fillSignIn(page);
    await page.getByRole('heading', { name: 'SMS認証' }).waitFor();
    await waitForPath(page, '/login');
    expect(await signedInUser(page)).toBeNull();
    await screenshot(page, 'sms-mfa-05-sign-in-code');

    const signInCode = await waitForNewCode(PHONE_E164, beforeSignIn);
    await page.getByLabel('SMSで届いた6桁の認証コード').fill(signInCode);
    await page.getByRole('button', { name: '認証してログイン' }).click();

    await waitForPath(page, '/');
    // Home greets by the time of day in Japan.
    await page.getByRole('heading', { name: new RegExp(`^${MEMBER.nickname}さん、(おはようございます|こんにちは|こんばんは)$`) }).waitFor();
    expect(await signedInUser(page)).not.toBeNull();
    await screenshot(page, 'sms-mfa-06-home');
  });
});
