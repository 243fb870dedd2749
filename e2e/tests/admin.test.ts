import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, screenshot, siteUrl, useJourneys, waitForPath, signIn, signInOperator, enquetePoints } from './support';

/**
 * Issue 14, operators: the demo association's operator signs in at /admin (password, then the
 * TOTP code computed here from the seeded secret, as an authenticator app would), publishes an
 * announcement and an enquete; the demo member sees the unread mark on home, reads the
 * announcement, answers the enquete and earns the program's points (its enquete menu pays once in
 * total: when another journey answered an enquete first, the balance is compared only while the
 * menu is still open); the operator sees the answer in the results.
 */

const journeys = useJourneys();

const stamp = Date.now().toString(36);
const ANNOUNCEMENT = `運営からのお知らせ ${stamp}`;
const ENQUETE = `運動習慣アンケート ${stamp}`;

test.describe('operators: publish, the member reads and answers, the operator sees the results', () => {
  test('an operator publishes an announcement and an enquete; the member reads, answers and earns; the results show the answer', async () => {
    const operator = (await journeys.open(DESKTOP)).page;
    await signInOperator(operator);
    await screenshot(operator, 'admin-00-dashboard');

    // The announcement, published at once.
    await operator.getByRole('link', { name: 'お知らせ', exact: true }).click();
    await waitForPath(operator, '/admin/announcements');
    await operator.getByRole('heading', { name: 'お知らせ', exact: true }).waitFor();
    await operator.getByLabel('タイトル').fill(ANNOUNCEMENT);
    await operator.getByLabel('本文').fill('運営担当者がe2eで公開したお知らせです。');
    await operator.getByRole('button', { name: '保存する' }).click();
    await operator.getByText(`「${ANNOUNCEMENT}」を公開しました。`).waitFor();

    // The enquete: a draft with one required choice question, then opened.
    await operator.getByRole('link', { name: 'アンケート', exact: true }).click();
    await waitForPath(operator, '/admin/enquetes');
    // The page's own heading first: until its chunk has loaded, the previous page (with its own
    // タイトル field) is still on screen.
    await operator.getByRole('heading', { name: 'アンケート', exact: true }).waitFor();
    await operator.getByLabel('タイトル').fill(ENQUETE);
    await operator.getByLabel('設問文').fill('週に2日以上運動していますか');
    await operator.getByLabel(/選択肢/).fill('はい\nいいえ');
    await operator.getByRole('button', { name: '下書きとして作成する' }).click();
    await operator
      .getByText(`「${ENQUETE}」を下書きとして作成しました。`, { exact: false })
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(operator, 'admin-debug');
        throw error;
      });
    await operator.getByRole('button', { name: `${ENQUETE}を公開する` }).click();
    await expect(operator.getByRole('row', { name: new RegExp(ENQUETE) })).toContainText('回答受付中');
    await screenshot(operator, 'admin-01-enquetes');

    // The member: the unread mark on home, the announcement read.
    const member = (await journeys.open(PHONE)).page;
    await signIn(member, '/');
    await expect(member.getByRole('region', { name: 'お知らせ' })).toContainText('未読のお知らせが');
    await member.goto(siteUrl('/announcements'));
    const item = member.getByRole('list', { name: 'お知らせの一覧' }).getByRole('link', { name: new RegExp(ANNOUNCEMENT) });
    await item.waitFor();
    expect(await item.innerText()).toContain('未読');
    // The page shows the listed announcement at once and marks it read with readAnnouncement: the
    // member leaves only once that has answered (leaving sooner cancels the mark, as for anyone).
    const marked = member.waitForResponse((response) => response.url().endsWith('/readAnnouncement') && response.ok());
    await item.click();
    await member.getByRole('heading', { name: ANNOUNCEMENT }).waitFor();
    await marked;
    await member.goto(siteUrl('/announcements'));
    const again = member.getByRole('list', { name: 'お知らせの一覧' }).getByRole('link', { name: new RegExp(ANNOUNCEMENT) });
    await again.waitFor();
    await expect(again).not.toContainText('未読');

    // The enquete answered, and the points it earns.
    const before = await enquetePoints(member);
    await member.goto(siteUrl('/enquetes'));
    await member.getByRole('link', { name: new RegExp(ENQUETE) }).click();
    await member.getByRole('heading', { name: ENQUETE }).waitFor();
    await member.getByRole('radio', { name: 'はい' }).check();
    await member.getByRole('button', { name: '回答を送信する' }).click();
    await member.getByRole('heading', { name: 'ご回答ありがとうございました' }).waitFor();
    const after = await enquetePoints(member);
    if (before.enqueteMenuOpen) expect(after.balance).toBe(before.balance + 30);
    expect(after.enqueteMenuOpen).toBe(false);

    // The operator sees the answer.
    await operator.goto(siteUrl('/admin/enquetes'));
    await operator.getByRole('link', { name: `${ENQUETE}の結果を見る` }).click();
    await operator.getByRole('heading', { name: `${ENQUETE}の結果` }).waitFor();
    await expect(operator.getByText(/^回答数:/)).toContainText('回答数: 1件');
    const yes = operator.getByRole('row', { name: /はい/ });
    expect(await yes.innerText()).toMatch(/はい\s+1\s+100%/);
    await screenshot(operator, 'admin-02-results');
  });

  test('a member session does not open /admin, and the admin pages fit 320 px', async () => {
    const { page } = await journeys.open({ width: 320, height: 640 });
    await signIn(page, '/');
    await page.goto(siteUrl('/admin/roster'));
    // The member is signed in, but /admin asks for an operator sign-in of its own.
    await page.getByRole('heading', { name: '運営管理 ログイン' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
  });
});
