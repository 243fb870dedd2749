import { expect, test, type Page } from '@playwright/test';
import { axeViolations } from './page-audit';
import { DESKTOP, PHONE, screenshot, signIn, signInOperator, siteUrl, useJourneys, waitForPath } from './support';

/**
 * Issue 29, health articles and quizzes: the demo association's operator publishes an article with
 * a quiz at /admin/articles; the demo member finds it by a word, reads it, answers the quiz, sees
 * the explanation, and the program's menu for a correct answer pays once — reading the article
 * again shows the first answer, with no form to answer anew, and the balance stays.
 */

const journeys = useJourneys();
const stamp = Date.now().toString(36);
const TITLE = `減塩で血圧を下げるコツ ${stamp}`;
const NEW_TITLE = `減塩で血圧を下げる3つのコツ ${stamp}`;

/** The demo program's balance, as the points page shows it. */
async function balance(page: Page): Promise<number> {
  await page.goto(siteUrl('/points'));
  await page.getByRole('link', { name: 'すこやかポイントを開く' }).click();
  await page.waitForURL(/\/points\/[0-9a-f-]{36}$/);
  const amount = page.getByRole('region', { name: 'すこやかポイント' }).getByText(/^[\d,]+pt$/);
  await amount.waitFor();
  return Number((await amount.innerText()).replace(/[^\d]/g, ''));
}

test.describe('articles: an operator publishes with a quiz, a member reads and answers', () => {
  test('the member reads the article, answers its quiz, and the points arrive once', async () => {
    const operator = (await journeys.open(DESKTOP)).page;
    await signInOperator(operator);
    await operator.getByRole('link', { name: '健康記事', exact: true }).click();
    await waitForPath(operator, '/admin/articles');
    await operator.getByRole('heading', { name: '健康記事', exact: true }).waitFor();
    await operator.getByLabel('タイトル').fill(TITLE);
    await operator.getByRole('combobox', { name: 'カテゴリ' }).selectOption({ label: '血圧' });
    await operator
      .getByLabel('本文')
      .fill('## 塩分は1日6g未満に\n\n**だし**のうま味を使うと、薄味でもおいしく食べられます。\n\n- 汁物は1日1杯\n- 漬物は控えめに');
    await operator.getByRole('checkbox', { name: 'クイズをつける' }).check();
    await operator.getByLabel('クイズの問題').fill('高血圧の人の食塩摂取量の目標は1日何g未満？');
    await operator.getByLabel('正解の選択肢').fill('6g');
    await operator.getByLabel(/ほかの選択肢/).fill('10g\n15g');
    await operator.getByLabel('解説').fill('日本高血圧学会は、高血圧の人の減塩目標を1日6g未満としています。');
    await operator.getByRole('button', { name: '保存する' }).click();
    await operator.getByText(`「${TITLE}」を公開しました。`).waitFor();
    await expect(operator.getByRole('row', { name: new RegExp(TITLE) })).toContainText('公開中');
    await screenshot(operator, 'articles-00-admin');

    const member = (await journeys.open(PHONE)).page;
    await signIn(member, '/');
    await expect(member.getByRole('region', { name: 'おすすめの健康記事' })).toBeVisible();
    const before = await balance(member);

    await member.goto(siteUrl('/articles'));
    // The demo's articles carry their seeded hero pictures, with Japanese alternative text.
    await expect(member.getByRole('img', { name: '朝の並木道を歩く人のイラスト' })).toBeVisible();
    await member.getByRole('textbox', { name: '記事を探す' }).fill(stamp);
    await member.getByRole('button', { name: '検索', exact: true }).click();
    const item = member.getByRole('list', { name: '健康記事の一覧' }).getByRole('link', { name: new RegExp(TITLE) });
    await item.waitFor();
    await expect(item).toContainText('クイズ');
    await item.click();
    await member.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await expect(member.getByRole('heading', { level: 2, name: '塩分は1日6g未満に' })).toBeVisible();
    await expect(member.locator('strong', { hasText: 'だし' })).toBeVisible();
    await screenshot(member, 'articles-01-article');

    await member.getByRole('radio', { name: '6g' }).check();
    await member.getByRole('button', { name: '回答する' }).click();
    await member.getByRole('heading', { name: '正解です！' }).waitFor();
    await expect(member.getByText('日本高血圧学会は、高血圧の人の減塩目標を1日6g未満としています。')).toBeVisible();
    await screenshot(member, 'articles-02-answered');
    const articleUrl = member.url();

    await expect.poll(() => balance(member)).toBe(before + 10);

    // Read again: the first answer stands, nothing to answer anew, and nothing more is paid.
    await member.goto(articleUrl);
    await member.getByRole('heading', { name: '正解です！' }).waitFor();
    await expect(member.getByRole('button', { name: '回答する' })).toHaveCount(0);
    expect(await balance(member)).toBe(before + 10);

    // The operator sees one answer, correct.
    await operator.reload();
    const row = operator.getByRole('row', { name: new RegExp(TITLE) });
    await expect(row).toContainText('公開中');
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(/ 1 1 /);

    // The operator mends the published article's title; its answered quiz stays as it was.
    await operator.getByRole('button', { name: `${TITLE}を編集する` }).click();
    const editor = operator.getByRole('form', { name: '健康記事の編集' });
    await expect(editor.getByRole('textbox', { name: 'タイトル' })).toHaveValue(TITLE);
    await expect(editor.getByRole('textbox', { name: '正解の選択肢' })).toHaveValue('6g');
    await editor.getByRole('textbox', { name: 'タイトル' }).fill(NEW_TITLE);
    await expect(
      operator.getByRole('region', { name: 'プレビュー（会員の画面での見え方）' }).getByRole('heading', { name: NEW_TITLE }),
    ).toBeVisible();
    await screenshot(operator, 'articles-03-admin-editing');
    // The console's crawl opens no editor: this one is checked here, open, beside its preview.
    await expect.poll(() => axeViolations(operator), { message: 'axe violations in the article editor' }).toEqual([]);
    await editor.getByRole('button', { name: '変更を保存する' }).click();
    await expect(operator.getByRole('status')).toContainText(`「${NEW_TITLE}」を更新しました。会員には新しい内容が表示されます。`);
    await expect(operator.getByRole('row', { name: new RegExp(NEW_TITLE) })).toContainText('公開中');

    // The member reads the new title, the first answer still standing.
    await member.goto(articleUrl);
    await member.getByRole('heading', { level: 1, name: NEW_TITLE }).waitFor();
    await expect(member.getByRole('heading', { name: '正解です！' })).toBeVisible();
    await member.goto(siteUrl('/articles'));
    await member.getByRole('textbox', { name: '記事を探す' }).fill(stamp);
    await member.getByRole('button', { name: '検索', exact: true }).click();
    await expect(member.getByRole('list', { name: '健康記事の一覧' }).getByRole('link', { name: new RegExp(NEW_TITLE) })).toBeVisible();
  });
});
