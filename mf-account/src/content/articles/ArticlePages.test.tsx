import type { Article, ArticleSummary } from '@sukoyaka/contract';
import { Route, Routes } from '@sukoyaka/shared';
import { bffError, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { signedIn } from '../test-fixtures';
import { ArticlePage } from './ArticlePage';
import { ArticlesPage } from './ArticlesPage';
import { RecommendedArticlesCard } from './RecommendedArticlesCard';
import { SavedArticlesPage } from './SavedArticlesPage';

const ARTICLE_ID = '33333333-3333-4333-8333-333333333333';

const summary = (overrides: Partial<ArticleSummary> = {}): ArticleSummary => ({
  id: ARTICLE_ID,
  title: 'コレステロールと上手に付き合う',
  category: 'lipids',
  excerpt: 'LDL とは…',
  readingMinutes: 3,
  siteWide: false,
  publishedAt: '2026-11-01T00:00:00.000Z',
  hasQuiz: true,
  saved: false,
  heroImage: null,
  ...overrides,
});

/** The CSS rules styled-components wrote for the element's classes (jsdom computes no aspect-ratio). */
const cssOf = (element: Element) =>
  [...document.querySelectorAll('style')]
    .flatMap((style) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText))
    .filter((text) => [...element.classList].some((name) => text.startsWith(`.${name}`)))
    .join('\n');

const HERO = {
  alt: '野菜たっぷりの朝ごはん',
  width: 1280,
  height: 720,
  variants: [
    { url: `/media/article-images/${'a'.repeat(64)}.webp`, width: 320 },
    { url: `/media/article-images/${'b'.repeat(64)}.webp`, width: 640 },
    { url: `/media/article-images/${'c'.repeat(64)}.webp`, width: 1280 },
  ],
};
const SRCSET = HERO.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', ');

const article = (overrides: Partial<Article> = {}): Article => ({
  ...summary(),
  body: '## LDL とは\n\n<b>悪玉</b>とも呼ばれる **コレステロール** です。\n\n- 食物繊維をとる\n- 歩く',
  quiz: { question: 'LDL の保健指導判定値は？', choices: ['100 以上', '120 以上'], result: null },
  ...overrides,
});

const routes = (path: string, element: React.ReactElement, route: string) =>
  renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
    </Routes>,
    { route },
  );

describe('ArticlePage (/articles/:articleId)', () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));

  it('draws the body as elements (a tag stays text), then answers the quiz and shows the explanation', async () => {
    bff.onCall('getArticle', reply(article()));
    const { container } = routes('/articles/:articleId', <ArticlePage />, `/articles/${ARTICLE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'コレステロールと上手に付き合う' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'LDL とは' })).toBeInTheDocument();
    expect(screen.getByText('コレステロール', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByText(/<b>悪玉<\/b>とも呼ばれる/)).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText('食物繊維をとる').closest('ul')!.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByText('読了時間 約3分')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '回答する' }));
    expect(screen.getByText('回答を選んでください')).toBeInTheDocument();
    expect(bff.callsOf('answerArticleQuiz')).toHaveLength(0);

    bff.onCall(
      'answerArticleQuiz',
      reply({ choice: 1, correct: true, answer: 1, explanation: '120 mg/dL 以上が対象です。', answeredAt: '2026-11-02T00:00:00.000Z' }),
    );
    bff.onCall(
      'getArticle',
      reply(
        article({
          quiz: {
            question: 'LDL の保健指導判定値は？',
            choices: ['100 以上', '120 以上'],
            result: {
              choice: 1,
              correct: true,
              answer: 1,
              explanation: '120 mg/dL 以上が対象です。',
              answeredAt: '2026-11-02T00:00:00.000Z',
            },
          },
        }),
      ),
    );
    await user.click(screen.getByRole('radio', { name: '120 以上' }));
    await user.click(screen.getByRole('button', { name: '回答する' }));
    expect(await screen.findByRole('heading', { name: '正解です！' })).toBeInTheDocument();
    expect(screen.getByText('120 mg/dL 以上が対象です。')).toBeInTheDocument();
    expect(bff.callsOf('answerArticleQuiz')[0]!.body).toEqual({ articleId: ARTICLE_ID, choice: 1 });
  });

  it('a wrong answer still shows the explanation and the right choice', async () => {
    bff.onCall(
      'getArticle',
      reply(
        article({
          quiz: {
            question: 'LDL の保健指導判定値は？',
            choices: ['100 以上', '120 以上'],
            result: {
              choice: 0,
              correct: false,
              answer: 1,
              explanation: '120 mg/dL 以上が対象です。',
              answeredAt: '2026-11-02T00:00:00.000Z',
            },
          },
        }),
      ),
    );
    routes('/articles/:articleId', <ArticlePage />, `/articles/${ARTICLE_ID}`);
    expect(await screen.findByRole('heading', { name: '残念、不正解です' })).toBeInTheDocument();
    expect(screen.getByText('正解：120 以上')).toBeInTheDocument();
    expect(screen.getByText('120 mg/dL 以上が対象です。')).toBeInTheDocument();
  });

  it('shows the hero image with its alt text, srcset and size (a fixed 16:9 frame); none when the article has none', async () => {
    bff.onCall('getArticle', reply(article({ heroImage: HERO })));
    const { unmount } = routes('/articles/:articleId', <ArticlePage />, `/articles/${ARTICLE_ID}`);
    const image = await screen.findByRole('img', { name: '野菜たっぷりの朝ごはん' });
    expect(image).toHaveAttribute('srcset', SRCSET);
    expect(image).toHaveAttribute('src', HERO.variants[1]!.url);
    expect(image).toHaveAttribute('width', '1280');
    expect(image).toHaveAttribute('height', '720');
    expect(cssOf(screen.getByTestId('article-hero'))).toMatch(/max-width: 100%; aspect-ratio: 16\/9;/);
    unmount();

    bff.onCall('getArticle', reply(article()));
    routes('/articles/:articleId', <ArticlePage />, `/articles/${ARTICLE_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'コレステロールと上手に付き合う' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('saves the article', async () => {
    bff.onCall('getArticle', reply(article({ quiz: null })));
    bff.onCall('saveArticle', reply({ articleId: ARTICLE_ID, saved: true }));
    routes('/articles/:articleId', <ArticlePage />, `/articles/${ARTICLE_ID}`);
    await userEvent.setup().click(await screen.findByRole('button', { name: '保存する' }));
    await waitFor(() => expect(bff.callsOf('saveArticle')[0]!.body).toEqual({ articleId: ARTICLE_ID, saved: true }));
  });

  it('says when the article is not there', async () => {
    bff.onCall('getArticle', bffError(404, 'not_found', '記事が見つかりませんでした。'));
    routes('/articles/:articleId', <ArticlePage />, `/articles/${ARTICLE_ID}`);
    expect(await screen.findByRole('heading', { name: '記事が見つかりません' })).toBeInTheDocument();
  });
});

describe('ArticlesPage (/articles) and SavedArticlesPage', () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));

  it('lists the articles and searches by a word', async () => {
    bff.onCall('listArticles', reply({ items: [summary()], nextCursor: null }));
    routes('/articles', <ArticlesPage />, '/articles');
    const link = await screen.findByRole('link', { name: /コレステロールと上手に付き合う/ });
    expect(link).toHaveAttribute('href', `/articles/${ARTICLE_ID}`);
    bff.onCall('listArticles', reply({ items: [], nextCursor: null }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: '記事を探す' }), '睡眠');
    await user.click(screen.getByRole('button', { name: '検索' }));
    expect(await screen.findByText('該当する記事はありません')).toBeInTheDocument();
    expect(bff.callsOf('listArticles').at(-1)!.query).toMatchObject({ q: '睡眠' });
  });

  it('a card shows the hero image as a lazy 4:3 thumbnail with its alt text', async () => {
    bff.onCall(
      'listArticles',
      reply({ items: [summary({ heroImage: HERO }), summary({ id: 'other', title: '画像のない記事' })], nextCursor: null }),
    );
    routes('/articles', <ArticlesPage />, '/articles');
    const link = await screen.findByRole('link', { name: /コレステロールと上手に付き合う/ });
    const image = within(link).getByRole('img', { name: '野菜たっぷりの朝ごはん' });
    expect(image).toHaveAttribute('srcset', SRCSET);
    expect(image).toHaveAttribute('sizes', '88px');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.getByTestId('article-thumbnail')).toHaveStyle({ width: '88px' });
    expect(cssOf(screen.getByTestId('article-thumbnail'))).toMatch(/aspect-ratio: 4\/3;/);
    expect(within(screen.getByRole('link', { name: /画像のない記事/ })).queryByRole('img')).toBeNull();
  });

  it('the saved list says when nothing is saved', async () => {
    bff.onCall('listSavedArticles', reply({ items: [], nextCursor: null }));
    routes('/articles/saved', <SavedArticlesPage />, '/articles/saved');
    expect(await screen.findByText('保存した記事はありません')).toBeInTheDocument();
  });
});

describe("home's recommended articles", () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));

  it('shows the one line of reason and the articles', async () => {
    bff.onCall('getArticleRecommendations', reply({ basis: 'checkup', reason: '健診の LDL コレステロールの結果から', items: [summary()] }));
    renderWithProviders(<RecommendedArticlesCard />);
    expect(await screen.findByText('健診の LDL コレステロールの結果から')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'コレステロールと上手に付き合う' })).toHaveAttribute('href', `/articles/${ARTICLE_ID}`);
  });

  it('a failure stays in the card and can be asked again', async () => {
    bff.onCall('getArticleRecommendations', bffError(500, 'internal_error', 'エラー'));
    renderWithProviders(<RecommendedArticlesCard />);
    expect(await screen.findByText('おすすめの記事を読み込めませんでした。')).toBeInTheDocument();
  });
});
