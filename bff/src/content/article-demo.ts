import { readingMinutes } from '@sukoyaka/contract';
import type { Executor } from '../db/client';
import { articles } from '../db/schema';

/** The demo's health articles (README "Content"): a site-wide one on cholesterol with a quiz, and the association's on walking. */
export const DEMO_ARTICLE_TITLE = 'LDL コレステロールと上手に付き合う';

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

export async function seedDemoArticles(tx: Executor, associationId: string, at: (days: number) => Date): Promise<void> {
  await tx.insert(articles).values([
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
      title: '今日から始めるウォーキング',
      category: 'exercise',
      body: WALKING_BODY,
      readingMinutes: readingMinutes(WALKING_BODY),
      publishFrom: at(-1),
      publishedAt: at(-1),
    },
  ]);
}
