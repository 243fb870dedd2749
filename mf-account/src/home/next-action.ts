import type { EnqueteSummary, VitalsSummary } from '@sukoyaka/contract';
import { japanDay } from './greeting';

interface NextAction {
  text: string;
  href: string;
  linkLabel: string;
}

/**
 * The one thing home suggests next, first that applies (README "Home"):
 * 1. no weight recorded today (Japan) → record today's weight;
 * 2. today's steps below the goal → how many steps are left;
 * 3. an open enquete not answered → answer it;
 * 4. an unread announcement → read it;
 * 5. otherwise → a word of thanks and a look at the records.
 * Parts not known yet (their call failed or is loading) are skipped, never guessed.
 */
export function nextAction(
  facts: { vitals?: VitalsSummary | undefined; enquetes?: EnqueteSummary[] | undefined; unread?: number | undefined },
  now: Date,
): NextAction {
  const { vitals, enquetes, unread } = facts;
  const today = japanDay(now);
  if (vitals && (!vitals.weight || japanDay(new Date(vitals.weight.measuredAt)) !== today)) {
    return { text: '今日の体重を記録しましょう', href: '/vitals/weight', linkLabel: '体重を記録する' };
  }
  const goal = vitals?.goals.dailySteps ?? null;
  if (vitals && goal && vitals.today.steps < goal) {
    const left = goal - vitals.today.steps;
    return {
      text: `目標まであと${left.toLocaleString('ja-JP')}歩です。少し歩いてみましょう`,
      href: '/vitals/steps',
      linkLabel: '歩数を見る',
    };
  }
  const open = enquetes?.find((enquete) => enquete.answeredAt === null);
  if (open) return { text: `アンケート「${open.title}」に回答しましょう`, href: `/enquetes/${open.id}`, linkLabel: 'アンケートに回答する' };
  if (unread && unread > 0) return { text: `未読のお知らせが${unread}件あります`, href: '/announcements', linkLabel: 'お知らせを見る' };
  return { text: '今日の記録はばっちりです。この調子で続けましょう', href: '/vitals', linkLabel: '記録を見る' };
}
