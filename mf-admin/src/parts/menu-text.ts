import type { OperatorProgram } from '@sukoyaka/contract';

type Menu = OperatorProgram['menus'][number];

const VITALS: Record<string, string> = {
  bloodPressure: '血圧',
  bloodSugar: '血糖値',
  weight: '体重',
  bodyTemperature: '体温',
  steps: '歩数',
};

/** What earns the points, as a noun phrase: 体重の記録, 目標歩数の達成 … */
function occasion(menu: Pick<Menu, 'kind' | 'eventKind'>): string {
  switch (menu.kind) {
    case 'vital_recorded': {
      const vital = VITALS[menu.eventKind.split(':')[1] ?? ''];
      return vital ? `${vital}の記録` : '記録';
    }
    case 'step_goal_reached':
      return '目標歩数の達成';
    case 'enquete_answered':
      return 'アンケートへの回答';
    case 'campaign_entered':
      return 'キャンペーンへの参加';
    case 'challenge_completed':
      return 'チャレンジの達成';
    case 'article_quiz_correct':
      return '健康記事のクイズに正解';
    default:
      return menu.kind;
  }
}

/**
 * A menu's terms in one natural sentence fragment: 「体重の記録1回につき10pt、1日1回まで」. The parts
 * are whole phrases joined by 、, never a verb with a particle glued on (「記録したで10pt」).
 */
export function menuTerms(menu: Pick<Menu, 'kind' | 'eventKind' | 'points' | 'dailyLimit' | 'totalLimit'>): string {
  const parts = [`${occasion(menu)}1回につき${menu.points.toLocaleString('ja-JP')}pt`];
  if (menu.dailyLimit) parts.push(`1日${menu.dailyLimit}回まで`);
  if (menu.totalLimit) parts.push(`通算${menu.totalLimit}回まで`);
  return parts.join('、');
}
