import { japanDay } from '@sukoyaka/contract';
import { and, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { activityEvents, earningMarks, ledgerTransfers, prizeCompetitions, steps, weights } from '../src/db/schema';
import { grantPoints, createProgram } from '../src/incentives/operator';
import { runEarning } from '../src/incentives/programs';
import { reconcile } from '../src/incentives/reconcile';
import { testContextForFile, DAY, type Agent, signedInMember, startOfJapanDay } from './helpers';

/*
 * The earning rules (issue 24 #2): a reading earns only when recorded on its own day or the next
 * (Japan time); caps count by the day points are paid; a program pays a member at most its daily
 * ceiling; competitions and step goals count device or app steps, a day over 100,000 held for
 * review. And a coin competition entry is its own kind of transfer, reconciled (issue 24 #3).
 */

const ctx = testContextForFile();

const vitalMenus = (dailyLimit: number | null) =>
  (['weight', 'bloodPressure', 'bodyTemperature'] as const).map((vitalType) => ({
    kind: 'vital_recorded' as const,
    vitalType,
    title: `${vitalType}を記録`,
    points: 10,
    dailyLimit,
  }));

const balanceOf = async (agent: Agent, pointId: string) => (await agent.get('getEnablePointAccount', { pointId })).body.balance as number;

/** A published competition of the member's association, open now. */
async function competition(associationId: string, entry: { stepsRequired: number } | { coinCost: number }) {
  const secret = randomBytes(32).toString('hex');
  const [row] = await ctx.db
    .insert(prizeCompetitions)
    .values({
      associationId,
      title: 'テスト懸賞',
      startsAt: new Date(ctx.clock.now().getTime() - 7 * DAY),
      endsAt: new Date(ctx.clock.now().getTime() + 7 * DAY),
      entryKind: 'stepsRequired' in entry ? 'steps' : 'coins',
      stepsRequired: 'stepsRequired' in entry ? entry.stepsRequired : null,
      coinCost: 'coinCost' in entry ? entry.coinCost : null,
      prizes: JSON.stringify([{ name: '体組成計', winners: 1 }]),
      secret,
      secretHash: secret,
      publishedAt: ctx.clock.now(),
    })
    .returning();
  return row!.id;
}

const coinsFor = (userId: string, amount: number) =>
  grantPoints(ctx.db, {
    userId,
    programId: null,
    amount,
    reason: 'テスト付与',
    operator: 'test',
    idempotencyKey: `grant-${userId}`,
    now: ctx.clock.now(),
  });

const myCompetition = async (agent: Agent, id: string) =>
  (await agent.get('listOpenPrizeCompetitions')).body.items.find((item: { id: string }) => item.id === id);

describe('issue 24 #2: readings dated in the past earn nothing; caps by pay day, a daily ceiling, plausible device steps', () => {
  it('a batch of 300 readings over 100 days earns only for the readings of today and yesterday, and stores all 300', async () => {
    const { member, agent } = await signedInMember(ctx);
    const pointId = await createProgram(ctx.db, { associationId: member.associationId, name: 'すこやかポイント', menus: vitalMenus(null) });
    const items = Array.from({ length: 100 }, (_, day) => [
      { type: 'weight', clientRecordId: `w-${day}`, measuredAt: startOfJapanDay(day), weight: 65 },
      { type: 'bloodPressure', clientRecordId: `bp-${day}`, measuredAt: startOfJapanDay(day), systolic: 120, diastolic: 80 },
      { type: 'bodyTemperature', clientRecordId: `t-${day}`, measuredAt: startOfJapanDay(day), temperature: 36.5 },
    ]).flat();
    const response = await agent.post('ingestVitals', { items });
    expect(response.status).toBe(200);
    expect(response.body.results.filter((result: { status: string }) => result.status === 'stored')).toHaveLength(300);
    // Three kinds, each for today and yesterday, 10 points each: 60, not 3,000.
    expect(await balanceOf(agent, pointId)).toBe(60);
    expect(await ctx.db.select().from(weights).where(eq(weights.userId, member.id))).toHaveLength(100);
    const late = await ctx.db
      .select()
      .from(earningMarks)
      .where(and(eq(earningMarks.userId, member.id), eq(earningMarks.outcome, 'late')));
    expect(late).toHaveLength(294);
  });

  it('a weight dated 2001-01-01 is stored for the record and earns nothing', async () => {
    const { member, agent } = await signedInMember(ctx);
    const pointId = await createProgram(ctx.db, { associationId: member.associationId, name: 'すこやかポイント', menus: vitalMenus(null) });
    const saved = await agent.post('saveWeight', { measuredAt: '2001-01-01T08:00:00+09:00', weight: 64.8 });
    expect(saved.status).toBe(200);
    const listed = await agent.get('listWeights', { from: '2001-01-01', to: '2001-01-01' });
    expect(listed.body.items.map((item: { id: string }) => item.id)).toEqual([saved.body.id]);
    await runEarning(ctx.db, ctx.clock.now());
    expect(await balanceOf(agent, pointId)).toBe(0);
  });

  it('a once-a-day cap counts the day the points are paid, not the reading’s day', async () => {
    const { agent, member } = await signedInMember(ctx);
    const pointId = await createProgram(ctx.db, { associationId: member.associationId, name: 'すこやかポイント', menus: vitalMenus(1) });
    // Yesterday's and today's weight, both recorded today: one payment today.
    expect((await agent.post('saveWeight', { measuredAt: startOfJapanDay(1), weight: 65 })).status).toBe(200);
    expect((await agent.post('saveWeight', { measuredAt: startOfJapanDay(0), weight: 65 })).status).toBe(200);
    expect(await balanceOf(agent, pointId)).toBe(10);
    const actions = await agent.get('listPointUserActions', { pointId });
    expect(actions.body.actions[0]).toMatchObject({ todayCount: 1, available: false });
  });

  it('a program pays a member at most its daily ceiling', async () => {
    const { agent, member } = await signedInMember(ctx);
    const pointId = await createProgram(ctx.db, {
      associationId: member.associationId,
      name: 'すこやかポイント',
      dailyPointCeiling: 25,
      menus: vitalMenus(null),
    });
    await agent.post('saveWeight', { measuredAt: startOfJapanDay(0), weight: 65 });
    await agent.post('saveBloodPressure', { measuredAt: startOfJapanDay(0), systolic: 120, diastolic: 80 });
    await agent.post('saveBodyTemperature', { measuredAt: startOfJapanDay(0), temperature: 36.5 });
    expect(await balanceOf(agent, pointId)).toBe(25);
    const earned = await ctx.db
      .select({ amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, member.id), eq(ledgerTransfers.kind, 'earn')));
    expect(earned.map((row) => row.amount).sort()).toEqual([10, 10, 5]);
  });

  it('a day of 150,000 steps is stored, held for review, not paid and not counted in a competition', async () => {
    const { agent, member } = await signedInMember(ctx);
    const pointId = await createProgram(ctx.db, {
      associationId: member.associationId,
      name: 'すこやかポイント',
      menus: [
        { kind: 'vital_recorded', vitalType: 'steps', title: '歩数を記録', points: 5 },
        { kind: 'step_goal_reached', title: '目標歩数を達成', points: 20 },
      ],
    });
    expect((await agent.post('saveVitalGoals', { dailySteps: 8000 })).status).toBe(200);
    const id = await competition(member.associationId, { stepsRequired: 10_000 });
    expect((await agent.post('enterPrizeCompetition', { competitionId: id })).status).toBe(200);
    const today = japanDay(new Date());
    const response = await agent.post('ingestVitals', { items: [{ type: 'steps', clientRecordId: 's-1', day: today, steps: 150_000 }] });
    expect(response.body.results[0].status).toBe('stored');
    const [row] = await ctx.db.select().from(steps).where(eq(steps.userId, member.id));
    expect(row).toMatchObject({ day: today, steps: 150_000, source: 'app', status: 'held' });
    expect((await myCompetition(agent, id)).me.steps).toBe(0);
    expect(await balanceOf(agent, pointId)).toBe(0);
    expect(await ctx.db.select().from(activityEvents).where(eq(activityEvents.userId, member.id))).toEqual([]);
    // A plausible count for the day replaces it and counts.
    await agent.post('ingestVitals', { items: [{ type: 'steps', clientRecordId: 's-2', day: today, steps: 12_000 }] });
    expect((await myCompetition(agent, id)).me.steps).toBe(12_000);
    expect(await balanceOf(agent, pointId)).toBe(25);
  });

  it('hand-entered steps count neither in a competition nor for the step goal', async () => {
    const { agent, member } = await signedInMember(ctx);
    expect((await agent.post('saveVitalGoals', { dailySteps: 8000 })).status).toBe(200);
    const id = await competition(member.associationId, { stepsRequired: 10_000 });
    expect((await agent.post('enterPrizeCompetition', { competitionId: id })).status).toBe(200);
    expect((await agent.post('saveStep', { day: japanDay(new Date(Date.now() - DAY)), steps: 50_000 })).status).toBe(200);
    await agent.post('ingestVitals', { items: [{ type: 'steps', clientRecordId: 's-1', day: japanDay(new Date()), steps: 8_000 }] });
    expect((await myCompetition(agent, id)).me.steps).toBe(8_000);
    const goals = await ctx.db
      .select({ day: activityEvents.day })
      .from(activityEvents)
      .where(and(eq(activityEvents.userId, member.id), eq(activityEvents.kind, 'step_goal_reached')));
    expect(goals).toEqual([{ day: japanDay(new Date()) }]);
  });
});

describe('issue 24 #3: a coin competition entry is its own transfer, and reconcile stays green', () => {
  it('entering a coin competition books a competition transfer with its entry behind it', async () => {
    const { agent, member } = await signedInMember(ctx);
    await coinsFor(member.id, 300);
    const id = await competition(member.associationId, { coinCost: 100 });
    expect((await agent.post('enterPrizeCompetition', { competitionId: id })).status).toBe(200);
    const [transfer] = await ctx.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, member.id), eq(ledgerTransfers.reference, id)));
    expect(transfer).toMatchObject({ kind: 'competition', amount: 100 });
    const history = await agent.get('listCoinTransactions', {});
    // The grant and the entry share the test clock's moment: found by kind, not by position.
    expect(history.body.transactions.find((row: { kind: string }) => row.kind === 'competition')).toMatchObject({ amount: -100 });
    const report = await reconcile(ctx.db);
    expect(report.breaks).toEqual([]);
    expect(report.checked).toContain(
      'each competition transfer has exactly one coin entry of the same member and its cost, and each coin entry its transfer',
    );
  });

  it('a competition transfer without its entry breaks the reconcile', async () => {
    const { member } = await signedInMember(ctx);
    await coinsFor(member.id, 100);
    const { debit } = await import('../src/incentives/ledger');
    await ctx.db.transaction((tx) =>
      debit(tx, {
        kind: 'competition',
        userId: member.id,
        programId: null,
        amount: 50,
        description: '懸賞への応募',
        reference: null,
        idempotencyKey: `orphan-${member.id}`,
        now: ctx.clock.now(),
      }),
    );
    const report = await reconcile(ctx.db);
    expect(report.breaks.map((item) => item.invariant)).toEqual([
      'each competition transfer has exactly one coin entry of the same member and its cost, and each coin entry its transfer',
    ]);
  });
});
