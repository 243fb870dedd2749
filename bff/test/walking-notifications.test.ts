import { japanDay } from '@sukoyaka/contract';
import { and, eq, like } from 'drizzle-orm';
import { notificationSettings, outboxMessages, pointPrograms, users } from '../src/db/schema';
import { saveDailySteps } from '../src/health/steps';
import { closeWalkingEvent, payDueWalkingEvents } from '../src/incentives/walking-events';
import { runWalkingStartNotifications } from '../src/incentives/walking-notifications';
import { openMessage } from '../src/platform/outbox';
import { verifyUnsubscribeToken } from '../src/platform/notification-mail';
import { DAY, createAssociations, createMember, signInAgent, signedInOperator, testContextForFile, type Agent } from './helpers';

/*
 * Walking events' mails (issue 29, decision 0028): the start to every member of the association,
 * a teammate's arrival to the team's other members, the results to every participant; by mail
 * through the outbox, within each member's ウォーキングイベント setting, each once.
 */

const ctx = testContextForFile();
let associationId: string;
let otherAssociationId: string;
let programId: string;
let operator: Agent;
const PUBLIC_URL = 'https://sukoyaka.example';
const HOUR = 3_600_000;

const dayOffset = (days: number) => japanDay(new Date(ctx.clock.now().getTime() + days * DAY));

async function mailsTo(email: string, kind: string) {
  const rows = await ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), like(outboxMessages.kind, kind)));
  return rows.map((row) => openMessage(row));
}

async function member(nickname: string, fields: { association?: string; walkingMails?: boolean; verified?: boolean } = {}) {
  const created = await createMember(ctx.db, { nickname });
  await ctx.db
    .update(users)
    .set({ associationId: fields.association ?? associationId, ...(fields.verified === false ? { emailVerifiedAt: null } : {}) })
    .where(eq(users.id, created.id));
  if (fields.walkingMails === false) {
    await ctx.db
      .insert(notificationSettings)
      .values({ userId: created.id, category: 'walking', enabled: false, updatedAt: ctx.clock.now() });
  }
  return { id: created.id, email: created.email, nickname, agent: await signInAgent(ctx, created) };
}

async function createEvent(startsIn: number, title: string) {
  const response = await operator.operatorPost('createOperatorWalkingEvent', {
    associationId,
    programId,
    title,
    startsOn: dayOffset(startsIn),
    endsOn: dayOffset(startsIn + 2),
    graceDays: 0,
    mode: 'both',
    teamSize: 3,
    rankRewards: [{ upToRank: 1, points: 500 }],
    teamRankRewards: [],
  });
  expect(response.status).toBe(200);
  return response.body as { id: string };
}

beforeAll(async () => {
  // The mails stay in the outbox to be read (a sent one keeps no content).
  await ctx.app.outbox.stop();
  [associationId, otherAssociationId] = (await createAssociations(ctx.db, ['歩く組合', 'よその組合'])) as [string, string];
  const [program] = await ctx.db.insert(pointPrograms).values({ associationId, name: 'あるくポイント' }).returning();
  programId = program!.id;
  operator = (await signedInOperator(ctx, [{ associationId, role: 'editor' }])).agent;
}, 120_000);

describe('walking event mails', () => {
  let hana: Awaited<ReturnType<typeof member>>;
  let taro: Awaited<ReturnType<typeof member>>;
  let quiet: Awaited<ReturnType<typeof member>>;
  let unverified: Awaited<ReturnType<typeof member>>;
  let outsider: Awaited<ReturnType<typeof member>>;
  let eventId: string;

  beforeAll(async () => {
    hana = await member('はな');
    taro = await member('たろう');
    quiet = await member('しずか', { walkingMails: false });
    unverified = await member('まだ', { verified: false });
    outsider = await member('よそ', { association: otherAssociationId });
  });

  it('mails the start once its first day has come, to each member of the association within their settings, once', async () => {
    const later = await createEvent(2, 'あさってからのウォーキング');
    eventId = (await createEvent(0, '今日からのウォーキング')).id;
    // The job's pass a little later (members who signed up by then are mailed).
    ctx.clock.advance(HOUR);
    // Batches of one: the fan-out walks the association's members in several transactions.
    const first = await runWalkingStartNotifications(ctx.db, ctx.clock.now(), PUBLIC_URL, { batch: 1 });
    expect(first.sent).toBe(2);
    const again = await runWalkingStartNotifications(ctx.db, ctx.clock.now(), PUBLIC_URL, { batch: 1 });
    expect(again.sent).toBe(0);

    const mails = await mailsTo(hana.email, 'notification_walking_start');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('【すこやか】ウォーキングイベントが始まりました');
    expect(mails[0]!.text).toContain('ウォーキングイベント「今日からのウォーキング」が始まりました。');
    expect(mails[0]!.text).toContain(`${PUBLIC_URL}/incentives/walking_events/${eventId}`);
    expect(mails[0]!.text).not.toContain(later.id);
    // The unsubscribe link turns off the ウォーキングイベント category.
    const token = decodeURIComponent(/unsubscribe\?token=(\S+)/.exec(mails[0]!.text)![1]!);
    expect(verifyUnsubscribeToken(token)).toEqual({ userId: hana.id, category: 'walking' });
    expect(await mailsTo(taro.email, 'notification_walking_start')).toHaveLength(1);
    for (const nobody of [quiet, unverified, outsider]) expect(await mailsTo(nobody.email, 'notification_walking_start')).toHaveLength(0);

    // The later event's start comes on its first day.
    ctx.clock.advance(2 * DAY);
    await runWalkingStartNotifications(ctx.db, ctx.clock.now(), PUBLIC_URL);
    const both = await mailsTo(hana.email, 'notification_walking_start');
    expect(both.map((mail) => mail.text.includes('あさってからのウォーキング'))).toEqual(expect.arrayContaining([true, false]));
    expect(both).toHaveLength(2);
    ctx.clock.advance(-2 * DAY);
  });

  it('tells a team’s other members when someone joins it, once, within their settings', async () => {
    expect((await hana.agent.post('joinWalkingEvent', { eventId })).status).toBe(200);
    const team = await hana.agent.post('createWalkingTeam', { eventId, name: 'はなチーム' });
    expect(team.status).toBe(200);
    expect((await quiet.agent.post('joinWalkingTeam', { code: team.body.inviteCode })).status).toBe(200);
    // hana hears of しずか; しずか (walking mails off) hears of nobody.
    expect((await taro.agent.post('joinWalkingTeam', { code: team.body.inviteCode })).status).toBe(200);
    // Joining again changes nothing and sends nothing.
    expect((await taro.agent.post('joinWalkingTeam', { code: team.body.inviteCode })).status).toBe(200);

    const toHana = await mailsTo(hana.email, 'notification_walking_team');
    expect(toHana.map((mail) => mail.subject)).toEqual([
      '【すこやか】チームに仲間が加わりました',
      '【すこやか】チームに仲間が加わりました',
    ]);
    expect(toHana.map((mail) => /、(.+)さんが加わりました/.exec(mail.text)![1]).sort()).toEqual(['しずか', 'たろう'].sort());
    expect(toHana[0]!.text).toContain(`/incentives/walking_events/${eventId}/teams/${team.body.id}`);
    expect(await mailsTo(quiet.email, 'notification_walking_team')).toHaveLength(0);
    expect(await mailsTo(taro.email, 'notification_walking_team')).toHaveLength(0);
  });

  it('mails each participant their result with the payout that paid them, once: rank, total and points', async () => {
    await saveDailySteps(ctx.db, hana.id, { day: dayOffset(0), steps: 9000, source: 'wearable' });
    await saveDailySteps(ctx.db, taro.id, { day: dayOffset(0), steps: 4000, source: 'wearable' });
    // Nothing before the close.
    expect(await payDueWalkingEvents(ctx.db, ctx.clock.now(), { publicUrl: PUBLIC_URL })).toBe(0);
    expect(await mailsTo(hana.email, 'notification_walking_result')).toHaveLength(0);
    ctx.clock.advance(3 * DAY);
    // The operator's close pays its first batches (here all: one member a batch, five batches) and mails with them.
    const closed = await closeWalkingEvent(ctx.db, associationId, eventId, ctx.clock.now(), {
      publicUrl: PUBLIC_URL,
      batch: 1,
      maxBatches: 5,
    });
    expect(closed.phase).toBe('closed');
    // The job's pass after it, and a second close, send nothing more.
    expect(await payDueWalkingEvents(ctx.db, ctx.clock.now(), { publicUrl: PUBLIC_URL })).toBe(0);
    await closeWalkingEvent(ctx.db, associationId, eventId, ctx.clock.now(), { publicUrl: PUBLIC_URL });
    expect(await mailsTo(hana.email, 'notification_walking_result')).toHaveLength(1);

    const [toHana] = await mailsTo(hana.email, 'notification_walking_result');
    expect(toHana!.subject).toBe('【すこやか】ウォーキングイベントの結果');
    expect(toHana!.text).toContain('順位：1位 / 3人');
    expect(toHana!.text).toContain('合計：9,000歩');
    expect(toHana!.text).toContain('報酬：500pt を付与しました');
    const [toTaro] = await mailsTo(taro.email, 'notification_walking_result');
    expect(toTaro!.text).toContain('順位：2位 / 3人');
    expect(toTaro!.text).toContain('報酬：ありません');
    expect(await mailsTo(quiet.email, 'notification_walking_result')).toHaveLength(0);
    expect(await mailsTo(outsider.email, 'notification_walking_result')).toHaveLength(0);
  });
});
