import { japanDay } from '@sukoyaka/contract';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import { activityEvents, healthActivityDays, sleeps } from '../src/db/schema';
import { saveWearableSleeps, sleepService } from '../src/health/sleeps';
import { createMember, testContextForFile, signedInMember } from './helpers';
import { planText } from './query-plans';

/*
 * Issue 29, sleep as the sixth record: a hand entry (bedtime and waking), the list by wake moment,
 * corrections of hand entries only, another member's nights never seen, the native apps' batch
 * with stages, the wearable's sessions replaced rather than doubled, the summary's latest night
 * and the operators' roll-up counting sleeps.
 */

const ctx = testContextForFile();

const HOUR = 60 * 60 * 1000;
/** A moment `hours` before now, in Japan's offset as a phone would send it. */
const hoursAgo = (hours: number) => {
  const at = new Date(Date.now() - hours * HOUR);
  return new Date(at.getTime() + 9 * HOUR).toISOString().slice(0, 19) + '+09:00';
};

const rowsOf = (userId: string) => ctx.db.select().from(sleeps).where(eq(sleeps.userId, userId)).orderBy(sleeps.measuredAt);

describe('saveSleep, listSleeps, updateSleep, deleteSleep', () => {
  it('records a night from bedtime to waking, the whole span asleep, and lists it newest first', async () => {
    const { agent, member } = await signedInMember(ctx);
    const older = await agent.post('saveSleep', { startedAt: hoursAgo(56), measuredAt: hoursAgo(49) });
    expect(older.status).toBe(200);
    expect(older.body).toMatchObject({ source: 'manual', minutesAsleep: 420, stages: null });
    const night = await agent.post('saveSleep', { startedAt: hoursAgo(9.5), measuredAt: hoursAgo(2) });
    expect(night.body).toMatchObject({ minutesAsleep: 450, stages: null });
    expect(new Date(night.body.startedAt).getTime()).toBe(Date.parse(hoursAgo(9.5)));

    const list = await agent.get('listSleeps', { limit: '1' });
    expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([night.body.id]);
    const next = await agent.get('listSleeps', { limit: '1', cursor: list.body.nextCursor });
    expect(next.body).toEqual({ items: [older.body], nextCursor: null });
    // The wake day is the night's day: the activity event and the period filter follow it.
    const events = await ctx.db.select().from(activityEvents).where(eq(activityEvents.userId, member.id));
    expect(new Set(events.map((event) => event.kind))).toEqual(new Set(['vital_recorded:sleep']));
    const today = japanDay(new Date(Date.parse(hoursAgo(2))));
    const todays = await agent.get('listSleeps', { from: today, to: today });
    expect(todays.body.items.map((item: { id: string }) => item.id)).toEqual([night.body.id]);
  });

  it.each([
    [
      'waking before bedtime',
      { startedAt: hoursAgo(2), measuredAt: hoursAgo(3) },
      'measuredAt',
      '起床日時は就寝日時より後の日時を入力してください',
    ],
    [
      'waking at bedtime',
      { startedAt: hoursAgo(3), measuredAt: hoursAgo(3) },
      'measuredAt',
      '起床日時は就寝日時より後の日時を入力してください',
    ],
    [
      'more than 24 hours',
      { startedAt: hoursAgo(30), measuredAt: hoursAgo(5) },
      'measuredAt',
      '就寝から起床までは24時間以内で入力してください',
    ],
    ['waking in the future', { startedAt: hoursAgo(3), measuredAt: hoursAgo(-2) }, 'measuredAt', '起床日時に未来の日時は指定できません'],
    ['no bedtime', { measuredAt: hoursAgo(3) }, 'startedAt', '就寝日時を入力してください'],
    ['a malformed bedtime', { startedAt: '2026-11-20 23:00', measuredAt: hoursAgo(3) }, 'startedAt', '就寝日時の形式が正しくありません'],
  ])('refuses %s with 400 naming the field, and saves nothing', async (_name, input, field, message) => {
    const { agent, member } = await signedInMember(ctx);
    const response = await agent.post('saveSleep', input);
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toContain(message);
    expect(await rowsOf(member.id)).toEqual([]);
  });

  it('corrects and deletes a hand entry; a device’s night is 409, another member’s 404 and never listed', async () => {
    const { agent, member } = await signedInMember(ctx);
    const saved = await agent.post('saveSleep', { startedAt: hoursAgo(10), measuredAt: hoursAgo(3) });
    const corrected = await agent.post('updateSleep', { id: saved.body.id, startedAt: hoursAgo(11), measuredAt: hoursAgo(3) });
    expect([corrected.status, corrected.body.minutesAsleep]).toEqual([200, 480]);

    const other = await signedInMember(ctx);
    expect((await other.agent.get('listSleeps', {})).body.items).toEqual([]);
    const theirs = await other.agent.post('updateSleep', { id: saved.body.id, startedAt: hoursAgo(9), measuredAt: hoursAgo(3) });
    expect([theirs.status, theirs.body.message]).toEqual([404, '記録が見つかりませんでした。']);
    expect((await other.agent.post('deleteSleep', { id: saved.body.id })).status).toBe(404);
    expect((await rowsOf(member.id))[0]!.minutesAsleep).toBe(480);

    const ingested = await agent.post('ingestVitals', {
      items: [{ type: 'sleep', clientRecordId: 'hk-1', startedAt: hoursAgo(40), measuredAt: hoursAgo(32) }],
    });
    const deviceId = ingested.body.results[0].id;
    const refused = await agent.post('deleteSleep', { id: deviceId });
    expect([refused.status, refused.body.code]).toEqual([409, 'vital_reading_not_editable']);

    expect((await agent.post('deleteSleep', { id: saved.body.id })).status).toBe(200);
    expect((await rowsOf(member.id)).map((row) => row.id)).toEqual([deviceId]);
  });
});

describe('sleep in the native apps’ ingest call', () => {
  it('stores a night with its stages once, asleep = light + deep + REM; a bad one is rejected alone', async () => {
    const { agent, member } = await signedInMember(ctx);
    const batch = {
      items: [
        {
          type: 'sleep',
          clientRecordId: 'hc-night-1',
          startedAt: hoursAgo(10),
          measuredAt: hoursAgo(2),
          stages: { awake: 30, light: 250, deep: 90, rem: 110 },
        },
        { type: 'sleep', clientRecordId: 'hc-night-2', startedAt: hoursAgo(20), measuredAt: hoursAgo(21) },
        {
          type: 'sleep',
          clientRecordId: 'hc-night-3',
          startedAt: hoursAgo(30),
          measuredAt: hoursAgo(29),
          stages: { awake: 30, light: 250, deep: 90, rem: 110 },
        },
      ],
    };
    const first = await agent.post('ingestVitals', batch);
    expect(first.status).toBe(200);
    expect(first.body.results.map((result: { status: string }) => result.status)).toEqual(['stored', 'rejected', 'rejected']);
    expect(first.body.results[1].fields).toEqual({ measuredAt: ['起床日時は就寝日時より後の日時を入力してください'] });
    expect(first.body.results[2].fields).toEqual({ stages: ['睡眠段階の合計が就寝から起床までの時間を超えています'] });
    const again = await agent.post('ingestVitals', batch);
    expect(again.body.results.map((result: { status: string }) => result.status)).toEqual(['duplicate', 'rejected', 'rejected']);
    const rows = await rowsOf(member.id);
    expect(rows.map((row) => [row.source, row.minutesAsleep, row.awakeMinutes, row.deepMinutes])).toEqual([['app', 450, 30, 90]]);
    const summary = await agent.get('getVitalsSummary');
    expect(summary.body.sleep).toMatchObject({ minutesAsleep: 450, stages: { awake: 30, light: 250, deep: 90, rem: 110 }, source: 'app' });
  });
});

describe('a wearable’s sessions (the Fitbit sync)', () => {
  it('replaces a session Google changed instead of adding it twice, and the roll-up counts the night once', async () => {
    const { member } = await signedInMember(ctx);
    const session = {
      id: 'users/me/dataTypes/sleep/dataPoints/abc',
      startedAt: '2026-11-20T23:10:00+09:00',
      endedAt: '2026-11-21T06:40:00+09:00',
      minutesAsleep: 450,
      stages: null,
    };
    const now = new Date('2026-11-21T08:00:00+09:00');
    expect(await ctx.db.transaction((tx) => saveWearableSleeps(tx, member.id, [session], now))).toBe(1);
    // The same session again: nothing written.
    expect(await ctx.db.transaction((tx) => saveWearableSleeps(tx, member.id, [session], now))).toBe(0);
    const staged = { ...session, minutesAsleep: 410, stages: { awake: 40, light: 240, deep: 80, rem: 90 } };
    expect(await ctx.db.transaction((tx) => saveWearableSleeps(tx, member.id, [staged], now))).toBe(1);
    const rows = await rowsOf(member.id);
    expect(rows.map((row) => [row.source, row.minutesAsleep, row.lightMinutes])).toEqual([['wearable', 410, 240]]);
    const days = await ctx.db.select().from(healthActivityDays).where(eq(healthActivityDays.userId, member.id));
    expect(days.map((day) => [day.day, day.records])).toEqual([['2026-11-21', 1]]);
    const events = await ctx.db.select().from(activityEvents).where(eq(activityEvents.userId, member.id));
    expect(events.map((event) => [event.kind, event.day])).toEqual([['vital_recorded:sleep', '2026-11-21']]);
  });
});

describe('at scale', () => {
  it('listSleeps with a period and a cursor is one index range on sleeps_user_measured_idx, among many members’ nights', async () => {
    const member = await createMember(ctx.db);
    const other = await createMember(ctx.db);
    for (const userId of [member.id, other.id]) {
      await ctx.db.execute(sql`
        insert into sleeps (user_id, started_at, measured_at, minutes_asleep)
        select ${userId}::uuid, timestamptz '2000-01-01 23:00+09' + g * interval '1 day',
               timestamptz '2000-01-02 06:30+09' + g * interval '1 day', 450
        from generate_series(1, 9000) as g`);
    }
    await ctx.db.execute(sql`analyze sleeps`);
    const query = sleepService.listQuery(ctx.db, true, true).toSQL();
    const values: Record<string, unknown> = {
      userId: member.id,
      limit: 21,
      from: '2020-06-01T00:00:00.000Z',
      until: '2021-06-01T00:00:00.000Z',
      afterAt: '2021-01-10T00:00:00.000Z',
      afterId: '3f1d9c2e-8b7a-4c6d-9e0f-1a2b3c4d5e6f',
    };
    const plan = await planText(ctx.db, { text: query.sql, params: fillPlaceholders(query.params, values) }, { asChosen: true });
    expect(plan).toMatch(/Index Scan using sleeps_user_measured_idx/);
    expect(plan).toMatch(/Index Cond: .*measured_at >= .*measured_at < .*ROW\(measured_at, id\) < ROW\(/s);
    expect(plan).not.toMatch(/Filter:/);
    expect(plan).not.toMatch(/Sort/);
  });
});
