import type { CallName } from '@sukoyaka/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { activityEvents, bloodPressures, bloodSugars, bodyTemperatures, weights } from '../src/db/schema';
import { testContextForFile, signedInMember } from './helpers';

/*
 * The four timed vitals (blood sugar, blood pressure, weight, body temperature), each through its
 * save, list, update and delete calls: bounds at the edges, refusals in Japanese that name the
 * field and save nothing, periods, paging, another member's rows, and hand entries only.
 */

const ctx = testContextForFile();

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();

interface Vital {
  type: string;
  table: typeof bloodSugars | typeof bloodPressures | typeof weights | typeof bodyTemperatures;
  save: CallName;
  list: CallName;
  update: CallName;
  remove: CallName;
  /** A valid reading's values (without measuredAt), and a second one for corrections. */
  valid: Record<string, unknown>;
  corrected: Record<string, unknown>;
  /** Values at the edges that are accepted, and just past them that are refused. */
  accepted: Array<Record<string, unknown>>;
  refused: Array<[string, Record<string, unknown>, string, string]>;
}

const vitals: Vital[] = [
  {
    type: 'bloodSugar',
    table: bloodSugars,
    save: 'saveBloodSugar',
    list: 'listBloodSugars',
    update: 'updateBloodSugar',
    remove: 'deleteBloodSugar',
    valid: { glucose: 102, timing: 'fasting' },
    corrected: { glucose: 99, timing: 'beforeMeal' },
    accepted: [
      { glucose: 20, timing: 'random' },
      { glucose: 800, timing: 'afterMeal' },
    ],
    refused: [
      ['glucose 19', { glucose: 19, timing: 'fasting' }, 'glucose', '血糖値は20〜800mg/dLの範囲で入力してください'],
      ['glucose 801', { glucose: 801, timing: 'fasting' }, 'glucose', '血糖値は20〜800mg/dLの範囲で入力してください'],
      ['a fractional glucose', { glucose: 100.5, timing: 'fasting' }, 'glucose', '血糖値は整数で入力してください'],
      ['an unknown timing', { glucose: 100, timing: 'lunch' }, 'timing', '測定のタイミングを選択してください'],
      ['no glucose', { timing: 'fasting' }, 'glucose', '血糖値を入力してください'],
    ],
  },
  {
    type: 'bloodPressure',
    table: bloodPressures,
    save: 'saveBloodPressure',
    list: 'listBloodPressures',
    update: 'updateBloodPressure',
    remove: 'deleteBloodPressure',
    valid: { systolic: 128, diastolic: 82, pulse: 70 },
    corrected: { systolic: 118, diastolic: 76, pulse: null },
    accepted: [
      { systolic: 300, diastolic: 200, pulse: 250 },
      { systolic: 60, diastolic: 30, pulse: 20 },
    ],
    refused: [
      ['systolic 301', { systolic: 301, diastolic: 80 }, 'systolic', '最高血圧は60〜300mmHgの範囲で入力してください'],
      ['diastolic 29', { systolic: 120, diastolic: 29 }, 'diastolic', '最低血圧は30〜200mmHgの範囲で入力してください'],
      ['diastolic not below systolic', { systolic: 100, diastolic: 100 }, 'diastolic', '最低血圧は最高血圧より低い値を入力してください'],
    ],
  },
  {
    type: 'weight',
    table: weights,
    save: 'saveWeight',
    list: 'listWeights',
    update: 'updateWeight',
    remove: 'deleteWeight',
    valid: { weight: 68.4, bodyFat: 21.5 },
    corrected: { weight: 67.9, bodyFat: null },
    accepted: [{ weight: 20 }, { weight: 300, bodyFat: 75 }, { weight: 55.5, bodyFat: 1 }],
    refused: [
      ['weight 19.9', { weight: 19.9 }, 'weight', '体重は20.0〜300.0kgの範囲で入力してください'],
      ['weight 300.1', { weight: 300.1 }, 'weight', '体重は20.0〜300.0kgの範囲で入力してください'],
      ['weight to 0.01', { weight: 65.25 }, 'weight', '体重は小数点以下1桁までで入力してください'],
      ['body fat 0.9', { weight: 65, bodyFat: 0.9 }, 'bodyFat', '体脂肪率は1.0〜75.0%の範囲で入力してください'],
      ['body fat 75.1', { weight: 65, bodyFat: 75.1 }, 'bodyFat', '体脂肪率は1.0〜75.0%の範囲で入力してください'],
      ['weight as text', { weight: '65' }, 'weight', '体重は数値で入力してください'],
    ],
  },
  {
    type: 'bodyTemperature',
    table: bodyTemperatures,
    save: 'saveBodyTemperature',
    list: 'listBodyTemperatures',
    update: 'updateBodyTemperature',
    remove: 'deleteBodyTemperature',
    valid: { temperature: 36.54 },
    corrected: { temperature: 36.6 },
    accepted: [{ temperature: 34 }, { temperature: 42 }, { temperature: 37.05 }],
    refused: [
      ['33.99 ℃', { temperature: 33.99 }, 'temperature', '体温は34.00〜42.00℃の範囲で入力してください'],
      ['42.01 ℃', { temperature: 42.01 }, 'temperature', '体温は34.00〜42.00℃の範囲で入力してください'],
      ['a third decimal', { temperature: 36.505 }, 'temperature', '体温は小数点以下2桁までで入力してください'],
      ['no temperature', {}, 'temperature', '体温を入力してください'],
    ],
  },
];

async function rowsOf(vital: Vital, userId: string) {
  const [row] = await ctx.db.select({ n: count() }).from(vital.table).where(eq(vital.table.userId, userId));
  return row!.n;
}

describe.each(vitals)('$type', (vital) => {
  it('saves a hand-entered reading as manual and lists it', async () => {
    const { agent } = await signedInMember(ctx);
    const measuredAt = hoursAgo(1);
    const saved = await agent.post(vital.save, { measuredAt, ...vital.valid });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...vital.valid, measuredAt: new Date(measuredAt).toISOString(), source: 'manual' });
    const listed = await agent.get(vital.list);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([saved.body]);
    expect(listed.body.nextCursor).toBeNull();
  });

  it('accepts the values at the edges of its bounds', async () => {
    const { agent } = await signedInMember(ctx);
    for (const values of vital.accepted) {
      const response = await agent.post(vital.save, { measuredAt: hoursAgo(2), ...values });
      expect([response.status, response.body]).toEqual([200, expect.objectContaining(values)]);
    }
  });

  it.each(vital.refused)('refuses %s with 400 naming the field, and saves nothing', async (_name, values, field, message) => {
    const { agent, member } = await signedInMember(ctx);
    const response = await agent.post(vital.save, { measuredAt: hoursAgo(1), ...values });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.fields[field]).toContain(message);
    expect(await rowsOf(vital, member.id)).toBe(0);
    const events = await ctx.db.select({ n: count() }).from(activityEvents).where(eq(activityEvents.userId, member.id));
    expect(events[0]!.n).toBe(0);
  });

  it('refuses a time in the future or without its offset', async () => {
    const { agent, member } = await signedInMember(ctx);
    const future = await agent.post(vital.save, { measuredAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(), ...vital.valid });
    expect(future.status).toBe(400);
    expect(future.body.fields.measuredAt).toEqual(['測定日時に未来の日時は指定できません']);
    const local = await agent.post(vital.save, { measuredAt: '2026-01-01T10:00:00', ...vital.valid });
    expect(local.body.fields.measuredAt).toEqual(['測定日時の形式が正しくありません']);
    expect(await rowsOf(vital, member.id)).toBe(0);
  });

  it('lists a period only, newest first, paging across it', async () => {
    const { agent } = await signedInMember(ctx);
    // One reading a day at 08:00 in Japan, 2026-03-01 … 2026-03-10.
    for (let day = 1; day <= 10; day += 1) {
      const measuredAt = `2026-03-${String(day).padStart(2, '0')}T08:00:00+09:00`;
      expect((await agent.post(vital.save, { measuredAt, ...vital.valid })).status).toBe(200);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const response = await agent.get(vital.list, { from: '2026-03-03', to: '2026-03-08', limit: '2', ...(cursor ? { cursor } : {}) });
      expect(response.status).toBe(200);
      seen.push(...response.body.items.map((item: { measuredAt: string }) => item.measuredAt));
      cursor = response.body.nextCursor ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual([8, 7, 6, 5, 4, 3].map((day) => new Date(`2026-03-0${day}T08:00:00+09:00`).toISOString()));
    // A period given as moments: `to` is inclusive.
    const moments = await agent.get(vital.list, { from: '2026-03-09T08:00:00+09:00', to: '2026-03-10T08:00:00+09:00' });
    expect(moments.body.items).toHaveLength(2);
    // A day is a Japanese day: 2026-03-01 08:00 JST is 2026-02-28 23:00 UTC.
    const first = await agent.get(vital.list, { from: '2026-03-01', to: '2026-03-01' });
    expect(first.body.items).toHaveLength(1);
  });

  it.each([
    ['from after to', { from: '2026-03-10', to: '2026-03-01' }, 'to', '期間の終了は開始より後の日時を指定してください'],
    ['more than five years', { from: '2020-01-01', to: '2026-01-01' }, 'to', '期間は5年以内で指定してください'],
    ['a malformed from', { from: '2026/03/01' }, 'from', '期間の開始は日付（yyyy-MM-dd）または日時（ISO 8601）で指定してください'],
    ['an impossible day', { to: '2026-02-30' }, 'to', '期間の終了は日付（yyyy-MM-dd）または日時（ISO 8601）で指定してください'],
  ])('refuses a list with %s', async (_name, query, field, message) => {
    const { agent } = await signedInMember(ctx);
    const response = await agent.get(vital.list, query);
    expect(response.status).toBe(400);
    expect(response.body.fields[field]).toEqual([message]);
  });

  it('corrects and deletes the member’s own hand-entered reading', async () => {
    const { agent, member } = await signedInMember(ctx);
    const measuredAt = hoursAgo(3);
    const saved = await agent.post(vital.save, { measuredAt, ...vital.valid });
    const updated = await agent.post(vital.update, { id: saved.body.id, measuredAt, ...vital.corrected });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id: saved.body.id, ...vital.corrected, source: 'manual' });
    expect((await agent.get(vital.list)).body.items).toEqual([updated.body]);
    const bad = await agent.post(vital.update, { id: saved.body.id, measuredAt, ...vital.refused[0]![1] });
    expect(bad.status).toBe(400);
    const deleted = await agent.post(vital.remove, { id: saved.body.id });
    expect([deleted.status, deleted.body]).toEqual([200, { id: saved.body.id }]);
    expect(await rowsOf(vital, member.id)).toBe(0);
    const again = await agent.post(vital.remove, { id: saved.body.id });
    expect([again.status, again.body.code]).toEqual([404, 'not_found']);
  });

  it('gives another member nothing: not in lists, and 404 to update or delete by id', async () => {
    const owner = await signedInMember(ctx);
    const other = await signedInMember(ctx);
    const measuredAt = hoursAgo(1);
    const saved = await owner.agent.post(vital.save, { measuredAt, ...vital.valid });
    expect((await other.agent.get(vital.list)).body.items).toEqual([]);
    const update = await other.agent.post(vital.update, { id: saved.body.id, measuredAt, ...vital.corrected });
    expect([update.status, update.body.code, update.body.message]).toEqual([404, 'not_found', '記録が見つかりませんでした。']);
    const remove = await other.agent.post(vital.remove, { id: saved.body.id });
    expect(remove.status).toBe(404);
    expect((await owner.agent.get(vital.list)).body.items).toEqual([saved.body]);
  });

  it('refuses to correct or delete a reading from a wearable or the app (409)', async () => {
    const { agent } = await signedInMember(ctx);
    const saved = await agent.post(vital.save, { measuredAt: hoursAgo(1), ...vital.valid });
    await ctx.db.execute(sql`update ${vital.table} set source = 'wearable' where id = ${saved.body.id}`);
    const update = await agent.post(vital.update, { id: saved.body.id, measuredAt: hoursAgo(1), ...vital.corrected });
    expect([update.status, update.body.code]).toEqual([409, 'vital_reading_not_editable']);
    expect(update.body.message).toBe('機器やアプリから取り込んだ記録は、変更・削除できません。');
    expect((await agent.post(vital.remove, { id: saved.body.id })).status).toBe(409);
    const [row] = await ctx.db
      .select({ n: count() })
      .from(vital.table)
      .where(and(eq(vital.table.id, saved.body.id), eq(vital.table.source, 'wearable')));
    expect(row!.n).toBe(1);
  });

  it('writes one activity event per day for the kind, with the reading', async () => {
    const { agent, member } = await signedInMember(ctx);
    await agent.post(vital.save, { measuredAt: '2026-04-01T07:00:00+09:00', ...vital.valid });
    await agent.post(vital.save, { measuredAt: '2026-04-01T21:00:00+09:00', ...vital.valid });
    // 2026-04-02 00:30 in Japan is still 2026-04-01 in UTC: the event's day is Japan's.
    await agent.post(vital.save, { measuredAt: '2026-04-01T15:30:00Z', ...vital.valid });
    const events = await ctx.db
      .select({ kind: activityEvents.kind, day: activityEvents.day })
      .from(activityEvents)
      .where(eq(activityEvents.userId, member.id))
      .orderBy(activityEvents.day);
    expect(events).toEqual([
      { kind: `vital_recorded:${vital.type}`, day: '2026-04-01' },
      { kind: `vital_recorded:${vital.type}`, day: '2026-04-02' },
    ]);
  });
});

describe('activity events', () => {
  it('are written in the same transaction: a save that fails in the database writes none', async () => {
    const { member } = await signedInMember(ctx);
    const { weightService, weightValues } = await import('../src/health/weights');
    // Past the contract, straight to the service: the table's own check refuses 500 kg.
    await expect(
      weightService.save(ctx.db, member.id, weightValues({ measuredAt: hoursAgo(1), weight: 500 }), ctx.clock.now()),
    ).rejects.toThrow();
    const [events] = await ctx.db.select({ n: count() }).from(activityEvents).where(eq(activityEvents.userId, member.id));
    expect(events!.n).toBe(0);
    const [rows] = await ctx.db.select({ n: count() }).from(weights).where(eq(weights.userId, member.id));
    expect(rows!.n).toBe(0);
  });
});
