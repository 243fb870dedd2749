import type { OperatorArticle } from '@sukoyaka/contract';
import { bffError, reply } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn } from '../testing/render';

const bff = setupAdminBff();
const ARTICLE_ID = '5e9d5c7b-8d1a-4f4b-8c6d-4a5b6c7d8e9f';

const article: OperatorArticle = {
  id: ARTICLE_ID,
  title: 'コレステロールと上手に付き合う',
  category: 'lipids',
  body: '本文',
  readingMinutes: 1,
  quiz: { question: '正しいのは？', choices: ['A', 'B'], answer: 1, explanation: '解説' },
  publishFrom: '2026-11-20T00:00:00Z',
  publishUntil: null,
  publishedAt: '2026-11-20T00:00:00Z',
  state: 'published',
  quizAnswers: 12,
  quizCorrect: 9,
  updatedAt: '2026-11-20T00:00:00Z',
  heroImage: null,
};

describe('/admin/articles (issue 29: operators publish articles with quizzes)', () => {
  it('lists them with the quiz answers, and creates one with a quiz', async () => {
    signedIn(bff);
    bff.onCall('listOperatorArticles', reply({ items: [article], nextCursor: null }));
    let sent: unknown;
    bff.onCall('createOperatorArticle', (request) => {
      sent = request.body;
      return reply({ ...article, id: '6e9d5c7b-8d1a-4f4b-8c6d-4a5b6c7d8e9f', title: '睡眠のはなし' });
    });
    renderAt('/admin/articles');
    const row = (await screen.findByRole('rowheader', { name: /コレステロールと上手に付き合う/ })).closest('tr')!;
    expect(within(row).getByText('公開中')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'タイトル' }), '睡眠のはなし');
    await user.selectOptions(screen.getByRole('combobox', { name: 'カテゴリ' }), '睡眠');
    await user.type(screen.getByRole('textbox', { name: /本文/ }), '眠りは大切です。');
    await user.click(screen.getByRole('checkbox', { name: 'クイズをつける' }));
    await user.type(screen.getByRole('textbox', { name: 'クイズの問題' }), '大人の睡眠時間の目安は？');
    await user.type(screen.getByRole('textbox', { name: '正解の選択肢' }), '7時間');
    await user.type(screen.getByRole('textbox', { name: /ほかの選択肢/ }), '4時間{Enter}10時間');
    await user.type(screen.getByRole('textbox', { name: '解説' }), '6〜8時間が目安です。');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('「睡眠のはなし」を公開しました。')).toBeInTheDocument();
    expect(sent).toMatchObject({
      associationId: ASSOCIATION_ID,
      title: '睡眠のはなし',
      category: 'sleep',
      body: '眠りは大切です。',
      quiz: {
        question: '大人の睡眠時間の目安は？',
        correctChoice: '7時間',
        otherChoices: ['4時間', '10時間'],
        explanation: '6〜8時間が目安です。',
      },
      publish: true,
    });
  });

  it('names the quiz field the contract refuses, before sending', async () => {
    signedIn(bff);
    bff.onCall('listOperatorArticles', reply({ items: [], nextCursor: null }));
    renderAt('/admin/articles');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'タイトル' }), '記事');
    await user.type(screen.getByRole('textbox', { name: /本文/ }), '本文');
    await user.click(screen.getByRole('checkbox', { name: 'クイズをつける' }));
    await user.type(screen.getByRole('textbox', { name: 'クイズの問題' }), '問題');
    await user.type(screen.getByRole('textbox', { name: '正解の選択肢' }), 'ひとつだけ');
    await user.type(screen.getByRole('textbox', { name: '解説' }), '解説');
    await user.click(screen.getByRole('button', { name: '保存する' }));
    expect(await screen.findByText('ほかの選択肢は1〜4個で入力してください')).toBeInTheDocument();
    expect(bff.callsOf('createOperatorArticle')).toHaveLength(0);
  });

  it('edits an article beside a preview of the member’s page, the quiz prefilled as written, and saves it', async () => {
    signedIn(bff);
    // The stored order puts the correct choice second: the editor shows it apart.
    const stored = { ...article, quizAnswers: 0, quizCorrect: 0, body: '## はじめに\n\n**LDL** を知る。' };
    bff.onCall('listOperatorArticles', reply({ items: [stored], nextCursor: null }));
    let sent: unknown;
    bff.onCall('updateOperatorArticle', (request) => {
      sent = request.body;
      const saved = { ...stored, title: 'コレステロールの新しいはなし' };
      bff.onCall('listOperatorArticles', reply({ items: [saved], nextCursor: null }));
      return reply(saved);
    });
    renderAt('/admin/articles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'コレステロールと上手に付き合うを編集する' }));
    // Keyboard and screen-reader users land on the editor.
    expect(screen.getByRole('heading', { name: '健康記事を編集する：コレステロールと上手に付き合う' })).toHaveFocus();
    // The creating form gives way to the editor: one タイトル field on the page.
    expect(screen.queryByRole('heading', { name: '健康記事を作成する' })).not.toBeInTheDocument();
    const editor = screen.getByRole('form', { name: '健康記事の編集' });
    expect(within(editor).getByRole('textbox', { name: 'タイトル' })).toHaveValue('コレステロールと上手に付き合う');
    expect(within(editor).getByRole('combobox', { name: 'カテゴリ' })).toHaveValue('lipids');
    expect(within(editor).getByLabelText('掲載開始日時')).toHaveValue('2026-11-20T09:00');
    expect(within(editor).getByRole('checkbox', { name: 'クイズをつける' })).toBeChecked();
    expect(within(editor).getByRole('textbox', { name: '正解の選択肢' })).toHaveValue('B');
    expect(within(editor).getByRole('textbox', { name: /ほかの選択肢/ })).toHaveValue('A');

    const title = within(editor).getByRole('textbox', { name: 'タイトル' });
    await user.clear(title);
    await user.type(title, 'コレステロールの新しいはなし');
    const preview = screen.getByRole('region', { name: 'プレビュー（会員の画面での見え方）' });
    expect(within(preview).getByRole('heading', { name: 'コレステロールの新しいはなし' })).toBeInTheDocument();
    // The body drawn by the members' rendering of the Markdown subset.
    expect(within(preview).getByRole('heading', { name: 'はじめに' })).toBeInTheDocument();
    expect(within(preview).getByText('LDL').tagName).toBe('STRONG');
    expect(within(preview).getByText('コレステロール・脂質')).toBeInTheDocument();
    expect(within(preview).getByRole('list', { name: /クイズの選択肢/ })).toHaveTextContent('B（正解）A');

    await user.click(within(editor).getByRole('button', { name: '変更を保存する' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '「コレステロールの新しいはなし」を更新しました。会員には新しい内容が表示されます。',
    );
    expect(screen.queryByRole('form', { name: '健康記事の編集' })).not.toBeInTheDocument();
    expect(sent).toEqual({
      associationId: ASSOCIATION_ID,
      articleId: ARTICLE_ID,
      title: 'コレステロールの新しいはなし',
      category: 'lipids',
      body: '## はじめに\n\n**LDL** を知る。',
      quiz: { question: '正しいのは？', correctChoice: 'B', otherChoices: ['A'], explanation: '解説' },
      publishFrom: '2026-11-20T09:00:00+09:00',
      publishUntil: null,
    });
    expect(await screen.findByRole('rowheader', { name: /コレステロールの新しいはなし/ })).toBeInTheDocument();
  });

  it('shows the bff’s 400 at the field it names, and keeps the editor open', async () => {
    signedIn(bff);
    bff.onCall('listOperatorArticles', reply({ items: [{ ...article, quiz: null }], nextCursor: null }));
    bff.onCall(
      'updateOperatorArticle',
      bffError(400, 'validation_failed', '入力内容を確認してください。', { body: ['リンクはサイト内のパスにしてください'] }),
    );
    renderAt('/admin/articles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'コレステロールと上手に付き合うを編集する' }));
    const editor = screen.getByRole('form', { name: '健康記事の編集' });
    await user.click(within(editor).getByRole('button', { name: '変更を保存する' }));
    const body = within(editor).getByRole('textbox', { name: /本文/ });
    await waitFor(() => expect(body).toHaveAccessibleDescription(expect.stringContaining('リンクはサイト内のパスにしてください')));
    expect(body).toHaveAttribute('aria-invalid', 'true');
    expect(body).toHaveFocus();
    expect(screen.getByRole('form', { name: '健康記事の編集' })).toBeInTheDocument();
  });

  it('names an empty title before sending, and a cancelled edit sends nothing', async () => {
    signedIn(bff);
    bff.onCall('listOperatorArticles', reply({ items: [article], nextCursor: null }));
    renderAt('/admin/articles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'コレステロールと上手に付き合うを編集する' }));
    const editor = screen.getByRole('form', { name: '健康記事の編集' });
    await user.clear(within(editor).getByRole('textbox', { name: 'タイトル' }));
    expect(
      within(screen.getByRole('region', { name: 'プレビュー（会員の画面での見え方）' })).getByRole('heading', {
        name: '（タイトル未入力）',
      }),
    ).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: '変更を保存する' }));
    expect(within(editor).getByRole('textbox', { name: 'タイトル' })).toHaveAccessibleDescription(expect.stringContaining('タイトル'));
    await user.click(within(editor).getByRole('button', { name: '編集をやめる' }));
    expect(screen.queryByRole('form', { name: '健康記事の編集' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '健康記事を作成する' })).toBeInTheDocument();
    expect(bff.callsOf('updateOperatorArticle')).toHaveLength(0);
  });

  it('keeps an answered quiz’s question and choices read-only, its explanation editable', async () => {
    signedIn(bff);
    bff.onCall('listOperatorArticles', reply({ items: [article], nextCursor: null }));
    let sent: { quiz?: unknown } | undefined;
    bff.onCall('updateOperatorArticle', (request) => {
      sent = request.body as { quiz?: unknown };
      return reply(article);
    });
    renderAt('/admin/articles');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'コレステロールと上手に付き合うを編集する' }));
    const editor = screen.getByRole('form', { name: '健康記事の編集' });
    expect(within(editor).getByText(/回答した会員がいるため/)).toBeInTheDocument();
    expect(within(editor).getByRole('checkbox', { name: 'クイズをつける' })).toBeDisabled();
    expect(within(editor).getByRole('textbox', { name: 'クイズの問題' })).toHaveAttribute('readonly');
    expect(within(editor).getByRole('textbox', { name: '正解の選択肢' })).toHaveAttribute('readonly');
    const explanation = within(editor).getByRole('textbox', { name: '解説' });
    expect(explanation).not.toHaveAttribute('readonly');
    await user.type(explanation, 'を追記');
    await user.click(within(editor).getByRole('button', { name: '変更を保存する' }));
    await screen.findByRole('status');
    expect(sent?.quiz).toEqual({ question: '正しいのは？', correctChoice: 'B', otherChoices: ['A'], explanation: '解説を追記' });
  });
});
