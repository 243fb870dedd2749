import type { OperatorWalkingEvent } from '@sukoyaka/contract';
import { reply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION_ID, renderAt, setupAdminBff, signedIn } from '../testing/render';

const bff = setupAdminBff();
const EVENT_ID = '8de401c0-3c6f-4e9a-b1b2-9f0ab1c2d3e4';
const DAY_ID = '9ef512d1-4d7a-4fab-82c3-0a1bc2d3e4f5';

const event: OperatorWalkingEvent = {
  id: EVENT_ID,
  programId: '0af623e2-5e8b-4abc-93d4-1b2cd3e4f5a6',
  title: '秋のチームウォーキング',
  description: '',
  startsOn: '2026-11-01',
  endsOn: '2026-11-28',
  graceDays: 3,
  mode: 'both',
  teamSize: 5,
  dailyLimit: 50000,
  finishSteps: 200000,
  finishPoints: 100,
  rankRewards: [],
  teamRankRewards: [],
  phase: 'grace',
  participants: 120,
  teams: 20,
  closedAt: null,
  heldDays: 1,
  paidOut: false,
};

describe('walking events (issue 29)', () => {
  it('shows a held day, refuses it, and closes the event', async () => {
    signedIn(bff);
    bff.onCall('listOperatorWalkingEvents', reply({ items: [event] }));
    bff.onCall(
      'listOperatorWalkingHeldDays',
      reply({
        items: [
          {
            id: DAY_ID,
            participantId: 'abcdef12-0000-4000-8000-000000000000',
            day: '2026-11-10',
            steps: 60000,
            previousDaySteps: 8000,
            reason: 'over_limit',
          },
        ],
      }),
    );
    const decided: unknown[] = [];
    bff.onCall('decideOperatorWalkingDay', (request) => {
      decided.push(request.body);
      return reply({
        id: DAY_ID,
        participantId: 'abcdef12-0000-4000-8000-000000000000',
        day: '2026-11-10',
        steps: 60000,
        previousDaySteps: 8000,
        reason: 'over_limit',
      });
    });
    const closed: unknown[] = [];
    bff.onCall('closeOperatorWalkingEvent', (request) => {
      closed.push(request.body);
      return reply({ ...event, phase: 'closed', closedAt: '2026-12-02T00:00:00Z' });
    });
    renderAt('/admin/walking_events');
    expect(await screen.findByRole('heading', { name: '秋のチームウォーキング' })).toBeInTheDocument();
    const held = await screen.findByRole('list', { name: '秋のチームウォーキングの確認中の日' });
    expect(within(held).getByText(/60,000歩（1日の上限を超えています、前日 8,000歩）/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '2026-11-10の歩数を認めない' }));
    await userEvent.click(screen.getByRole('button', { name: '秋のチームウォーキングを締めて報酬を付与する' }));
    expect(decided).toEqual([{ associationId: ASSOCIATION_ID, eventId: EVENT_ID, dayId: DAY_ID, decision: 'refuse' }]);
    expect(closed).toEqual([{ associationId: ASSOCIATION_ID, eventId: EVENT_ID }]);
  });

  it('says a closed event is still paying until its payout is done', async () => {
    signedIn(bff);
    const closedAt = '2026-12-02T00:00:00Z';
    bff.onCall(
      'listOperatorWalkingEvents',
      reply({
        items: [
          { ...event, phase: 'closed', closedAt, heldDays: 0, paidOut: false },
          {
            ...event,
            id: 'abcdef12-0000-4000-8000-00000000000e',
            title: '春のウォーキング',
            phase: 'closed',
            closedAt,
            heldDays: 0,
            paidOut: true,
          },
        ],
      }),
    );
    renderAt('/admin/walking_events');
    const paying = (await screen.findByRole('heading', { name: '秋のチームウォーキング' })).closest('[aria-labelledby]')!;
    expect(paying).toHaveTextContent('締め済み（ポイント付与中）');
    const paid = screen.getByRole('heading', { name: '春のウォーキング' }).closest('[aria-labelledby]')!;
    expect(paid).toHaveTextContent('締め済み／');
    expect(paid).not.toHaveTextContent('ポイント付与中');
  });
});
