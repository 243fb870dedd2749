import { japanDay } from '@sukoyaka/contract';
import { and, eq, like } from 'drizzle-orm';
import { activityEvents, auditLogs, bloodPressures, challengeEntries, earningMarks, ledgerTransfers, steps } from '../src/db/schema';
import { monthEndOf, monthStartOf, settleChallenges } from '../src/incentives/challenges';
import { createProgram } from '../src/incentives/operator';
import { runEarning } from '../src/incentives/programs';
import { reconcile } from '../src/incentives/reconcile';
import { testContextForFile, signedInMember, signedInOperator, type Agent } from './helpers';

/*
 * Monthly challenges (issue 29, decision 0029): operators define them, members take them for the
 * month, the month's own days count (fairly: a reading dated back later, a hand-entered or held
 * step count count for nothing, a day is one day however often re-entered), and completing pays
 * the points through the earning rules, once — also when two writes complete it at once.
 */

const ctx = testContextForFile();

const today = () => japanDay(ctx.clock.now());
const monthStart = () => monthStartOf(today());

/** `count` days of this month other than today, oldest first: the month's days, wherever today falls. */
function otherDaysOfMonth(count: number): string[] {
  const days: string[] = [];
  const end = monthEndOf(monthStart());
  for (let day = monthStart(); day <= end && days.length < count;) {
    if (day !== today()) days.push(day);
    day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  }
  return days;
}

/** A blood-pressure reading at 8:00 on `day`, recorded at `recordedOn` (its day by default) 9:00. */
async function readingOn(userId: string, day: string, recordedOn = day) {
  await ctx.db.insert(bloodPressures).values({
    userId,
    measuredAt: new Date(`${day}T08:00:00+09:00`),
    createdAt: new Date(`${recordedOn}T09:00:00+09:00`),
    systolic: 124,
    diastolic: 80,
  });
}

const balance = async (agent: Agent, pointId: string) => (await agent.get('getEnablePointAccount', { pointId })).body.balance as number;
const find = async (agent: Agent, id: string) =>
  ((await agent.get('listChallenges')).body.items as Array<{ id: string }>).find((item) => item.id === id) as
    Record<string, unknown> | undefined;

/** A member with a program of their association and an editor of it, and its two challenges. */
async function association() {
  const { member, agent } = await signedInMember(ctx);
  const pointId = await createProgram(ctx.db, { associationId: member.associationId, name: 'すこやかポイント', dailyPointCeiling: 200 });
  const operator = await signedInOperator(ctx, [{ associationId: member.associationId, role: 'editor' }]);
  const create = (input: Record<string, unknown>) =>
    operator.agent.operatorPost('createOperatorChallenge', { associationId: member.associationId, pointId, ...input });
  const bp = await create({ title: '今月3日、血圧を記録する', kind: 'blood_pressure_days', targetDays: 3, points: 50 });
  expect(bp.status).toBe(200);
  const walk = await create({ title: '8,000歩を2日', kind: 'step_days', targetDays: 2, minSteps: 8000, points: 30 });
  expect(walk.status).toBe(200);
  return { member, agent, pointId, operator, create, bpId: bp.body.id as string, walkId: walk.body.id as string };
}

describe('operators define challenges for their association', () => {
  it('creates them with their menu (audited), refuses bad input naming the field, and another association is out of reach', async () => {
    const { member, operator, create, bpId, pointId } = await association();
    const list = await operator.agent.get('listOperatorChallenges', { associationId: member.associationId });
    expect(list.status).toBe(200);
    const rows = list.body.items.map((item: { title: string; points: number; active: boolean }) => [item.title, item.points, item.active]);
    // Both were made at the same moment of the test's clock: their order among themselves is the id's.
    expect(rows.sort()).toEqual([
      ['8,000歩を2日', 30, true],
      ['今月3日、血圧を記録する', 50, true],
    ]);
    const audited = await ctx.db.select().from(auditLogs).where(eq(auditLogs.event, 'operator_challenge_created'));
    expect(audited.some((row) => JSON.stringify(row.detail).includes(bpId))).toBe(true);

    const noSteps = await create({ title: '歩く', kind: 'step_days', targetDays: 10, points: 10 });
    expect(noSteps.status).toBe(400);
    expect(noSteps.body.fields.minSteps).toEqual(['1日の歩数を入力してください']);
    const tooMany = await create({ title: '歩く', kind: 'step_days', targetDays: 10, minSteps: 8000, points: 500 });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.fields.points[0]).toContain('200以下');
    const tooLong = await create({ title: '毎日', kind: 'blood_pressure_days', targetDays: 31, points: 10 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.fields.targetDays).toBeDefined();
    expect((await operator.agent.get('listOperatorChallenges', { associationId: member.associationId })).body.items).toHaveLength(2);

    // Another association's program, and another association's operator.
    const other = await association();
    const foreignProgram = await operator.agent.operatorPost('createOperatorChallenge', {
      associationId: member.associationId,
      pointId: other.pointId,
      title: '他の組合',
      kind: 'blood_pressure_days',
      targetDays: 1,
      points: 10,
    });
    expect(foreignProgram.status).toBe(404);
    const foreign = await other.operator.agent.operatorPost('setOperatorChallengeActive', {
      associationId: member.associationId,
      challengeId: bpId,
      active: false,
    });
    expect(foreign.status).toBe(403);
    const sneaky = await other.operator.agent.operatorPost('setOperatorChallengeActive', {
      associationId: other.member.associationId,
      challengeId: bpId,
      active: false,
    });
    expect(sneaky.status).toBe(404);
    expect(pointId).not.toBe(other.pointId);
  });

  it('members of another association neither see nor take them; a withdrawn one stays only with those who took it', async () => {
    const { agent, operator, member, bpId, walkId } = await association();
    const stranger = await signedInMember(ctx);
    expect((await stranger.agent.get('listChallenges')).body.items).toEqual([]);
    expect((await stranger.agent.get('getChallenge', { challengeId: bpId })).status).toBe(404);
    expect((await stranger.agent.post('joinChallenge', { challengeId: bpId })).status).toBe(404);
    expect(await ctx.db.select().from(challengeEntries).where(eq(challengeEntries.userId, stranger.member.id))).toEqual([]);

    expect((await agent.post('joinChallenge', { challengeId: walkId })).status).toBe(200);
    for (const challengeId of [bpId, walkId]) {
      const off = await operator.agent.operatorPost('setOperatorChallengeActive', {
        associationId: member.associationId,
        challengeId,
        active: false,
      });
      expect(off.body.active).toBe(false);
    }
    const items = (await agent.get('listChallenges')).body.items as Array<{ id: string }>;
    expect(items.map((item) => item.id)).toEqual([walkId]);
    expect((await agent.post('joinChallenge', { challengeId: bpId })).status).toBe(404);
    const withdrawn = await ctx.db.select().from(auditLogs).where(eq(auditLogs.event, 'operator_challenge_withdrawn'));
    expect(withdrawn.length).toBeGreaterThanOrEqual(2);
  });
});

describe('a member takes a challenge and completes it, once', () => {
  it("counts the month's days with a reading recorded on time, completes on the last one and pays the points once", async () => {
    const { member, agent, pointId, bpId } = await association();
    const offered = await find(agent, bpId);
    expect(offered).toMatchObject({ title: '今月3日、血圧を記録する', targetDays: 3, points: 50, joinedAt: null, progressDays: 0 });
    expect(offered!.month).toBe(today().slice(0, 7));

    const [first, second, backdated] = otherDaysOfMonth(3) as [string, string, string];
    await readingOn(member.id, first);
    await readingOn(member.id, first); // the same day twice is one day
    // Typed in a week after the day it tells of: it counts for nothing.
    await readingOn(member.id, backdated, new Date(Date.parse(`${backdated}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10));
    // Last month's reading does not count in this month's challenge.
    const lastMonth = new Date(Date.parse(`${monthStart()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await readingOn(member.id, lastMonth);

    const joined = await agent.post('joinChallenge', { challengeId: bpId });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ progressDays: 1, countedDays: [first], completedAt: null });
    expect((await agent.post('joinChallenge', { challengeId: bpId })).body.joinedAt).toBe(joined.body.joinedAt);

    await readingOn(member.id, second);
    expect((await agent.get('getChallenge', { challengeId: bpId })).body.progressDays).toBe(2);
    expect(await balance(agent, pointId)).toBe(0);

    // Today's reading, through the API: the third day completes it and its points arrive with the answer.
    const saved = await agent.post('saveBloodPressure', { measuredAt: ctx.clock.now().toISOString(), systolic: 122, diastolic: 78 });
    expect(saved.status).toBe(200);
    const done = await agent.get('getChallenge', { challengeId: bpId });
    expect(done.body.progressDays).toBe(3);
    expect(done.body.countedDays).toEqual([first, second, today()].sort());
    expect(done.body.completedAt).not.toBeNull();
    expect(await balance(agent, pointId)).toBe(50);
    const history = await agent.get('listPointTransactions', { pointId });
    expect(history.body.transactions.map((row: { description: string; amount: number }) => [row.description, row.amount])).toContainEqual([
      'チャレンジ達成：今月3日、血圧を記録する',
      50,
    ]);

    // Deleted and entered again, the day is still one day; nothing is paid twice, by the writes nor by the job.
    expect((await agent.post('deleteBloodPressure', { id: saved.body.id })).status).toBe(200);
    await agent.post('saveBloodPressure', { measuredAt: ctx.clock.now().toISOString(), systolic: 121, diastolic: 77 });
    await runEarning(ctx.db, ctx.clock.now());
    expect(await ctx.db.transaction((tx) => settleChallenges(tx, member.id, ctx.clock.now()))).toBe(0);
    expect((await agent.get('getChallenge', { challengeId: bpId })).body.completedAt).toBe(done.body.completedAt);
    expect(await balance(agent, pointId)).toBe(50);
    const events = await ctx.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.userId, member.id), like(activityEvents.kind, 'challenge_completed:%')));
    expect(events).toHaveLength(1);
    const marks = await ctx.db.select().from(earningMarks).where(eq(earningMarks.eventId, events[0]!.id));
    expect(marks.map((mark) => [mark.outcome, mark.points])).toEqual([['earned', 50]]);
    expect((await reconcile(ctx.db)).ok).toBe(true);
  });

  it('counts only device or app step days that reach the steps and are not held; a hand entry is the member’s word', async () => {
    const { member, agent, pointId, walkId } = await association();
    expect((await agent.post('joinChallenge', { challengeId: walkId })).body.progressDays).toBe(0);
    const [a, b, c] = otherDaysOfMonth(3) as [string, string, string];
    await ctx.db.insert(steps).values([
      { userId: member.id, day: a, steps: 150_000, source: 'wearable', status: 'held' },
      { userId: member.id, day: b, steps: 7_999, source: 'wearable' },
      { userId: member.id, day: c, steps: 12_000, source: 'wearable' },
    ]);
    // Typed in by hand today: not counted.
    expect((await agent.post('saveStep', { day: today(), steps: 9_000 })).status).toBe(200);
    const progress = await agent.get('getChallenge', { challengeId: walkId });
    expect(progress.body).toMatchObject({ progressDays: 1, countedDays: [c], completedAt: null });
    expect(await balance(agent, pointId)).toBe(0);

    // The app's count for today replaces the hand entry and completes it.
    const ingested = await agent.post('ingestVitals', {
      items: [{ type: 'steps', clientRecordId: 'steps-today', day: today(), steps: 8_500 }],
    });
    expect(ingested.status).toBe(200);
    const done = await agent.get('getChallenge', { challengeId: walkId });
    expect(done.body).toMatchObject({ progressDays: 2, countedDays: [c, today()].sort() });
    expect(done.body.completedAt).not.toBeNull();
    expect(await balance(agent, pointId)).toBe(30);
  });

  it('joining late in the month counts the days already recorded: it can complete on joining', async () => {
    const { member, agent, pointId, bpId } = await association();
    for (const day of otherDaysOfMonth(3)) await readingOn(member.id, day);
    const joined = await agent.post('joinChallenge', { challengeId: bpId });
    expect(joined.body.progressDays).toBe(3);
    expect(joined.body.completedAt).not.toBeNull();
    expect(await balance(agent, pointId)).toBe(50);
  });

  it('two writes completing it at once pay once', async () => {
    const { member, agent, pointId, bpId } = await association();
    const [first, second] = otherDaysOfMonth(2) as [string, string];
    await readingOn(member.id, first);
    await readingOn(member.id, second);
    await agent.post('joinChallenge', { challengeId: bpId });
    const now = ctx.clock.now().getTime();
    const answers = await Promise.all(
      [0, 1, 2, 3].map((index) =>
        agent.post('saveBloodPressure', { measuredAt: new Date(now - index * 60_000).toISOString(), systolic: 120 + index, diastolic: 70 }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(await balance(agent, pointId)).toBe(50);
    const completions = await ctx.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, member.id), like(ledgerTransfers.description, 'チャレンジ達成%')));
    expect(completions).toHaveLength(1);
  });

  it('a program that asks for consent has it before its challenge is taken', async () => {
    const { member, agent } = await signedInMember(ctx);
    const pointId = await createProgram(ctx.db, {
      associationId: member.associationId,
      name: '同意が必要なポイント',
      requiresConsent: true,
      consentText: '第1条',
    });
    const operator = await signedInOperator(ctx, [{ associationId: member.associationId, role: 'editor' }]);
    const created = await operator.agent.operatorPost('createOperatorChallenge', {
      associationId: member.associationId,
      pointId,
      title: '血圧を1日',
      kind: 'blood_pressure_days',
      targetDays: 1,
      points: 10,
    });
    const refused = await agent.post('joinChallenge', { challengeId: created.body.id });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('point_agreement_required');
    expect(await ctx.db.select().from(challengeEntries).where(eq(challengeEntries.userId, member.id))).toEqual([]);
    expect((await agent.post('createPointAgreement', { pointId })).status).toBe(200);
    await readingOn(member.id, otherDaysOfMonth(1)[0]!);
    const joined = await agent.post('joinChallenge', { challengeId: created.body.id });
    expect(joined.body.completedAt).not.toBeNull();
    expect(await balance(agent, pointId)).toBe(10);
  });

  it('progress is the member’s own: another member’s readings never count', async () => {
    const { agent, bpId } = await association();
    const other = await signedInMember(ctx);
    for (const day of otherDaysOfMonth(3)) await readingOn(other.member.id, day);
    expect((await agent.post('joinChallenge', { challengeId: bpId })).body.progressDays).toBe(0);
  });
});
