import { japanDay } from '@sukoyaka/contract';
import { and, count, eq } from 'drizzle-orm';
import { activityEvents, bloodPressures, bloodSugars, bodyTemperatures, steps, users, weights } from '../src/db/schema';
import { saveDailySteps } from '../src/health/steps';
import { testContextForFile, signedInMember } from './helpers';

/*
 * Daily steps (one count per day, the latest save replaces it), the native apps' idempotent
 * ingest, goals, height and the summary.
 */

const ctx = testContextForFile();

const daysAgo = (days: number) => japanDay(new Date(Date.now() - days * 24 * 60 * 60 * 1000));

async function stepRows(userId: string) {
  return ctx.db.select().from(steps).where(eq(steps.userId, userId)).orderBy(steps.day);
}

async function eventsOf(userId: string) {
  return ctx.db
    .select({ kind: activityEvents.kind, day: activityEvents.day })
    .from(activityEvents)
    .where(eq(activityEvents.userId, userId))
    .orderBy(activityEvents.kind, activityEvents.day);
}

describe('saveStep and listSteps', () => {
  it('keeps one count per day: a later save for the day replaces it', async () => {
    const { agent, member } = await signedInMember(ctx);
    const day = daysAgo(1);
    const first = await agent.post('saveStep', { day, steps: 4000 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ day, steps: 4000, source: 'manual' });
    const second = await agent.post('saveStep', { day, steps: 6500 });
    expect(second.body).toMatchObject({ id: first.body.id, day, steps: 6500 });
    expect((await stepRows(member.id)).map((row) => [row.day, row.steps])).toEqual([[day, 6500]]);
    expect(await eventsOf(member.id)).toEqual([{ kind: 'vital_recorded:steps', day }]);
  });

  it.each([
    ['100,001 steps', { steps: 100001 }, 'steps', '歩数は0〜100000歩の範囲で入力してください'],
    ['negative steps', { steps: -1 }, 'steps', '歩数は0〜100000歩の範囲で入力してください'],
    ['fractional steps', { steps: 10.5 }, 'steps', '歩数は整数で入力してください'],
    ['tomorrow', { day: daysAgo(-2) }, 'day', '日付に未来の日付は指定できません'],
    ['a malformed day', { day: '2026-2-1' }, 'day', '日付の形式が正しくありません'],
    ['before 1900', { day: '1899-12-31' }, 'day', '日付は1900年1月1日以降の日付を入力してください'],
  ])('refuses %s with 400 and saves nothing', async (_name, values, field, message) => {
    const { agent, member } = await signedInMember(ctx);
    const response = await agent.post('saveStep', { day: daysAgo(0), steps: 5000, ...values });
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toContain(message);
    expect(await stepRows(member.id)).toEqual([]);
    expect(await eventsOf(member.id)).toEqual([]);
  });

  it('accepts 0 and 100,000 steps and today', async () => {
    const { agent } = await signedInMember(ctx);
    expect((await agent.post('saveStep', { day: daysAgo(0), steps: 0 })).status).toBe(200);
    expect((await agent.post('saveStep', { day: daysAgo(1), steps: 100000 })).status).toBe(200);
  });

  it('lists days of a period newest first, paging across it', async () => {
    const { agent } = await signedInMember(ctx);
    for (let day = 1; day <= 9; day += 1) await agent.post('saveStep', { day: `2026-02-0${day}`, steps: 1000 * day });
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const response = await agent.get('listSteps', { from: '2026-02-02', to: '2026-02-08', limit: '3', ...(cursor ? { cursor } : {}) });
      expect(response.status).toBe(200);
      seen.push(...response.body.items.map((item: { day: string }) => item.day));
      cursor = response.body.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(['2026-02-08', '2026-02-07', '2026-02-06', '2026-02-05', '2026-02-04', '2026-02-03', '2026-02-02']);
  });

  it('corrects and deletes only the member’s own hand-entered days', async () => {
    const owner = await signedInMember(ctx);
    const other = await signedInMember(ctx);
    const saved = await owner.agent.post('saveStep', { day: daysAgo(2), steps: 3000 });
    expect((await other.agent.post('updateStep', { id: saved.body.id, steps: 1 })).status).toBe(404);
    expect((await other.agent.post('deleteStep', { id: saved.body.id })).status).toBe(404);
    expect((await other.agent.get('listSteps')).body.items).toEqual([]);
    const updated = await owner.agent.post('updateStep', { id: saved.body.id, steps: 3500 });
    expect(updated.body).toMatchObject({ id: saved.body.id, steps: 3500 });
    // A synced day is the wearable's record.
    const synced = await saveDailySteps(ctx.db, owner.member.id, { day: daysAgo(3), steps: 7000, source: 'wearable' });
    const refused = await owner.agent.post('updateStep', { id: synced.row.id, steps: 1 });
    expect([refused.status, refused.body.code]).toEqual([409, 'vital_reading_not_editable']);
    expect((await owner.agent.post('deleteStep', { id: synced.row.id })).status).toBe(409);
    expect((await owner.agent.post('deleteStep', { id: saved.body.id })).status).toBe(200);
    expect((await stepRows(owner.member.id)).map((row) => [row.day, row.steps, row.source])).toEqual([[daysAgo(3), 7000, 'wearable']]);
  });
});

describe('saveDailySteps (the Fitbit sync)', () => {
  it('leaves one row per day when two syncs overlap, and the latest save replaces a hand entry', async () => {
    const { member, agent } = await signedInMember(ctx);
    const day = daysAgo(1);
    await agent.post('saveStep', { day, steps: 1200 });
    await Promise.all(
      Array.from({ length: 6 }, (_, index) => saveDailySteps(ctx.db, member.id, { day, steps: 9000 + (index % 2), source: 'wearable' })),
    );
    const rows = await stepRows(member.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ day, source: 'wearable' });
    expect([9000, 9001]).toContain(rows[0]!.steps);
    const again = await saveDailySteps(ctx.db, member.id, { day, steps: rows[0]!.steps, source: 'wearable' });
    expect(again.changed).toBe(false);
    expect(await eventsOf(member.id)).toEqual([{ kind: 'vital_recorded:steps', day }]);
  });
});

describe('ingestVitals (the native apps)', () => {
  const batch = () => ({
    items: [
      { type: 'bloodSugar', clientRecordId: 'hk-bs-1', measuredAt: '2026-05-01T07:00:00+09:00', glucose: 101, timing: 'fasting' },
      {
        type: 'bloodPressure',
        clientRecordId: 'hk-bp-1',
        measuredAt: '2026-05-01T07:01:00+09:00',
        systolic: 126,
        diastolic: 81,
        pulse: 66,
      },
      { type: 'weight', clientRecordId: 'hk-w-1', measuredAt: '2026-05-01T07:02:00+09:00', weight: 70.2, bodyFat: 22.4 },
      { type: 'steps', clientRecordId: 'hk-s-2026-05-01', day: '2026-05-01', steps: 8800 },
      { type: 'bodyTemperature', clientRecordId: 'hk-t-1', measuredAt: '2026-05-01T07:03:00+09:00', temperature: 36.48 },
    ],
  });

  async function counts(userId: string) {
    const tables = { bloodSugars, bloodPressures, weights, steps, bodyTemperatures };
    const result: Record<string, number> = {};
    for (const [name, table] of Object.entries(tables)) {
      const [row] = await ctx.db.select({ n: count() }).from(table).where(eq(table.userId, userId));
      result[name] = row!.n;
    }
    return result;
  }

  it('stores each reading once when the same batch is sent twice', async () => {
    const { agent, member } = await signedInMember(ctx);
    const first = await agent.post('ingestVitals', batch());
    expect(first.status).toBe(200);
    expect(first.body.results.map((result: { status: string }) => result.status)).toEqual([
      'stored',
      'stored',
      'stored',
      'stored',
      'stored',
    ]);
    const second = await agent.post('ingestVitals', batch());
    expect(second.status).toBe(200);
    expect(second.body.results.map((result: { status: string }) => result.status)).toEqual([
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
    expect(second.body.results.map((result: { id: string }) => result.id)).toEqual(
      first.body.results.map((result: { id: string }) => result.id),
    );
    expect(await counts(member.id)).toEqual({ bloodSugars: 1, bloodPressures: 1, weights: 1, steps: 1, bodyTemperatures: 1 });
    const [weight] = await ctx.db.select().from(weights).where(eq(weights.userId, member.id));
    expect(weight).toMatchObject({ source: 'app', clientRecordId: 'hk-w-1', weight: 70.2, bodyFat: 22.4 });
    expect((await eventsOf(member.id)).map((event) => event.kind)).toEqual([
      'vital_recorded:bloodPressure',
      'vital_recorded:bloodSugar',
      'vital_recorded:bodyTemperature',
      'vital_recorded:steps',
      'vital_recorded:weight',
    ]);
    // The app's readings are the app's: the member cannot edit them.
    const refused = await agent.post('deleteWeight', { id: weight!.id });
    expect(refused.status).toBe(409);
  });

  it('answers per item: valid items stored, invalid ones rejected with Japanese field errors', async () => {
    const { agent, member } = await signedInMember(ctx);
    const response = await agent.post('ingestVitals', {
      items: [
        { type: 'weight', clientRecordId: 'ok-1', measuredAt: '2026-05-02T07:00:00+09:00', weight: 65.1 },
        { type: 'weight', clientRecordId: 'bad-1', measuredAt: '2026-05-02T07:00:00+09:00', weight: 12 },
        { type: 'heartRate', clientRecordId: 'bad-2', bpm: 60 },
        { type: 'bodyTemperature', measuredAt: '2026-05-02T07:00:00+09:00', temperature: 36.5 },
        'not an object',
        { type: 'steps', clientRecordId: 'ok-2', day: '2026-05-02', steps: 4321 },
        { type: 'weight', clientRecordId: 'ok-1', measuredAt: '2026-05-03T07:00:00+09:00', weight: 66 },
      ],
    });
    expect(response.status).toBe(200);
    const results = response.body.results as Array<{
      index: number;
      status: string;
      clientRecordId: string | null;
      fields?: Record<string, string[]>;
    }>;
    expect(results.map((result) => [result.index, result.status, result.clientRecordId])).toEqual([
      [0, 'stored', 'ok-1'],
      [1, 'rejected', 'bad-1'],
      [2, 'rejected', 'bad-2'],
      [3, 'rejected', null],
      [4, 'rejected', null],
      [5, 'stored', 'ok-2'],
      // The same record id again (in the same batch) is the same reading: kept as first stored.
      [6, 'duplicate', 'ok-1'],
    ]);
    expect(results[1]!.fields).toEqual({ weight: ['体重は20.0〜300.0kgの範囲で入力してください'] });
    expect(results[2]!.fields).toEqual({ type: ['記録の種類（type）が正しくありません'] });
    expect(results[3]!.fields).toEqual({ clientRecordId: ['記録IDを入力してください'] });
    expect(await counts(member.id)).toEqual({ bloodSugars: 0, bloodPressures: 0, weights: 1, steps: 1, bodyTemperatures: 0 });
  });

  it('refuses a batch that is empty, too long or not a list, and stores nothing', async () => {
    const { agent, member } = await signedInMember(ctx);
    const item = { type: 'steps', clientRecordId: 'x', day: '2026-05-01', steps: 1 };
    const empty = await agent.post('ingestVitals', { items: [] });
    expect([empty.status, empty.body.fields.items]).toEqual([400, ['記録を1件以上指定してください']]);
    const long = await agent.post('ingestVitals', {
      items: Array.from({ length: 501 }, (_, index) => ({ ...item, clientRecordId: `x${index}` })),
    });
    expect([long.status, long.body.fields.items]).toEqual([400, ['記録は一度に500件まで送信できます']]);
    const notList = await agent.post('ingestVitals', { items: item });
    expect(notList.status).toBe(400);
    expect(await counts(member.id)).toEqual({ bloodSugars: 0, bloodPressures: 0, weights: 0, steps: 0, bodyTemperatures: 0 });
  });

  it('takes 500 items in one batch', async () => {
    const { agent, member } = await signedInMember(ctx);
    const items = Array.from({ length: 500 }, (_, index) => ({
      type: 'bodyTemperature',
      clientRecordId: `t-${index}`,
      measuredAt: new Date(Date.UTC(2025, 0, 1) + index * 60 * 60 * 1000).toISOString(),
      temperature: 36.5,
    }));
    const response = await agent.post('ingestVitals', { items });
    expect(response.status).toBe(200);
    expect(response.body.results.filter((result: { status: string }) => result.status === 'stored')).toHaveLength(500);
    expect((await counts(member.id)).bodyTemperatures).toBe(500);
    // One activity event per Japanese day the readings fall on.
    const days = new Set(items.map((item) => japanDay(new Date(item.measuredAt))));
    expect(await eventsOf(member.id)).toEqual([...days].sort().map((day) => ({ kind: 'vital_recorded:bodyTemperature', day })));
    const again = await agent.post('ingestVitals', { items });
    expect(again.body.results.every((result: { status: string }) => result.status === 'duplicate')).toBe(true);
    expect((await counts(member.id)).bodyTemperatures).toBe(500);
  });

  it('keeps members apart: the same record id of another member is another reading', async () => {
    const one = await signedInMember(ctx);
    const two = await signedInMember(ctx);
    await one.agent.post('ingestVitals', batch());
    const response = await two.agent.post('ingestVitals', batch());
    expect(response.body.results.every((result: { status: string }) => result.status === 'stored')).toBe(true);
    expect(await counts(two.member.id)).toEqual({ bloodSugars: 1, bloodPressures: 1, weights: 1, steps: 1, bodyTemperatures: 1 });
  });
});

describe('goals, height and the summary', () => {
  it('records step_goal_reached once for a day whose device count reaches the goal, never for a hand entry (issue 24 #2)', async () => {
    const { agent, member } = await signedInMember(ctx);
    const [below, reached, synced] = [daysAgo(3), daysAgo(2), daysAgo(1)];
    // Without a goal, no day reaches it.
    await saveDailySteps(ctx.db, member.id, { day: below, steps: 20000, source: 'wearable' });
    expect((await agent.post('saveVitalGoals', { dailySteps: 8000 })).status).toBe(200);
    await saveDailySteps(ctx.db, member.id, { day: below, steps: 7999, source: 'wearable' });
    await saveDailySteps(ctx.db, member.id, { day: reached, steps: 8000, source: 'app', clientRecordId: 'r-1' });
    await saveDailySteps(ctx.db, member.id, { day: reached, steps: 9000, source: 'app', clientRecordId: 'r-2' });
    // A hand entry reaches no goal, however high.
    const typed = await agent.post('saveStep', { day: daysAgo(5), steps: 20000 });
    expect(typed.status).toBe(200);
    await saveDailySteps(ctx.db, member.id, { day: synced, steps: 12000, source: 'wearable' });
    const goals = (await eventsOf(member.id)).filter((event) => event.kind === 'step_goal_reached');
    expect(goals).toEqual([
      { kind: 'step_goal_reached', day: reached },
      { kind: 'step_goal_reached', day: synced },
    ]);
    // Nor does a hand correction.
    const corrected = await agent.post('saveStep', { day: daysAgo(4), steps: 100 });
    expect((await agent.post('updateStep', { id: corrected.body.id, steps: 8500 })).status).toBe(200);
    expect((await eventsOf(member.id)).filter((event) => event.kind === 'step_goal_reached').map((event) => event.day)).toEqual([
      reached,
      synced,
    ]);
  });

  it('saves and reads the goals, clears what is left out, and refuses out-of-range goals', async () => {
    const { agent } = await signedInMember(ctx);
    expect((await agent.get('getVitalGoals')).body).toEqual({ dailySteps: null, targetWeight: null });
    const saved = await agent.post('saveVitalGoals', { dailySteps: 8000, targetWeight: 64.5 });
    expect([saved.status, saved.body]).toEqual([200, { dailySteps: 8000, targetWeight: 64.5 }]);
    expect((await agent.get('getVitalGoals')).body).toEqual({ dailySteps: 8000, targetWeight: 64.5 });
    for (const [input, field, message] of [
      [{ dailySteps: 999 }, 'dailySteps', '1日の目標歩数は1000〜50000歩の範囲で入力してください'],
      [{ dailySteps: 50001 }, 'dailySteps', '1日の目標歩数は1000〜50000歩の範囲で入力してください'],
      [{ targetWeight: 300.5 }, 'targetWeight', '目標体重は20.0〜300.0kgの範囲で入力してください'],
    ] as const) {
      const refused = await agent.post('saveVitalGoals', input);
      expect([refused.status, refused.body.fields[field]]).toEqual([400, [message]]);
    }
    expect((await agent.get('getVitalGoals')).body).toEqual({ dailySteps: 8000, targetWeight: 64.5 });
    expect((await agent.post('saveVitalGoals', { dailySteps: 1000, targetWeight: null })).body).toEqual({
      dailySteps: 1000,
      targetWeight: null,
    });
    expect((await agent.post('saveVitalGoals', { dailySteps: 50000 })).body).toEqual({ dailySteps: 50000, targetWeight: null });
  });

  it('keeps the height in the profile: updateProfile sets it, getUserInfo answers it', async () => {
    const { agent, member } = await signedInMember(ctx);
    expect((await agent.get('getUserInfo')).body).not.toHaveProperty('height');
    expect((await agent.post('updateProfile', { nickname: 'たろう', height: 170.5 })).status).toBe(200);
    expect((await agent.get('getUserInfo')).body.height).toBe(170.5);
    // Left out, it stays.
    expect((await agent.post('updateProfile', { nickname: 'たろう2' })).status).toBe(200);
    expect((await agent.get('getUserInfo')).body.height).toBe(170.5);
    for (const height of [99.9, 250.1, 170.55]) {
      const refused = await agent.post('updateProfile', { nickname: 'たろう', height });
      expect(refused.status).toBe(400);
      expect(refused.body.fields.height[0]).toMatch(/^身長は/);
    }
    expect((await agent.post('updateProfile', { nickname: 'たろう', height: null })).status).toBe(200);
    expect((await agent.get('getUserInfo')).body).not.toHaveProperty('height');
    const [row] = await ctx.db.select({ height: users.height }).from(users).where(eq(users.id, member.id));
    expect(row!.height).toBeNull();
  });

  it('sums up the latest of each vital, today’s steps, the goals and the height', async () => {
    const { agent } = await signedInMember(ctx);
    const empty = await agent.get('getVitalsSummary');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      bloodSugar: null,
      bloodPressure: null,
      weight: null,
      bodyTemperature: null,
      sleep: null,
      steps: null,
      today: { day: daysAgo(0), steps: 0 },
      goals: { dailySteps: null, targetWeight: null },
      height: null,
    });
    await agent.post('saveWeight', { measuredAt: '2026-01-01T07:00:00+09:00', weight: 70 });
    const latest = await agent.post('saveWeight', { measuredAt: '2026-01-02T07:00:00+09:00', weight: 69.5 });
    await agent.post('saveStep', { day: daysAgo(0), steps: 4567 });
    await agent.post('saveVitalGoals', { dailySteps: 8000, targetWeight: 65 });
    await agent.post('updateProfile', { nickname: 'はなこ', height: 160 });
    const summary = (await agent.get('getVitalsSummary')).body;
    expect(summary.weight).toEqual(latest.body);
    expect(summary.today).toEqual({ day: daysAgo(0), steps: 4567 });
    expect(summary.steps).toMatchObject({ day: daysAgo(0), steps: 4567 });
    expect(summary.goals).toEqual({ dailySteps: 8000, targetWeight: 65 });
    expect(summary.height).toBe(160);
  });

  it('answers another member’s summary with none of this one’s readings', async () => {
    const one = await signedInMember(ctx);
    const two = await signedInMember(ctx);
    await one.agent.post('saveBodyTemperature', { measuredAt: '2026-01-01T07:00:00+09:00', temperature: 36.6 });
    expect((await two.agent.get('getVitalsSummary')).body.bodyTemperature).toBeNull();
    const [row] = await ctx.db
      .select({ n: count() })
      .from(bodyTemperatures)
      .where(and(eq(bodyTemperatures.userId, one.member.id)));
    expect(row!.n).toBe(1);
  });
});
