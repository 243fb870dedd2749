import { count, eq } from 'drizzle-orm';
import { bloodPressures } from '../src/db/schema';
import { testContextForFile, signedInMember } from './helpers';

const ctx = testContextForFile();

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60 * 1000).toISOString();

async function rowsOf(userId: string) {
  const [row] = await ctx.db.select({ n: count() }).from(bloodPressures).where(eq(bloodPressures.userId, userId));
  return row!.n;
}

describe('saveBloodPressure', () => {
  it('saves a reading and returns it', async () => {
    const { agent } = await signedInMember(ctx);
    const measuredAt = minutesAgo(5);
    const response = await agent.post('saveBloodPressure', { measuredAt, systolic: 128, diastolic: 82, pulse: 70 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ systolic: 128, diastolic: 82, pulse: 70, measuredAt: new Date(measuredAt).toISOString() });
    expect(response.body.id).toEqual(expect.any(String));
  });

  it('accepts a reading without a pulse', async () => {
    const { agent } = await signedInMember(ctx);
    const response = await agent.post('saveBloodPressure', { measuredAt: minutesAgo(1), systolic: 110, diastolic: 70 });
    expect(response.status).toBe(200);
    expect(response.body.pulse).toBeNull();
  });

  it.each([
    ['systolic above 300', { systolic: 301, diastolic: 80 }, 'systolic', '最高血圧は60〜300mmHgの範囲で入力してください'],
    ['systolic below 60', { systolic: 59, diastolic: 40 }, 'systolic', '最高血圧は60〜300mmHgの範囲で入力してください'],
    ['diastolic missing', { systolic: 120 }, 'diastolic', '最低血圧を入力してください'],
    ['diastolic as text', { systolic: 120, diastolic: 'eighty' }, 'diastolic', '最低血圧は数値で入力してください'],
    ['diastolic not below systolic', { systolic: 100, diastolic: 100 }, 'diastolic', '最低血圧は最高血圧より低い値を入力してください'],
    ['a fractional pulse', { systolic: 120, diastolic: 80, pulse: 70.5 }, 'pulse', '脈拍は整数で入力してください'],
    ['a pulse of 300', { systolic: 120, diastolic: 80, pulse: 300 }, 'pulse', '脈拍は20〜250回/分の範囲で入力してください'],
  ])('refuses %s with 400 and saves nothing', async (_name, values, field, message) => {
    const { agent, member } = await signedInMember(ctx);
    const response = await agent.post('saveBloodPressure', { measuredAt: minutesAgo(1), ...values });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_parameters');
    expect(response.body.fields[field]).toContain(message);
    expect(await rowsOf(member.id)).toBe(0);
  });

  it.each([
    ['in the future', () => new Date(Date.now() + 60 * 60 * 1000).toISOString(), '測定日時に未来の日時は指定できません'],
    ['before 1900', () => '1899-12-31T12:00:00+09:00', '測定日時は1900年1月1日以降の日時を入力してください'],
    ['without a time zone', () => '2026-01-01T10:00:00', '測定日時の形式が正しくありません'],
    ['not a date', () => 'yesterday', '測定日時の形式が正しくありません'],
  ])('refuses a measuredAt %s', async (_name, measuredAt, message) => {
    const { agent, member } = await signedInMember(ctx);
    const response = await agent.post('saveBloodPressure', { measuredAt: measuredAt(), systolic: 120, diastolic: 80 });
    expect(response.status).toBe(400);
    expect(response.body.fields.measuredAt).toEqual([message]);
    expect(await rowsOf(member.id)).toBe(0);
  });
});

describe('listBloodPressures', () => {
  it('lists the member’s readings newest first', async () => {
    const { agent } = await signedInMember(ctx);
    await agent.post('saveBloodPressure', { measuredAt: minutesAgo(30), systolic: 121, diastolic: 81 });
    await agent.post('saveBloodPressure', { measuredAt: minutesAgo(10), systolic: 123, diastolic: 83 });
    await agent.post('saveBloodPressure', { measuredAt: minutesAgo(20), systolic: 122, diastolic: 82 });
    const response = await agent.get('listBloodPressures');
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { systolic: number }) => item.systolic)).toEqual([123, 122, 121]);
    expect(response.body.nextCursor).toBeNull();
  });

  it('pages with a cursor, without gaps or repeats, also for equal times', async () => {
    const { agent } = await signedInMember(ctx);
    const same = minutesAgo(100);
    for (let i = 0; i < 5; i += 1) {
      await agent.post('saveBloodPressure', { measuredAt: i < 3 ? same : minutesAgo(50 + i), systolic: 110 + i, diastolic: 70 });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: Record<string, string> = { limit: '2', ...(cursor ? { cursor } : {}) };
      const response = await agent.get('listBloodPressures', query);
      expect(response.status).toBe(200);
      expect(response.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...response.body.items.map((item: { id: string }) => item.id));
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(new Set(seen).size).toBe(5);
  });

  it('refuses a bad limit or cursor with 400', async () => {
    const { agent } = await signedInMember(ctx);
    const badLimit = await agent.get('listBloodPressures', { limit: '1000' });
    expect(badLimit.status).toBe(400);
    expect(badLimit.body.fields.limit).toEqual(['表示件数は1〜100の範囲で指定してください']);
    const badCursor = await agent.get('listBloodPressures', { cursor: 'bm90LWEtY3Vyc29y' });
    expect(badCursor.status).toBe(400);
    expect(badCursor.body.fields.cursor).toEqual(['カーソルの形式が正しくありません']);
  });

  it('never shows one member’s readings to another', async () => {
    const first = await signedInMember(ctx);
    const second = await signedInMember(ctx);
    await first.agent.post('saveBloodPressure', { measuredAt: minutesAgo(3), systolic: 140, diastolic: 90 });
    await second.agent.post('saveBloodPressure', { measuredAt: minutesAgo(3), systolic: 111, diastolic: 71 });
    const firstList = await first.agent.get('listBloodPressures');
    const secondList = await second.agent.get('listBloodPressures');
    expect(firstList.body.items.map((item: { systolic: number }) => item.systolic)).toEqual([140]);
    expect(secondList.body.items.map((item: { systolic: number }) => item.systolic)).toEqual([111]);
  });
});
