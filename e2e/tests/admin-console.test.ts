import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEMBER, PHONE, screenshot, signIn, signInOperator, siteUrl, useJourneys, waitForPath } from './support';

/**
 * Issue 27, the operators' console, on a tablet (768 px, the narrow end of 768–1024): the demo
 * operator edits a published announcement beside its preview and the member reads the new text; a
 * member lookup by e-mail shows the support fields and appears in the audit log in Japanese; the
 * dashboard shows its charts. No page of the console is wider than the tablet.
 */

const journeys = useJourneys();
const TABLET = { width: 768, height: 1024 };
const stamp = Date.now().toString(36);
const TITLE = `健診の受付について ${stamp}`;

async function fitsTheTablet(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where} is no wider than the tablet`).toBeLessThanOrEqual(TABLET.width);
}

async function openFromMenu(page: Page, label: string, path: string, heading: string): Promise<void> {
  await page.getByRole('navigation', { name: '運営管理メニュー' }).getByRole('link', { name: label, exact: true }).click();
  await waitForPath(page, path);
  await page.getByRole('heading', { name: heading, exact: true }).waitFor();
}

test.describe('the operators’ console on a tablet', () => {
  test('an operator edits a published announcement with its preview; the member reads the new text', async () => {
    const operator = (await journeys.open(TABLET)).page;
    await signInOperator(operator);
    await openFromMenu(operator, 'お知らせ', '/admin/announcements', 'お知らせ');
    await operator.getByLabel('タイトル').fill(TITLE);
    await operator.getByLabel('本文').fill('受付は10月からです。');
    await operator.getByRole('button', { name: '保存する' }).click();
    await operator.getByText(`「${TITLE}」を公開しました。`).waitFor();

    await operator.getByRole('button', { name: `${TITLE}を編集する` }).click();
    const editor = operator.getByRole('form', { name: 'お知らせの編集' });
    await editor.getByLabel('本文').fill('受付は11月からに変わりました。\n\nご予約のうえお越しください。');
    const preview = operator.getByRole('region', { name: 'プレビュー（会員の画面での見え方）' });
    await expect(preview.getByText('ご予約のうえお越しください。')).toBeVisible();
    await expect(preview.getByRole('heading', { name: TITLE })).toBeVisible();
    await fitsTheTablet(operator, 'the announcement editor');
    await screenshot(operator, 'admin-console-00-preview');
    await editor.getByRole('button', { name: '変更を保存する' }).click();
    await operator.getByText(`「${TITLE}」を更新しました。会員には新しい内容が表示されます。`).waitFor();

    const member = (await journeys.open(PHONE)).page;
    await signIn(member, '/announcements');
    await member
      .getByRole('list', { name: 'お知らせの一覧' })
      .getByRole('link', { name: new RegExp(TITLE) })
      .click();
    await member.getByRole('heading', { name: TITLE }).waitFor();
    await expect(member.getByText('受付は11月からに変わりました。')).toBeVisible();
    await expect(member.getByText('受付は10月からです。')).toHaveCount(0);
  });

  test('a member looked up by e-mail shows the support fields, and the lookup is in the Japanese audit log', async () => {
    const operator = (await journeys.open(TABLET)).page;
    await signInOperator(operator);
    await openFromMenu(operator, '会員の検索', '/admin/members', '会員の検索');
    await operator.getByLabel('メールアドレス', { exact: true }).fill(DEMO_MEMBER.email);
    await operator.getByRole('button', { name: '検索する' }).click();
    const card = operator.getByRole('region', { name: DEMO_MEMBER.nickname });
    await expect(card).toContainText('組合の確認');
    await expect(card).toContainText('確認済み');
    await expect(card).toContainText('最終ログイン');
    await expect(card).toContainText('利用できます');
    await expect(card).toContainText('マイナンバーカード連携連携済み');
    await fitsTheTablet(operator, 'the member lookup');
    await screenshot(operator, 'admin-console-01-member');

    await openFromMenu(operator, '操作履歴', '/admin/audit_logs', '操作履歴');
    await operator.getByLabel('操作', { exact: true }).selectOption({ label: '会員の検索' });
    await operator.getByRole('button', { name: '絞り込む' }).click();
    const table = operator.getByRole('table', { name: '操作履歴（会員の検索）' });
    const first = table.getByRole('row').nth(1);
    await expect(first).toContainText('会員の検索');
    await expect(first).toContainText('メールアドレスで・1件該当');
    await expect(first).toContainText(/\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\) \d{2}:\d{2}/);
    await expect(first).not.toContainText(DEMO_MEMBER.email);
    await fitsTheTablet(operator, 'the audit log');
    await screenshot(operator, 'admin-console-02-audit');
  });

  test('the dashboard shows its charts beside the table, and the roster page its figures', async () => {
    const operator = (await journeys.open(TABLET)).page;
    await signInOperator(operator);
    for (const name of ['新規登録（週別）', '記録した会員（週別）', '記録数（週別）', 'ポイント（週別）']) {
      await expect(operator.getByRole('figure', { name })).toBeVisible();
    }
    // Each figure draws its chart (SVG, mf-shared's TimeChart) with its series.
    for (const name of ['新規登録（週別）', '記録した会員（週別）', '記録数（週別）', 'ポイント（週別）']) {
      const figure = operator.getByRole('figure', { name });
      await expect(figure.getByTestId('dashboard-chart')).toBeVisible();
      await expect(figure.getByTestId('dashboard-chart').locator('[data-series]').first()).toHaveAttribute('data-values', /\d/);
    }
    await expect(operator.getByTestId('dashboard-chart')).toHaveCount(4);
    await expect(operator.getByRole('table', { name: '日別の新規登録・記録した会員・記録数・ポイント' })).toBeAttached();
    await fitsTheTablet(operator, 'the dashboard');
    await screenshot(operator, 'admin-console-03-dashboard');

    await openFromMenu(operator, '名簿の取り込み', '/admin/roster', '名簿の取り込み');
    await expect(operator.getByText('登録されている加入者')).toBeVisible();
    await fitsTheTablet(operator, 'the roster page');
    await operator.goto(siteUrl('/admin/points'));
    await operator.getByRole('heading', { name: 'ポイント・ギフト', exact: true }).waitFor();
    await expect(operator.getByText(/1回につき\d/).first()).toBeVisible();
    await fitsTheTablet(operator, 'the points page');
  });
});
