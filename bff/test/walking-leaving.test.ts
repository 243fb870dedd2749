import { japanDay, memberDataExportUrl } from '@sukoyaka/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import {
  articleQuizAnswers,
  articleSaves,
  articles,
  auditLogs,
  pointPrograms,
  users,
  walkingBuckets,
  walkingDays,
  walkingEvents,
  walkingParticipants,
  walkingTeams,
} from '../src/db/schema';
import { saveDailySteps } from '../src/health/steps';
import { closeWalkingEvent, WALKING_BUCKET_STEPS } from '../src/incentives/walking-events';
import { DAY, createAssociations, createMember, signInAgent, signedInOperator, testContextForFile, type Agent } from './helpers';

/*
 * A member who leaves the service (decision 0001) takes their walking events' records with them
 * (decision 0028): in an event not closed yet, the team's total, its free seat, both histograms
 * and the event's counts are what they would be had the member never joined, even while teammates'
 * steps arrive; a closed event's results stand as paid. Their walking events, days, saved articles
 * and quiz answers are in their download, and nobody else's.
 */

const ctx = testContextForFile();
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let associationId: string;
let programId: string;
let operator: Agent;

type Member = { id: string; agent: Agent; nickname: string; email: string; password: string };

const dayOffset = (days: number) => japanDay(new Date(ctx.clock.now().getTime() + days * DAY));
const wearable = (userId: string, day: string, steps: number) => saveDailySteps(ctx.db, userId, { day, steps, source: 'wearable' });

async function member(nickname: string): Promise<Member> {
  const created = await createMember(ctx.db, { nickname });
  await ctx.db.update(users).set({ associationId }).where(eq(users.id, created.id));
  return { id: created.id, agent: await signInAgent(ctx, created), nickname, email: created.email, password: created.password };
}

async function createEvent(fields: Record<string, unknown> = {}): Promise<string> {
  const response = await operator.operatorPost('createOperatorWalkingEvent', {
    associationId,
    programId,
    title: '冬のチームウォーキング',
    startsOn: dayOffset(-5),
    endsOn: dayOffset(1),
    graceDays: 2,
    mode: 'both',
    teamSize: 3,
    rankRewards: [{ upToRank: 3, points: 100 }],
    teamRankRewards: [{ upToRank: 1, points: 50 }],
    ...fields,
  });
  expect(response.status).toBe(200);
  return response.body.id as string;
}

async function createTeam(founder: Member, eventId: string, name: string) {
  const created = await founder.agent.post('createWalkingTeam', { eventId, name });
  expect(created.status).toBe(200);
  return created.body as { id: string; inviteCode: string };
}

async function joinTeam(joiner: Member, code: string) {
  const joined = await joiner.agent.post('joinWalkingTeam', { code });
  expect(joined.status).toBe(200);
}

async function leaveService(leaver: Member) {
  expect((await leaver.agent.post('authenticateUserPassword', { password: leaver.password })).status).toBe(200);
  const left = await leaver.agent.post('leaveService', { confirm: true });
  expect(left.status).toBe(200);
}

/**
 * The event's figures as stored, beside the same figures recomputed from what counts: the days'
 * counted steps of the participants there are. Equal means the incremental totals, seats,
 * histograms and counts are exactly those of the remaining members alone.
 */
async function storedAndRecomputed(eventId: string) {
  const participants = await ctx.db
    .select({ id: walkingParticipants.id, teamId: walkingParticipants.teamId, total: walkingParticipants.total })
    .from(walkingParticipants)
    .where(eq(walkingParticipants.eventId, eventId));
  const days = await ctx.db
    .select({ participantId: walkingDays.participantId, counted: walkingDays.counted })
    .from(walkingDays)
    .where(eq(walkingDays.eventId, eventId));
  const teams = await ctx.db
    .select({ id: walkingTeams.id, total: walkingTeams.total, members: walkingTeams.members })
    .from(walkingTeams)
    .where(eq(walkingTeams.eventId, eventId));
  const [event] = await ctx.db
    .select({ participants: walkingEvents.participants, teams: walkingEvents.teams })
    .from(walkingEvents)
    .where(eq(walkingEvents.id, eventId));
  const buckets = await ctx.db
    .select({ board: walkingBuckets.board, bucket: walkingBuckets.bucket, count: walkingBuckets.count })
    .from(walkingBuckets)
    .where(and(eq(walkingBuckets.eventId, eventId), sql`${walkingBuckets.count} <> 0`))
    .orderBy(asc(walkingBuckets.board), asc(walkingBuckets.bucket));

  const dayTotal = new Map<string, number>();
  for (const day of days) dayTotal.set(day.participantId, (dayTotal.get(day.participantId) ?? 0) + day.counted);
  const teamTotal = new Map<string, number>();
  const teamMembers = new Map<string, number>();
  for (const participant of participants) {
    if (!participant.teamId) continue;
    teamTotal.set(participant.teamId, (teamTotal.get(participant.teamId) ?? 0) + (dayTotal.get(participant.id) ?? 0));
    teamMembers.set(participant.teamId, (teamMembers.get(participant.teamId) ?? 0) + 1);
  }
  const histogram = (board: 'members' | 'teams', totals: number[]) => {
    const counts = new Map<number, number>();
    for (const total of totals)
      counts.set(Math.floor(total / WALKING_BUCKET_STEPS), (counts.get(Math.floor(total / WALKING_BUCKET_STEPS)) ?? 0) + 1);
    return [...counts].sort(([a], [b]) => a - b).map(([bucket, count]) => ({ board, bucket, count }));
  };
  const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
  const stored = {
    participants: byId(participants.map((row) => ({ id: row.id, total: Number(row.total) }))),
    teams: byId(teams.map((row) => ({ id: row.id, total: Number(row.total), members: row.members }))),
    event,
    buckets,
  };
  const recomputed = {
    participants: byId(participants.map((row) => ({ id: row.id, total: dayTotal.get(row.id) ?? 0 }))),
    // A team with no member left has no business on the board: recomputed, it is not there.
    teams: byId([...teamMembers].map(([id, members]) => ({ id, total: teamTotal.get(id) ?? 0, members }))),
    event: { participants: participants.length, teams: teamMembers.size },
    buckets: [
      ...histogram(
        'members',
        participants.map((row) => dayTotal.get(row.id) ?? 0),
      ),
      ...histogram(
        'teams',
        [...teamMembers.keys()].map((id) => teamTotal.get(id) ?? 0),
      ),
    ],
  };
  return { stored, recomputed };
}

/** 1 + the entries with a greater total: the rank by its definition, from the recomputed totals. */
const rankAmong = (totals: number[], total: number) => 1 + totals.filter((other) => other > total).length;

beforeAll(async () => {
  associationId = (await createAssociations(ctx.db, ['退会ウォーキング組合']))[0]!;
  const [program] = await ctx.db.insert(pointPrograms).values({ associationId, name: 'あるくポイント' }).returning();
  programId = program!.id;
  operator = (await signedInOperator(ctx, [{ associationId, role: 'editor' }])).agent;
}, 120_000);

describe('leaving the service during an event', () => {
  let eventId: string;
  let soloEventId: string;
  let aki: Member;
  let ben: Member;
  let chie: Member;
  let dan: Member;
  let eri: Member;
  let fumi: Member;
  let trio: { id: string; inviteCode: string };
  let pair: { id: string; inviteCode: string };
  let alone: { id: string; inviteCode: string };

  beforeAll(async () => {
    aki = await member('あき');
    ben = await member('べん');
    chie = await member('ちえ');
    dan = await member('だん');
    eri = await member('えり');
    fumi = await member('ふみ');
    eventId = await createEvent();
    soloEventId = await createEvent({ title: 'もうひとつのウォーキング', teamSize: 2 });
    // Days saved before joining count too; あき also has a day held for the operator (確認中).
    await wearable(aki.id, dayOffset(-4), 18_000);
    trio = await createTeam(aki, eventId, 'さんにん組');
    await joinTeam(ben, trio.inviteCode);
    await joinTeam(chie, trio.inviteCode);
    pair = await createTeam(eri, eventId, 'ふたり組');
    await joinTeam(fumi, pair.inviteCode);
    expect((await dan.agent.post('joinWalkingEvent', { eventId })).status).toBe(200);
    await wearable(aki.id, dayOffset(-3), 12_000);
    await wearable(aki.id, dayOffset(-2), 70_000);
    await wearable(ben.id, dayOffset(-3), 12_000);
    await wearable(chie.id, dayOffset(-3), 8000);
    await wearable(dan.id, dayOffset(-3), 20_000);
    await wearable(eri.id, dayOffset(-3), 15_000);
    await wearable(fumi.id, dayOffset(-3), 5000);
    // In the second event (joined a moment later) あき is their team's only member, and first of two.
    ctx.clock.advance(1000);
    alone = await createTeam(aki, soloEventId, 'ひとり組');
    expect((await dan.agent.post('createWalkingTeam', { eventId: soloEventId, name: 'だん組' })).status).toBe(200);
  });

  it('the download holds the member’s walking events and days, in Japanese, and nothing of another member', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: memberDataExportUrl('json', false),
      headers: { cookie: `sukoyaka_session=${aki.agent.cookie('sukoyaka_session')}` },
    });
    expect(response.statusCode).toBe(200);
    const data = response.json();
    expect(data.walking_events).toEqual([
      expect.objectContaining({
        event: '冬のチームウォーキング',
        team: 'さんにん組',
        total: 30_000,
        rewardPoints: null,
        joinedAt: expect.any(String),
      }),
      expect.objectContaining({ event: 'もうひとつのウォーキング', team: 'ひとり組', total: 30_000 }),
    ]);
    expect(data.walking_days).toEqual(
      ['冬のチームウォーキング', 'もうひとつのウォーキング'].flatMap((event) => [
        { event, day: dayOffset(-4), steps: 18_000, status: '集計対象', counted: 18_000 },
        { event, day: dayOffset(-3), steps: 12_000, status: '集計対象', counted: 12_000 },
        { event, day: dayOffset(-2), steps: 70_000, status: '確認中', counted: 0 },
      ]),
    );
    // Exactly their rows above: no teammate's day, total or nickname.
    expect(response.body).not.toMatch(/べん|ちえ|ふみ/);
    const zip = unzipSync(
      new Uint8Array(
        (
          await ctx.app.inject({
            method: 'GET',
            url: memberDataExportUrl('csv', false),
            headers: { cookie: `sukoyaka_session=${aki.agent.cookie('sukoyaka_session')}` },
          })
        ).rawPayload,
      ),
    );
    const days = strFromU8(zip['walking_days.csv']!);
    expect(days).toContain('イベント,日付,歩数,状態,合計に入った歩数');
    expect(days).toContain('確認中');
    expect(strFromU8(zip['walking_events.csv']!)).toContain('さんにん組');
    expect(strFromU8(zip['README.txt']!)).toContain('walking_days.csv: ウォーキングイベントの日ごとの歩数（6件）');
  });

  it('leaves the team’s total, its seat, both histograms and the counts as if the member had never joined', async () => {
    const before = await ben.agent.get('getWalkingEvent', { eventId });
    expect(before.body.me).toMatchObject({ total: 12_000, rank: 4, team: { total: 50_000, rank: 1, members: 3 } });
    expect((await operator.get('listOperatorWalkingHeldDays', { associationId, eventId })).body.items).toHaveLength(1);

    await leaveService(aki);

    for (const id of [eventId, soloEventId]) {
      const { stored, recomputed } = await storedAndRecomputed(id);
      expect(stored).toEqual(recomputed);
    }
    // Their rows are gone, the held day from the operator's queue too.
    expect(await ctx.db.select().from(walkingParticipants).where(eq(walkingParticipants.userId, aki.id))).toEqual([]);
    expect((await operator.get('listOperatorWalkingHeldDays', { associationId, eventId })).body.items).toEqual([]);

    // The ranks of the others, from the same definition over what remains.
    const totals = { [ben.id]: 12_000, [chie.id]: 8000, [dan.id]: 20_000, [eri.id]: 15_000, [fumi.id]: 5000 };
    for (const someone of [ben, chie, dan, eri, fumi]) {
      const page = await someone.agent.get('getWalkingEvent', { eventId });
      expect(page.body.me).toMatchObject({ total: totals[someone.id], rank: rankAmong(Object.values(totals), totals[someone.id]!) });
    }
    const event = await ben.agent.get('getWalkingEvent', { eventId });
    expect(event.body).toMatchObject({
      participants: 5,
      teams: 2,
      me: { team: { name: 'さんにん組', total: 20_000, members: 2, rank: 1 } },
    });
    const board = await ben.agent.get('getWalkingLeaderboard', { eventId, kind: 'members' });
    expect(board.body.top.map((entry: { rank: number; name: string; total: number }) => [entry.rank, entry.name, entry.total])).toEqual([
      [1, 'だん', 20_000],
      [2, 'えり', 15_000],
      [3, 'べん', 12_000],
      [4, 'ちえ', 8000],
      [5, 'ふみ', 5000],
    ]);
    // Both teams at 20,000 now: they share the first place.
    const teams = await ben.agent.get('getWalkingLeaderboard', { eventId, kind: 'teams' });
    expect(teams.body.top.map((entry: { rank: number; total: number }) => [entry.rank, entry.total])).toEqual([
      [1, 20_000],
      [1, 20_000],
    ]);

    // The second event: the team had only them, and it is gone with them.
    expect(await ctx.db.select().from(walkingTeams).where(eq(walkingTeams.id, alone.id))).toEqual([]);
    const second = await dan.agent.get('getWalkingEvent', { eventId: soloEventId });
    expect(second.body).toMatchObject({ participants: 1, teams: 1, me: { rank: 1, team: { rank: 1 } } });
    expect((await dan.agent.get('getWalkingTeamInvite', { code: alone.inviteCode })).status).toBe(404);

    // The seat is free: someone new takes it, and the team is three again.
    const gin = await member('ぎん');
    await wearable(gin.id, dayOffset(-3), 3000);
    await joinTeam(gin, trio.inviteCode);
    expect((await ben.agent.get('getWalkingEvent', { eventId })).body.me.team).toMatchObject({ total: 23_000, members: 3 });
    const { stored, recomputed } = await storedAndRecomputed(eventId);
    expect(stored).toEqual(recomputed);

    // The audit entry counts what went, never values.
    const [left] = await ctx.db
      .select({ detail: auditLogs.detail })
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, aki.id), eq(auditLogs.event, 'member_left')));
    expect((left!.detail as { erased: Record<string, unknown> }).erased.walking).toEqual({
      participations: 2,
      days: 6,
      corrected: 2,
      teamsRemoved: 1,
    });
  });

  it('keeps every sum right while teammates’ steps arrive during the leaving (PostgreSQL: truly at once)', async () => {
    const lea = await member('れあ');
    const mio = await member('みお');
    const nao = await member('なお');
    const raceId = await createEvent({ title: '同時の確かめ' });
    const team = await createTeam(lea, raceId, '同時組');
    await joinTeam(mio, team.inviteCode);
    await joinTeam(nao, team.inviteCode);
    await wearable(lea.id, dayOffset(-3), 9500);
    await wearable(mio.id, dayOffset(-3), 4000);
    await wearable(nao.id, dayOffset(-3), 6000);
    // みお's next day moves them into れあ's bucket (9,000–9,999): the same histogram row, both ways.
    const writes = () => Promise.all([leaveService(lea), wearable(mio.id, dayOffset(-2), 5500), wearable(nao.id, dayOffset(-2), 7000)]);
    if (onPostgres) {
      // The team row held by another transaction until the leaving and both step writes wait on
      // locks: then all three run into each other for real.
      let locked!: () => void;
      const holding = new Promise<void>((resolve) => (locked = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const blocker = ctx.db.transaction(async (tx) => {
        await tx.select({ id: walkingTeams.id }).from(walkingTeams).where(eq(walkingTeams.id, team.id)).for('update');
        locked();
        await released;
      });
      await holding;
      const running = writes();
      let waiting = 0;
      try {
        const deadline = Date.now() + 20_000;
        while (waiting < 3 && Date.now() < deadline) {
          const result = (await ctx.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: Array<{ n: number }> };
          waiting = Number(result.rows[0]!.n);
        }
      } finally {
        release();
        await blocker;
        await running;
      }
      expect(waiting).toBeGreaterThanOrEqual(3);
    } else {
      await writes();
    }
    const { stored, recomputed } = await storedAndRecomputed(raceId);
    expect(stored).toEqual(recomputed);
    expect(stored.teams).toEqual([{ id: team.id, total: 9500 + 13_000, members: 2 }]);
    expect(stored.event).toEqual({ participants: 2, teams: 1 });
  });
});

describe('the download of articles', () => {
  it('holds the member’s saved articles and quiz answers, and nothing of another member; leaving deletes them', async () => {
    const reader = await member('よむ');
    const other = await member('ほか');
    const published = (title: string) => ({
      associationId,
      title,
      category: 'exercise' as const,
      body: '歩くことは健康によい。',
      readingMinutes: 1,
      quizQuestion: '1日の歩数の目安は？',
      quizChoices: ['8,000歩', '800歩', '80歩'],
      quizAnswer: 0,
      quizExplanation: '8,000歩が目安です。',
      publishFrom: new Date(ctx.clock.now().getTime() - DAY),
      publishedAt: new Date(ctx.clock.now().getTime() - DAY),
    });
    const [walk, sleep, theirs] = await ctx.db
      .insert(articles)
      .values([published('歩く習慣'), published('よく眠る'), published('ほかの人の記事')])
      .returning();
    expect((await reader.agent.post('saveArticle', { articleId: walk!.id, saved: true })).status).toBe(200);
    expect((await reader.agent.post('answerArticleQuiz', { articleId: walk!.id, choice: 0 })).status).toBe(200);
    ctx.clock.advance(1000);
    expect((await reader.agent.post('answerArticleQuiz', { articleId: sleep!.id, choice: 2 })).status).toBe(200);
    expect((await other.agent.post('saveArticle', { articleId: theirs!.id, saved: true })).status).toBe(200);
    expect((await other.agent.post('answerArticleQuiz', { articleId: theirs!.id, choice: 1 })).status).toBe(200);

    const response = await ctx.app.inject({
      method: 'GET',
      url: memberDataExportUrl('json', false),
      headers: { cookie: `sukoyaka_session=${reader.agent.cookie('sukoyaka_session')}` },
    });
    const data = response.json();
    expect(data.article_saves).toEqual([{ savedAt: expect.any(String), article: '歩く習慣' }]);
    expect(data.article_quiz_answers).toEqual([
      { answeredAt: expect.any(String), article: '歩く習慣', question: '1日の歩数の目安は？', answer: '8,000歩', result: '正解' },
      { answeredAt: expect.any(String), article: 'よく眠る', question: '1日の歩数の目安は？', answer: '80歩', result: '不正解' },
    ]);
    expect(response.body).not.toContain('ほかの人の記事');
    expect(data.walking_events).toEqual([]);

    await leaveService(reader);
    expect(await ctx.db.select().from(articleSaves).where(eq(articleSaves.userId, reader.id))).toEqual([]);
    expect(await ctx.db.select().from(articleQuizAnswers).where(eq(articleQuizAnswers.userId, reader.id))).toEqual([]);
    // The other member's stay.
    expect(await ctx.db.select().from(articleSaves).where(eq(articleSaves.userId, other.id))).toHaveLength(1);
    expect(await ctx.db.select().from(articleQuizAnswers).where(eq(articleQuizAnswers.userId, other.id))).toHaveLength(1);
  });
});

describe('leaving after an event closed', () => {
  it('the results stand as paid: ranks, totals and the histogram unchanged, the member no longer listed', async () => {
    const eventId = await createEvent({ title: '締めたあとの確かめ', startsOn: dayOffset(-3), endsOn: dayOffset(0), graceDays: 0 });
    const kai = await member('かい');
    const kei = await member('けい');
    const ren = await member('れん');
    const team = await createTeam(kai, eventId, 'かいけい組');
    await joinTeam(kei, team.inviteCode);
    await createTeam(ren, eventId, 'れん組');
    await wearable(kai.id, dayOffset(-1), 30_000);
    await wearable(kei.id, dayOffset(-1), 20_000);
    await wearable(ren.id, dayOffset(-1), 10_000);
    ctx.clock.advance(DAY);
    const closed = await closeWalkingEvent(ctx.db, associationId, eventId, ctx.clock.now(), { publicUrl: 'https://sukoyaka.example' });
    expect(closed.closedAt).not.toBeNull();
    // A day has passed: each signs in again.
    for (const someone of [kai, kei, ren]) someone.agent = await signInAgent(ctx, someone);
    const figures = async () => ({
      buckets: (await storedAndRecomputed(eventId)).stored.buckets,
      teams: await ctx.db
        .select({ name: walkingTeams.name, total: walkingTeams.total, members: walkingTeams.members })
        .from(walkingTeams)
        .where(eq(walkingTeams.eventId, eventId))
        .orderBy(asc(walkingTeams.name)),
      event: (await storedAndRecomputed(eventId)).stored.event,
      kei: (await kei.agent.get('getWalkingEvent', { eventId })).body.me,
      ren: (await ren.agent.get('getWalkingEvent', { eventId })).body.me,
      teamBoard: (await ren.agent.get('getWalkingLeaderboard', { eventId, kind: 'teams' })).body,
    });
    const before = await figures();
    expect(before.kei).toMatchObject({ rank: 2, rewardPoints: 150, team: { total: 50_000, rank: 1 } });

    await leaveService(kai);

    expect(await figures()).toEqual(before);
    expect(
      await ctx.db
        .select()
        .from(walkingParticipants)
        .where(inArray(walkingParticipants.userId, [kai.id])),
    ).toEqual([]);
    // The board no longer names them, and the others keep the ranks they were paid for.
    const board = await ren.agent.get('getWalkingLeaderboard', { eventId, kind: 'members' });
    expect(board.body.top.map((entry: { rank: number; name: string }) => [entry.rank, entry.name])).toEqual([
      [2, 'けい'],
      [3, 'れん'],
    ]);
    expect(board.body.aroundMe.map((entry: { rank: number; name: string }) => [entry.rank, entry.name])).toEqual([
      [2, 'けい'],
      [3, 'れん'],
    ]);
  });
});
