import type { OperatorArticle } from '@sukoyaka/contract';
import { reply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
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
});
