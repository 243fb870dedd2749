import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { cursor, isoTimestamp, pageSize, requiredText, imageContentBase64, imageSchema } from '../fields';
import { IMAGE_MAX_BYTES, IMAGE_MAX_MESSAGE, IMAGE_TYPE_MESSAGE, IMAGE_UPLOAD_MAX_BODY_BYTES } from '../images';
import { operatorAssociationId } from '../operators/shared';
import { articleCategories } from '../content-terms';
import { contentId, publishWindowFields, WINDOW_DOCUMENTATION, WINDOW_ORDER, windowInOrder } from './shared';

/*
 * Health articles and their quizzes (issue 29, decision 0030). Operators write an association's
 * articles (mf-admin); members read, save and search the ones visible to them (their association's
 * and site-wide, inside the publish window), answer an article's quiz once, and home recommends
 * articles from the member's latest check-up.
 */

/** The activity a first correct answer to a quiz records; a point menu of kind `article_quiz_correct` rewards it. */
export const ARTICLE_QUIZ_CORRECT = 'article_quiz_correct';

export const ARTICLE_QUIZ_CHOICES_MIN = 2;
export const ARTICLE_QUIZ_CHOICES_MAX = 5;
export const ARTICLE_BODY_MAX = 20000;

/** The widths an article's hero image is stored in (narrower when the upload is narrower). */
export const ARTICLE_IMAGE_WIDTHS = [320, 640, 1280] as const;
/** Where the bff serves the stored hero images: `${ARTICLE_IMAGE_PATH}/<sha-256>.webp`. */
export const ARTICLE_IMAGE_PATH = '/media/article-images';
export const ARTICLE_IMAGE_ALT_MAX = 100;
export const ARTICLE_IMAGE_TYPE_MESSAGE = IMAGE_TYPE_MESSAGE;
export const ARTICLE_IMAGE_MAX_BYTES = IMAGE_MAX_BYTES;
export const ARTICLE_IMAGE_MAX_MESSAGE = IMAGE_MAX_MESSAGE;
/** An article's hero image: alt text, the widest file's size (for the aspect ratio) and each width (srcset). */
export const articleHeroImageSchema = imageSchema;

const articleSummaryFields = {
  id: z.string(),
  title: z.string(),
  category: z.enum(articleCategories),
  /** The first characters of the body as text (marks removed). */
  excerpt: z.string(),
  readingMinutes: z.number(),
  /** True for an article to every member, not only the association's. */
  siteWide: z.boolean(),
  publishedAt: isoTimestamp,
  hasQuiz: z.boolean(),
  /** Whether the member saved it. */
  saved: z.boolean(),
  /** The hero image, or null when the operator gave none. */
  heroImage: z.nullable(articleHeroImageSchema),
};
export const articleSummarySchema = z.object(articleSummaryFields);
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleQuizResultSchema = z.object({
  /** The member's first answer (0-based), which is final. */
  choice: z.number(),
  correct: z.boolean(),
  answer: z.number(),
  explanation: z.string(),
  answeredAt: isoTimestamp,
});
export type ArticleQuizResult = z.infer<typeof articleQuizResultSchema>;

export const articleSchema = z.object({
  ...articleSummaryFields,
  /** The body in the articles' Markdown subset (article-body.ts); rendered as elements, never as HTML. */
  body: z.string(),
  /** The quiz without its answer until the member has answered; null when the article has none. */
  quiz: z.nullable(
    z.object({
      question: z.string(),
      choices: z.array(z.string()),
      result: z.nullable(articleQuizResultSchema),
    }),
  ),
});
export type Article = z.infer<typeof articleSchema>;

const articleId = () => contentId('記事ID');
const searchWord = z.optional(z.string().check(z.trim(), z.maxLength(50, '検索する言葉は50文字以内で入力してください')));

export const listArticles = defineCall({
  name: 'listArticles',
  method: 'GET',
  access: 'member',
  summary:
    "The articles the member may read now (their association's and site-wide, inside the publish window), newest first, keyset-paged; `q` keeps those whose title or body holds the word, `category` one category.",
  input: () =>
    z.object({
      q: searchWord,
      category: z.optional(z.enum(articleCategories, { error: 'カテゴリの指定が正しくありません' })),
      cursor: z.optional(cursor),
      limit: pageSize(20, 50),
    }),
  output: () => z.object({ items: z.array(articleSummarySchema), nextCursor: z.nullable(z.string()) }),
});

export const listSavedArticles = defineCall({
  name: 'listSavedArticles',
  method: 'GET',
  access: 'member',
  summary: 'The articles the member saved that are still visible, last saved first, keyset-paged.',
  input: () => z.object({ cursor: z.optional(cursor), limit: pageSize(20, 50) }),
  output: () => z.object({ items: z.array(articleSummarySchema), nextCursor: z.nullable(z.string()) }),
});

export const getArticle = defineCall({
  name: 'getArticle',
  method: 'GET',
  access: 'member',
  summary: "One visible article with its body and its quiz (the answer only once the member answered); another association's is 404.",
  input: () => z.object({ articleId: articleId() }),
  output: () => articleSchema,
});

export const saveArticle = defineCall({
  name: 'saveArticle',
  method: 'POST',
  access: 'member',
  summary: 'Saves (`saved: true`) or unsaves a visible article for the member; doing it twice changes nothing more.',
  input: () => z.object({ articleId: articleId(), saved: z.boolean({ error: '保存するかどうかを指定してください' }) }),
  output: () => z.object({ articleId: z.string(), saved: z.boolean() }),
});

export const answerArticleQuiz = defineCall({
  name: 'answerArticleQuiz',
  method: 'POST',
  access: 'member',
  summary:
    "Answers a visible article's quiz. The first answer is final: a later one answers the first result unchanged. A first correct answer records the activity `article_quiz_correct` (once per member and quiz), which point menus may reward; the explanation is shown either way.",
  input: () =>
    z.object({
      articleId: articleId(),
      choice: z
        .number({ error: '回答を選んでください' })
        .check(
          z.int('回答を選んでください'),
          z.gte(0, '回答の選択肢が正しくありません'),
          z.lt(ARTICLE_QUIZ_CHOICES_MAX, '回答の選択肢が正しくありません'),
        ),
    }),
  output: () => articleQuizResultSchema,
});

export const getArticleRecommendations = defineCall({
  name: 'getArticleRecommendations',
  method: 'GET',
  access: 'member',
  summary:
    "Up to three visible articles for the member, chosen on the server from the member's latest check-up (no data leaves the service), with one line of reason; without a readable check-up, the newest articles and no reason. `basis` says which.",
  input: () => z.strictObject({}),
  output: () =>
    z.object({
      basis: z.enum(['checkup', 'secretQuestionRequired', 'none']),
      /** One line in Japanese (「健診の LDL コレステロールの結果から」), or null. */
      reason: z.nullable(z.string()),
      items: z.array(articleSummarySchema),
    }),
});

// ---- operators (mf-admin) -------------------------------------------------------------------

export const articleStates = ['draft', 'scheduled', 'published', 'expired'] as const;
export type ArticleState = (typeof articleStates)[number];

export const operatorArticleSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(articleCategories),
  body: z.string(),
  readingMinutes: z.number(),
  quiz: z.nullable(z.object({ question: z.string(), choices: z.array(z.string()), answer: z.number(), explanation: z.string() })),
  publishFrom: z.string(),
  publishUntil: z.nullable(z.string()),
  publishedAt: z.nullable(z.string()),
  state: z.enum(articleStates),
  /** Members who answered the quiz, and of them correctly. */
  quizAnswers: z.number(),
  quizCorrect: z.number(),
  updatedAt: z.string(),
  heroImage: z.nullable(articleHeroImageSchema),
});
export type OperatorArticle = z.infer<typeof operatorArticleSchema>;

/**
 * The quiz as an operator writes it: the correct choice and the others apart, so no index can miss
 * its choices; the bff stores them in a random order (the correct one is not always first).
 */
const quizInput = z.object({
  question: requiredText('クイズの問題', 200),
  correctChoice: requiredText('正解の選択肢', 100),
  otherChoices: z
    .array(requiredText('ほかの選択肢', 100))
    .check(
      z.minLength(
        ARTICLE_QUIZ_CHOICES_MIN - 1,
        `ほかの選択肢は${ARTICLE_QUIZ_CHOICES_MIN - 1}〜${ARTICLE_QUIZ_CHOICES_MAX - 1}個で入力してください`,
      ),
      z.maxLength(
        ARTICLE_QUIZ_CHOICES_MAX - 1,
        `ほかの選択肢は${ARTICLE_QUIZ_CHOICES_MIN - 1}〜${ARTICLE_QUIZ_CHOICES_MAX - 1}個で入力してください`,
      ),
    ),
  explanation: requiredText('解説', 500),
});

const articleFields = {
  title: requiredText('タイトル', 100),
  category: z.enum(articleCategories, { error: 'カテゴリを選択してください' }),
  body: requiredText('本文', ARTICLE_BODY_MAX),
  quiz: z.optional(z.nullable(quizInput)),
  ...publishWindowFields,
};

export const listOperatorArticles = defineCall({
  name: 'listOperatorArticles',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "The association's articles in every state, newest publish start first, keyset-paged, with their quizzes' answer counts.",
  input: () => z.object({ associationId: operatorAssociationId(), cursor: z.optional(cursor), limit: pageSize(20, 100) }),
  output: () => z.object({ items: z.array(operatorArticleSchema), nextCursor: z.nullable(z.string()) }),
});

export const createOperatorArticle = defineCall({
  name: 'createOperatorArticle',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  summary:
    "Creates an article of the association (body in the articles' Markdown subset, a category, an optional quiz, a publish window); `publish: true` publishes it (members see it from publishFrom and are mailed once), else a draft. Audited.",
  input: () =>
    documented(
      z
        .object({ associationId: operatorAssociationId(), publish: z._default(z.boolean(), false), ...articleFields })
        .check(z.refine(windowInOrder, WINDOW_ORDER)),
      WINDOW_DOCUMENTATION,
    ),
  output: () => operatorArticleSchema,
});

export const updateOperatorArticle = defineCall({
  name: 'updateOperatorArticle',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Changes an article of the association; its quiz can change only while nobody has answered it (else 409 article_quiz_answered). Audited.',
  input: () =>
    documented(
      z
        .object({ associationId: operatorAssociationId(), articleId: articleId(), ...articleFields })
        .check(z.refine(windowInOrder, WINDOW_ORDER)),
      WINDOW_DOCUMENTATION,
    ),
  output: () => operatorArticleSchema,
});

export const publishOperatorArticle = defineCall({
  name: 'publishOperatorArticle',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary: 'Publishes (`published: true`) or withdraws an article of the association; twice changes nothing more. Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), articleId: articleId(), published: z.boolean() }),
  output: () => operatorArticleSchema,
});

/** Alternative text in Japanese: at least one kana or kanji. */
const heroAlt = () =>
  documented(
    requiredText('代替テキスト', ARTICLE_IMAGE_ALT_MAX).check(
      z.refine(
        (alt) => alt.length === 0 || /[\u3040-\u30ff\u3400-\u9fff\uff66-\uff9f]/.test(alt),
        '代替テキストは日本語で入力してください',
      ),
    ),
    {
      pattern: '[\\u3040-\\u30ff\\u3400-\\u9fff\\uff66-\\uff9f]',
      description: 'Japanese: holds at least one kana or kanji; trimmed, not whitespace alone.',
    },
  );

export const setOperatorArticleImage = defineCall({
  name: 'setOperatorArticleImage',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  maxBodyBytes: IMAGE_UPLOAD_MAX_BODY_BYTES,
  summary:
    'Sets (or replaces) the hero image of an article of the association with its alternative text (Japanese, 100 characters at most): JPEG, PNG or WebP by content (5 MB at most), re-encoded as WebP without metadata in 320, 640 and 1280 px widths; audited.',
  input: () =>
    z.object({
      associationId: operatorAssociationId(),
      articleId: articleId(),
      alt: heroAlt(),
      /** The picture's bytes, base64. */
      contentBase64: imageContentBase64(),
    }),
  output: () => operatorArticleSchema,
});

export const removeOperatorArticleImage = defineCall({
  name: 'removeOperatorArticleImage',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Removes the hero image of an article of the association: its stored files are deleted (their URLs answer 404). Removing it from an article without one answers the same and records nothing. Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), articleId: articleId() }),
  output: () => operatorArticleSchema,
});

export const ArticleErrorCodes = {
  /** 409: the quiz has answers; changing its question, choices or answer would change what members answered. */
  quizAnswered: 'article_quiz_answered',
} as const;
