import { readingMinutes } from '@sukoyaka/contract';
import type { Executor } from '../db/client';
import { articles } from '../db/schema';
import { drawDemoPicture } from '../platform/images';
import { processArticleImage, storeArticleImage } from './article-images';

/** The demo's health articles (README "Content"): a site-wide one on cholesterol with a quiz, and the association's on walking. */
export const DEMO_ARTICLE_TITLE = 'LDL コレステロールと上手に付き合う';
export const DEMO_WALKING_TITLE = '今日から始めるウォーキング';

const LIPIDS_BODY = [
  '## LDL コレステロールとは',
  'LDL コレステロールは、**悪玉コレステロール**とも呼ばれます。血液中に増えすぎると血管の壁にたまり、動脈硬化の原因になります。',
  '## 今日からできること',
  '- 野菜・海藻・きのこで食物繊維をとる\n- 肉の脂身やバターを控え、魚を選ぶ\n- 1日あと1,000歩、歩く',
  '特定健診では、120 mg/dL 以上で保健指導の対象に、140 mg/dL 以上で医療機関の受診をすすめられます。健診の結果は[健康診断の記録](/health_reports)で確かめられます。',
].join('\n\n');

const WALKING_BODY = [
  'ウォーキングは、特別な道具がなくても始められる運動です。',
  '## 続けるコツ',
  '1. 通勤や買い物で一駅分歩く\n2. 歩数を毎日記録する\n3. 週に一度、少し遠くまで歩く',
].join('\n\n');

// The demo articles' hero pictures, 16:9, drawn at seed time as the demo gifts' are
// (platform/images.ts drawDemoPicture), then checked, re-encoded and stored exactly as an
// operator's upload (setOperatorArticleImage).

/** Pictures by demo article, each with the alternative text an operator would write. */
export const DEMO_ARTICLE_PICTURES = {
  lipids: {
    alt: '焼き魚と野菜・きのこを盛りつけた和定食のイラスト',
    background: '#fdf1e4',
    shapes: `<ellipse cx="640" cy="430" rx="470" ry="200" fill="#e8d3b9"/><ellipse cx="470" cy="400" rx="190" ry="70" fill="#ffffff"/><path d="M330 400 q140 -80 280 0 q-140 70 -280 0 z" fill="#c9783d"/><path d="M600 400 l50 -35 v70 z" fill="#c9783d"/><circle cx="820" cy="360" r="90" fill="#ffffff"/><circle cx="790" cy="345" r="34" fill="#3f8f3a"/><circle cx="845" cy="370" r="30" fill="#5fb04f"/><circle cx="815" cy="395" r="22" fill="#e2572b"/><circle cx="830" cy="500" r="70" fill="#ffffff"/><path d="M790 505 q40 -50 80 0 z" fill="#8a5a3b"/><rect x="825" y="505" width="12" height="30" fill="#d9c2a3"/><path d="M360 560 h560" stroke="#7a4a2a" stroke-width="14" stroke-linecap="round"/>`,
  },
  walking: {
    alt: '朝の並木道を歩く人のイラスト',
    background: '#dff1fb',
    shapes: `<circle cx="1080" cy="150" r="70" fill="#f6c945"/><path d="M0 560 q640 -120 1280 0 v160 h-1280 z" fill="#9fd18b"/><path d="M540 720 q60 -170 100 -190 q40 20 100 190 z" fill="#e8d9b5"/><rect x="200" y="330" width="26" height="200" fill="#7a4a2a"/><circle cx="213" cy="300" r="90" fill="#3f8f3a"/><rect x="1030" y="340" width="26" height="190" fill="#7a4a2a"/><circle cx="1043" cy="310" r="85" fill="#3f8f3a"/><circle cx="640" cy="300" r="30" fill="#f1c9a5"/><path d="M640 335 v95" stroke="#1f6fb2" stroke-width="34" stroke-linecap="round"/><path d="M640 350 l-45 55 M640 350 l45 45" stroke="#1f6fb2" stroke-width="18" stroke-linecap="round"/><path d="M640 430 l-40 80 M640 430 l35 80" stroke="#2d3a4a" stroke-width="20" stroke-linecap="round"/>`,
  },
} as const;

/** Draws the picture and stores it for the article, as setOperatorArticleImage would. */
async function seedArticlePicture(
  tx: Executor,
  articleId: string,
  picture: { alt: string; background: string; shapes: string },
  now: Date,
): Promise<void> {
  const png = await drawDemoPicture({ width: 1280, height: 720 }, picture.background, picture.shapes);
  await storeArticleImage(tx, articleId, picture.alt, await processArticleImage(png), now);
}

export async function seedDemoArticles(tx: Executor, associationId: string, at: (days: number) => Date): Promise<void> {
  const seeded = await tx
    .insert(articles)
    .values([
      {
        associationId: null,
        title: DEMO_ARTICLE_TITLE,
        category: 'lipids',
        body: LIPIDS_BODY,
        readingMinutes: readingMinutes(LIPIDS_BODY),
        quizQuestion: '特定健診で保健指導の対象となる LDL コレステロールの値はどれでしょう？',
        quizChoices: ['100 mg/dL 以上', '120 mg/dL 以上', '160 mg/dL 以上'],
        quizAnswer: 1,
        quizExplanation: '特定健診では、LDL コレステロール 120 mg/dL 以上で保健指導の対象に、140 mg/dL 以上で受診をすすめられます。',
        publishFrom: at(-2),
        publishedAt: at(-2),
      },
      {
        associationId,
        title: DEMO_WALKING_TITLE,
        category: 'exercise',
        body: WALKING_BODY,
        readingMinutes: readingMinutes(WALKING_BODY),
        publishFrom: at(-1),
        publishedAt: at(-1),
      },
    ])
    .returning({ id: articles.id, title: articles.title });
  // By title: a multi-row insert's RETURNING order is not promised.
  const idOf = (title: string) => seeded.find((row) => row.title === title)!.id;
  await seedArticlePicture(tx, idOf(DEMO_ARTICLE_TITLE), DEMO_ARTICLE_PICTURES.lipids, at(0));
  await seedArticlePicture(tx, idOf(DEMO_WALKING_TITLE), DEMO_ARTICLE_PICTURES.walking, at(0));
}
