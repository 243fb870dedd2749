import { menuTerms } from './menu-text';

describe('a point menu’s terms read as natural Japanese (issue 27: not 「記録したで10pt」)', () => {
  it('names what is recorded and the points per time, then the limits', () => {
    expect(menuTerms({ kind: 'vital_recorded', eventKind: 'vital_recorded:weight', points: 10, dailyLimit: 1, totalLimit: null })).toBe(
      '体重の記録1回につき10pt、1日1回まで',
    );
    expect(menuTerms({ kind: 'step_goal_reached', eventKind: 'step_goal_reached', points: 1000, dailyLimit: null, totalLimit: 3 })).toBe(
      '目標歩数の達成1回につき1,000pt、通算3回まで',
    );
    expect(menuTerms({ kind: 'enquete_answered', eventKind: 'enquete_answered', points: 30, dailyLimit: null, totalLimit: null })).toBe(
      'アンケートへの回答1回につき30pt',
    );
  });

  it('never glues a particle onto a verb', () => {
    for (const kind of ['vital_recorded', 'step_goal_reached', 'enquete_answered', 'campaign_entered'] as const) {
      expect(menuTerms({ kind, eventKind: kind, points: 5, dailyLimit: 2, totalLimit: null })).not.toMatch(/したで|たで/);
    }
  });
});
