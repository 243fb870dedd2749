import type { OperatorArticle } from '@sukoyaka/contract';
import { reply } from '@sukoyaka/shared/testing';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn } from '../testing/render';

const bff = setupAdminBff();
const ARTICLE_ID = '5e9d5c7b-8d1a-4f4b-8c6d-4a5b6c7d8e9f';
const heroImage = {
  alt: '野菜たっぷりの朝ごはん',
  width: 1280,
  height: 720,
  variants: [{ url: `/media/article-images/${'a'.repeat(64)}.webp`, width: 320 }],
};
const article: OperatorArticle = {
  id: ARTICLE_ID,
  title: '朝ごはんで整える血糖値',
  category: 'blood_sugar',
  body: '本文',
  readingMinutes: 1,
  quiz: null,
  publishFrom: '2026-11-20T00:00:00Z',
  publishUntil: null,
  publishedAt: '2026-11-20T00:00:00Z',
  state: 'published',
  quizAnswers: 0,
  quizCorrect: 0,
  updatedAt: '2026-11-20T00:00:00Z',
  heroImage: null,
};

describe('an article’s hero image at /admin/articles (issue 29)', () => {
  it('refuses a non-picture or over 5 MB before sending, requires Japanese alt text, then sends the picture', async () => {
    signedIn(bff);
    bff.onCall('listOperatorArticles', reply({ items: [article], nextCursor: null }), { times: 1 });
    renderAt('/admin/articles');
    await userEvent.click(await screen.findByText('「朝ごはんで整える血糖値」の画像を設定する'));
    const input = screen.getByLabelText('画像（JPEG・PNG・WebP、5MBまで）');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'a.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText('JPEG・PNG・WebPの画像を選んでください')).toBeInTheDocument();
    await userEvent.upload(input, new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('画像は5MB以内にしてください')).toBeInTheDocument();

    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'meal.png', { type: 'image/png' }));
    await userEvent.click(screen.getByRole('button', { name: '画像を保存する' }));
    expect(await screen.findByText('代替テキストを入力してください')).toBeInTheDocument();
    const alt = screen.getByLabelText('代替テキスト（画像の内容を日本語で短く、100文字まで）');
    await userEvent.type(alt, 'breakfast');
    await userEvent.click(screen.getByRole('button', { name: '画像を保存する' }));
    expect(await screen.findByText('代替テキストは日本語で入力してください')).toBeInTheDocument();
    expect(bff.callsOf('setOperatorArticleImage')).toHaveLength(0);

    bff.onCall('setOperatorArticleImage', (request) => {
      expect(request.body).toEqual({
        associationId: ASSOCIATION_ID,
        articleId: ARTICLE_ID,
        alt: '野菜たっぷりの朝ごはん',
        contentBase64: 'iVBORw==',
      });
      bff.onCall('listOperatorArticles', reply({ items: [{ ...article, heroImage }], nextCursor: null }));
      return reply({ ...article, heroImage });
    });
    await userEvent.clear(alt);
    await userEvent.type(alt, '野菜たっぷりの朝ごはん');
    await userEvent.click(screen.getByRole('button', { name: '画像を保存する' }));
    expect(await screen.findByRole('img', { name: '野菜たっぷりの朝ごはん' })).toBeInTheDocument();
  });

  it('removes the picture after a confirmation', async () => {
    signedIn(bff);
    bff.onCall('listOperatorArticles', reply({ items: [{ ...article, heroImage }], nextCursor: null }), { times: 1 });
    renderAt('/admin/articles');
    expect(await screen.findByRole('img', { name: '野菜たっぷりの朝ごはん' })).toBeInTheDocument();
    await userEvent.click(screen.getByText('「朝ごはんで整える血糖値」の画像を変更する'));
    await userEvent.click(screen.getByRole('button', { name: '画像を削除する' }));
    expect(screen.getByRole('group', { name: '「朝ごはんで整える血糖値」の画像の削除' })).toHaveTextContent('画像が表示されなくなります');
    bff.onCall('removeOperatorArticleImage', (request) => {
      expect(request.body).toEqual({ associationId: ASSOCIATION_ID, articleId: ARTICLE_ID });
      bff.onCall('listOperatorArticles', reply({ items: [article], nextCursor: null }));
      return reply(article);
    });
    await userEvent.click(screen.getByRole('button', { name: '削除する' }));
    expect(await screen.findByText('画像を削除しました。')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '野菜たっぷりの朝ごはん' })).toBeNull();
  });
});
