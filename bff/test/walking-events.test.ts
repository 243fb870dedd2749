import { japanDay } from '@sukoyaka/contract';
import { and, eq, like } from 'drizzle-orm';
import { ledgerTransfers, pointPrograms, users, walkingBuckets, walkingEvents, walkingParticipants, walkingTeams } from '../src/db/schema';
import { saveDailySteps } from '../src/health/steps';
import { closeWalkingEvent, getWalkingEvent, getWalkingLeaderboard, payDueWalkingEvents } from '../src/incentives/walking-events';
import { planOf, statementsOf, outline } from './query-plans';
import { DAY, createAssociations, createMember, signInAgent, signedInOperator, testContextForFile, type Agent } from './helpers';

/*
 * Walking events (issue 29): what counts (a device's or the app's days in the period, never a hand
 * entry), held days and the operator's decision, teams and their limits, leaderboards and ranks
 * from what counts, and the payout once when the event closes, even under concurrent closes.
 */

const ctx = testContextForFile();
let associationId: string;
let programId: string;
let operator: Agent;
const PUBLIC_URL = 'https://sukoyaka.example';
const members: Array<{ id: string; agent: Agent; nickname: string; email: string }> = [];

const today = () => japanDay(ctx.clock.now());
const dayOffset = (days: number) => japanDay(new Date(ctx.clock.now().getTime() + days * DAY));

async function member(nickname: string) {
  const created = await createMember(ctx.db, { nickname });
  await ctx.db.update(users).set({ associationId }).where(eq(users.id, created.id));
  const entry = { id: created.id, agent: await signInAgent(ctx, created), nickname, email: created.email };
  members.push(entry);
  return entry;
}

async function createEvent(fields: Record<string, unknown> = {}) {
  const response = await operator.operatorPost('createOperatorWalkingEvent', {
    associationId,
    programId,
    title: '秋のチームウォーキング',
    startsOn: dayOffset(-5),
    endsOn: dayOffset(1),
    graceDays: 2,
    mode: 'both',
    teamSize: 2,
    finishSteps: 20_000,
    finishPoints: 100,
    rankRewards: [
      { upToRank: 1, points: 500 },
      { upToRank: 3, points: 200 },
    ],
    teamRankRewards: [{ upToRank: 1, points: 300 }],
    ...fields,
  });
  expect(response.status).toBe(200);
  return response.body as { id: string; phase: string };
}

const wearable = (userId: string, day: string, steps: number) => saveDailySteps(ctx.db, userId, { day, steps, source: 'wearable' });

beforeAll(async () => {
  associationId = (await createAssociations(ctx.db, ['ウォーキング組合']))[0]!;
  const [program] = await ctx.db.insert(pointPrograms).values({ associationId: associationId!, name: 'けんこうポイント' }).returning();
  programId = program!.id;
  operator = (await signedInOperator(ctx, [{ associationId: associationId!, role: 'editor' }])).agent;
}, 120_000);

describe('an event with teams', () => {
  let eventId: string;
  let hana: Awaited<ReturnType<typeof member>>;
  let taro: Awaited<ReturnType<typeof member>>;
  let jiro: Awaited<ReturnType<typeof member>>;
  let teamId: string;
  let inviteCode: string;

  beforeAll(async () => {
    hana = await member('はな');
    taro = await member('たろう');
    jiro = await member('じろう');
    eventId = (await createEvent()).id;
  });

  it('counts a device’s and the app’s days in the period, never a hand entry; days saved before joining count', async () => {
    await wearable(hana.id, dayOffset(-4), 8000);
    await wearable(hana.id, dayOffset(-10), 9000); // before the period
    const joined = await hana.agent.post('joinWalkingEvent', { eventId });
    expect(joined.status).toBe(200);
    expect(joined.body.me).toMatchObject({ total: 8000, rank: 1, days: [{ day: dayOffset(-4), steps: 8000, status: 'counted' }] });
    // The app's count (ingestVitals) counts too.
    const ingested = await hana.agent.post('ingestVitals', {
      items: [{ type: 'steps', clientRecordId: 'walk-1', day: dayOffset(-3), steps: 7000 }],
    });
    expect(ingested.status).toBe(200);
    // A hand entry does not; and a hand entry over a device's day takes the day out.
    expect((await hana.agent.post('saveStep', { day: dayOffset(-2), steps: 30_000 })).status).toBe(200);
    expect((await hana.agent.post('saveStep', { day: dayOffset(-4), steps: 12_000 })).status).toBe(200);
    const event = await hana.agent.get('getWalkingEvent', { eventId });
    expect(event.body.me.total).toBe(7000);
    expect(event.body.me.days).toEqual([{ day: dayOffset(-3), steps: 7000, status: 'counted' }]);
    await wearable(hana.id, dayOffset(-4), 8000);
    expect((await hana.agent.get('getWalkingEvent', { eventId })).body.me.total).toBe(15_000);
  });

  it('holds an implausible day (over the limit, or a large count repeated) as 確認中 until an operator decides', async () => {
    await wearable(hana.id, dayOffset(-2), 60_000);
    let event = await hana.agent.get('getWalkingEvent', { eventId });
    expect(event.body.me.total).toBe(15_000);
    expect(event.body.me.days).toContainEqual({ day: dayOffset(-2), steps: 60_000, status: 'held' });
    await wearable(hana.id, dayOffset(-1), 25_000);
    await wearable(hana.id, dayOffset(0), 25_000);
    event = await hana.agent.get('getWalkingEvent', { eventId });
    expect(event.body.me.days).toContainEqual({ day: dayOffset(0), steps: 25_000, status: 'held' });
    expect(event.body.me.total).toBe(40_000);

    const held = await operator.get('listOperatorWalkingHeldDays', { associationId, eventId });
    expect(held.status).toBe(200);
    expect(held.body.items.map((item: { day: string; reason: string }) => [item.day, item.reason])).toEqual([
      [dayOffset(-2), 'over_limit'],
      [dayOffset(0), 'repeated'],
    ]);
    expect(JSON.stringify(held.body)).not.toContain(hana.email);
    const [overLimit, repeated] = held.body.items as Array<{ id: string }>;
    const refused = await operator.operatorPost('decideOperatorWalkingDay', {
      associationId,
      eventId,
      dayId: overLimit!.id,
      decision: 'refuse',
    });
    expect(refused.status).toBe(200);
    const approved = await operator.operatorPost('decideOperatorWalkingDay', {
      associationId,
      eventId,
      dayId: repeated!.id,
      decision: 'approve',
    });
    expect(approved.status).toBe(200);
    const again = await operator.operatorPost('decideOperatorWalkingDay', {
      associationId,
      eventId,
      dayId: repeated!.id,
      decision: 'refuse',
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('walking_day_not_held');
    event = await hana.agent.get('getWalkingEvent', { eventId });
    expect(event.body.me.total).toBe(65_000);
    expect(event.body.me.days).toContainEqual({ day: dayOffset(-2), steps: 60_000, status: 'refused' });
    // The same count synced again stays refused; the operators' queue is empty.
    await wearable(hana.id, dayOffset(-2), 60_000);
    expect((await hana.agent.get('getWalkingEvent', { eventId })).body.me.total).toBe(65_000);
    expect((await operator.get('listOperatorWalkingHeldDays', { associationId, eventId })).body.items).toEqual([]);
  });

  it('forms a team by invite code up to its size, one team per member, and shows its page only to its members', async () => {
    const created = await hana.agent.post('createWalkingTeam', { eventId, name: 'はなチーム' });
    expect(created.status).toBe(200);
    teamId = created.body.id;
    inviteCode = created.body.inviteCode;
    expect(inviteCode).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(created.body).toMatchObject({ total: 65_000, rank: 1, members: [{ name: 'はな', isMe: true, total: 65_000 }] });

    const invite = await taro.agent.get('getWalkingTeamInvite', { code: inviteCode });
    expect(invite.body).toMatchObject({ eventId, teamName: 'はなチーム', members: 1, teamSize: 2 });
    await wearable(taro.id, dayOffset(-1), 10_000);
    const joined = await taro.agent.post('joinWalkingTeam', { code: inviteCode });
    expect(joined.status).toBe(200);
    expect(joined.body.total).toBe(75_000);
    expect(joined.body.members.map((entry: { name: string; total: number }) => [entry.name, entry.total])).toEqual([
      ['はな', 65_000],
      ['たろう', 10_000],
    ]);
    // The team page shows each member's days to teammates.
    const page = await taro.agent.get('getWalkingTeam', { eventId, teamId });
    expect(page.body.members[0].days).toContainEqual({ day: dayOffset(-3), steps: 7000, status: 'counted' });
    expect(JSON.stringify(page.body)).not.toContain(hana.email);

    // Full at two.
    const full = await jiro.agent.post('joinWalkingTeam', { code: inviteCode });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('walking_team_full');
    // Not a teammate: the page is not found.
    expect((await jiro.agent.get('getWalkingTeam', { eventId, teamId })).status).toBe(404);
    // A member in a team cannot make another.
    const second = await taro.agent.post('createWalkingTeam', { eventId, name: '別のチーム' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('walking_already_in_team');
    // The event has started: no leaving.
    const leave = await taro.agent.post('leaveWalkingTeam', { eventId });
    expect(leave.status).toBe(409);
    expect(leave.body.code).toBe('walking_event_started');
  });

  it('ranks members and teams from what counts: the top, and the entries around the member', async () => {
    await wearable(jiro.id, dayOffset(-1), 12_000);
    expect((await jiro.agent.post('joinWalkingEvent', { eventId })).status).toBe(200);
    const jiroTeam = await jiro.agent.post('createWalkingTeam', { eventId, name: 'じろう組' });
    expect(jiroTeam.body.rank).toBe(2);

    const board = await taro.agent.get('getWalkingLeaderboard', { eventId, kind: 'members' });
    expect(board.status).toBe(200);
    expect(board.body.top).toEqual([
      { rank: 1, name: 'はな', total: 65_000, isMe: false },
      { rank: 2, name: 'じろう', total: 12_000, isMe: false },
      { rank: 3, name: 'たろう', total: 10_000, isMe: true },
    ]);
    expect(board.body.aroundMe.map((entry: { name: string }) => entry.name)).toEqual(['はな', 'じろう', 'たろう']);
    expect(JSON.stringify(board.body)).not.toMatch(/@example\.jp/);
    const teams = await jiro.agent.get('getWalkingLeaderboard', { eventId, kind: 'teams' });
    expect(teams.body.top).toEqual([
      { rank: 1, name: 'はなチーム', total: 75_000, isMe: false },
      { rank: 2, name: 'じろう組', total: 12_000, isMe: true },
    ]);
    const event = await taro.agent.get('getWalkingEvent', { eventId });
    expect(event.body.me).toMatchObject({ total: 10_000, rank: 3, team: { name: 'はなチーム', total: 75_000, rank: 1 } });
    // A tie shares its rank.
    await wearable(jiro.id, dayOffset(-1), 10_000);
    const tied = await taro.agent.get('getWalkingLeaderboard', { eventId, kind: 'members' });
    expect(tied.body.top.map((entry: { rank: number; total: number }) => [entry.rank, entry.total])).toEqual([
      [1, 65_000],
      [2, 10_000],
      [2, 10_000],
    ]);
  });

  it("another association's member sees nothing of it", async () => {
    const stranger = await createMember(ctx.db);
    const agent = await signInAgent(ctx, stranger);
    expect((await agent.get('listWalkingEvents')).body.items).toEqual([]);
    expect((await agent.get('getWalkingEvent', { eventId })).status).toBe(404);
    expect((await agent.get('getWalkingLeaderboard', { eventId, kind: 'members' })).status).toBe(404);
    expect((await agent.post('joinWalkingTeam', { code: inviteCode })).status).toBe(404);
  });

  it('counts a late sync until the grace days end, then closes and pays once under concurrent closes', async () => {
    const early = await operator.operatorPost('closeOperatorWalkingEvent', { associationId, eventId });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('walking_event_not_closable');
    ctx.clock.advance(3 * DAY); // the last day (+1) is over; grace days remain
    await wearable(taro.id, dayOffset(-2), 11_000); // the period's last day, synced late
    expect((await taro.agent.get('getWalkingEvent', { eventId })).body).toMatchObject({ phase: 'grace', me: { total: 21_000 } });
    ctx.clock.advance(DAY);
    // The operator's session has expired in those days: signed in again.
    operator = (await signedInOperator(ctx, [{ associationId, role: 'editor' }])).agent;
    const now = ctx.clock.now();
    // Batches of one: the three closes take the payout's batches from each other under the event's lock.
    const closes = await Promise.all([
      closeWalkingEvent(ctx.db, associationId, eventId, now, { publicUrl: PUBLIC_URL, batch: 1 }),
      closeWalkingEvent(ctx.db, associationId, eventId, now, { publicUrl: PUBLIC_URL, batch: 1 }),
      operator.operatorPost('closeOperatorWalkingEvent', { associationId, eventId }),
    ]);
    expect(closes[2]!.status).toBe(200);
    expect(closes[0]!.closedAt).not.toBeNull();
    const transfers = await ctx.db
      .select({ userId: ledgerTransfers.userId, amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idempotencyKey, `walking:${eventId}:%`));
    const paid = Object.fromEntries(transfers.map((transfer) => [transfer.userId, Number(transfer.amount)]));
    // はな: rank 1 (500) + finished (100) + first team (300); たろう: rank 2 of 3 (200) + finished + first team; じろう: rank 3 (200).
    expect(paid).toEqual({ [hana.id]: 900, [taro.id]: 600, [jiro.id]: 200 });
    expect(transfers).toHaveLength(3);
    // A day arriving after the close changes nothing.
    await wearable(jiro.id, dayOffset(-3), 9000);
    const event = await jiro.agent.get('getWalkingEvent', { eventId });
    expect(event.body).toMatchObject({ phase: 'closed', me: { total: 10_000, rewardPoints: 200 } });
    const [again] = await Promise.all([closeWalkingEvent(ctx.db, associationId, eventId, ctx.clock.now(), { publicUrl: PUBLIC_URL })]);
    expect(again.closedAt).not.toBeNull();
    expect(
      await ctx.db
        .select({ id: ledgerTransfers.id })
        .from(ledgerTransfers)
        .where(and(like(ledgerTransfers.idempotencyKey, `walking:${eventId}:%`))),
    ).toHaveLength(3);
  });
});

describe('at scale', () => {
  it("a member's event page and the leaderboards read index ranges: nothing sorts or scans all participants", async () => {
    const event = await createEvent({ title: '計画の確かめ' });
    const runner = await member('はしる');
    await wearable(runner.id, dayOffset(-1), 9000);
    await runner.agent.post('createWalkingTeam', { eventId: event.id, name: '計画チーム' });
    const who = { id: runner.id, email: runner.email, nickname: runner.nickname, associationId, emailVerified: true };
    const statements = await statementsOf(ctx.db, async () => {
      await getWalkingEvent(ctx.db, who, event.id, ctx.clock.now());
      await getWalkingLeaderboard(ctx.db, who, { eventId: event.id, kind: 'members' });
      await getWalkingLeaderboard(ctx.db, who, { eventId: event.id, kind: 'teams' });
    });
    expect(statements.length).toBeGreaterThan(10);
    const boards = new Set(['walking_participants', 'walking_teams', 'walking_days', 'walking_buckets']);
    for (const statement of statements) {
      // Sequential scans off: a Seq Scan left means no index serves the statement.
      const nodes = await planOf(ctx.db, statement, { noBitmapScans: true });
      const message = `${statement.text}\n${outline(nodes).join('\n')}`;
      expect({ message, sorts: nodes.filter((node) => node['Node Type'] === 'Sort').length }).toEqual({ message, sorts: 0 });
      for (const node of nodes.filter((node) => boards.has(node['Relation Name'] ?? ''))) {
        expect({ message, type: node['Node Type'] }).toEqual({ message, type: expect.stringMatching(/^Index (Only )?Scan( Backward)?$/) });
        expect({ message, cond: node['Index Cond'] ?? '' }).toEqual({
          message,
          cond: expect.stringMatching(/event_id|participant_id|id = /),
        });
      }
    }
  });
});

describe('the payout at scale', () => {
  it('the close and a payout batch read index ranges: the event by id, the participants after the cursor by member id, ranks from the histogram', async () => {
    // An event whose grace days are over, its participants written as the step writes leave them.
    const [event] = await ctx.db
      .insert(walkingEvents)
      .values({
        associationId,
        programId,
        title: '払い出しの計画',
        startsOn: dayOffset(-12),
        endsOn: dayOffset(-6),
        graceDays: 0,
        mode: 'both',
        teamSize: 2,
        dailyLimit: 50_000,
        finishSteps: 5000,
        finishPoints: 100,
        rankRewards: JSON.stringify([{ upToRank: 1, points: 500 }]),
        teamRankRewards: JSON.stringify([{ upToRank: 1, points: 300 }]),
        createdAt: ctx.clock.now(),
      })
      .returning();
    const [team] = await ctx.db
      .insert(walkingTeams)
      .values({ eventId: event!.id, name: '計画', inviteCode: 'PlanPayout01', total: 9000, members: 1 })
      .returning();
    const walker = await member('はらう');
    await ctx.db
      .insert(walkingParticipants)
      .values({ eventId: event!.id, userId: walker.id, teamId: team!.id, total: 9000, joinedAt: ctx.clock.now() });
    await ctx.db.insert(walkingBuckets).values([
      { eventId: event!.id, board: 'members', bucket: 9, count: 1 },
      { eventId: event!.id, board: 'teams', bucket: 9, count: 1 },
    ]);
    const now = ctx.clock.now();
    const statements = await statementsOf(ctx.db, async () => {
      await closeWalkingEvent(ctx.db, associationId, event!.id, now, { publicUrl: PUBLIC_URL, maxBatches: 0 });
      await payDueWalkingEvents(ctx.db, now, { publicUrl: PUBLIC_URL });
    });
    expect(
      Object.fromEntries(
        (
          await ctx.db
            .select({ key: ledgerTransfers.idempotencyKey, amount: ledgerTransfers.amount })
            .from(ledgerTransfers)
            .where(eq(ledgerTransfers.userId, walker.id))
        ).map((row) => [row.key, Number(row.amount)]),
      ),
    ).toEqual({ [`walking:${event!.id}:${walker.id}`]: 900 });
    const walking = /walking_(events|participants|teams|buckets)|notification_fanouts/;
    const checked = statements.filter((statement) => walking.test(statement.text));
    expect(checked.length).toBeGreaterThan(5);
    for (const statement of checked) {
      const nodes = await planOf(ctx.db, statement, { noBitmapScans: true });
      const message = `${statement.text}\n${outline(nodes).join('\n')}`;
      expect({ message, sorts: nodes.filter((node) => node['Node Type'] === 'Sort').length }).toEqual({ message, sorts: 0 });
      // The rows an update or insert writes are the scans' below it.
      for (const node of nodes.filter((node) => walking.test(node['Relation Name'] ?? '') && node['Node Type'] !== 'ModifyTable')) {
        expect({ message, type: node['Node Type'] }).toEqual({ message, type: expect.stringMatching(/^Index (Only )?Scan( Backward)?$/) });
        // Every range names the event or a row's id; the unfinished payouts are a partial index of their own.
        if (node['Index Name'] !== 'notification_fanouts_open_idx') {
          expect({ message, cond: node['Index Cond'] ?? '' }).toEqual({ message, cond: expect.stringMatching(/event_id|id = /) });
        }
      }
    }
  });
});

describe('before an event starts', () => {
  it('lets a member join, make a team and leave both; a solo event has no teams', async () => {
    const upcoming = await createEvent({ startsOn: dayOffset(3), endsOn: dayOffset(10), title: '冬のウォーキング' });
    expect(upcoming.phase).toBe('upcoming');
    const saki = await member('さき');
    expect((await saki.agent.post('joinWalkingEvent', { eventId: upcoming.id })).body.me).toMatchObject({ total: 0 });
    expect((await saki.agent.post('createWalkingTeam', { eventId: upcoming.id, name: 'さきチーム' })).status).toBe(200);
    const leftTeam = await saki.agent.post('leaveWalkingTeam', { eventId: upcoming.id });
    expect(leftTeam.status).toBe(200);
    expect(leftTeam.body.me.team).toBeNull();
    expect(leftTeam.body.teams).toBe(0);
    const left = await saki.agent.post('leaveWalkingEvent', { eventId: upcoming.id });
    expect(left.body).toMatchObject({ me: null, participants: 0 });
    const list = await saki.agent.get('listWalkingEvents');
    expect(list.body.items.find((item: { id: string }) => item.id === upcoming.id)).toMatchObject({ joined: false, phase: 'upcoming' });

    const solo = await createEvent({ mode: 'solo', title: 'ひとりで歩こう' });
    const refused = await saki.agent.post('createWalkingTeam', { eventId: solo.id, name: 'チーム' });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('walking_event_no_teams');
  });

  it('never seats more than the team size, even when members join at once', async () => {
    const event = await createEvent({ startsOn: dayOffset(2), endsOn: dayOffset(9), title: '同時参加の確かめ', teamSize: 3 });
    const founder = await member('はじめ');
    const created = await founder.agent.post('createWalkingTeam', { eventId: event.id, name: '三人組' });
    const joiners = await Promise.all(['あ', 'い', 'う', 'え'].map((name) => member(name)));
    const answers = await Promise.all(joiners.map((joiner) => joiner.agent.post('joinWalkingTeam', { code: created.body.inviteCode })));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 409, 409]);
    expect(answers.filter((answer) => answer.status === 409).map((answer) => answer.body.code)).toEqual([
      'walking_team_full',
      'walking_team_full',
    ]);
    const team = await founder.agent.get('getWalkingTeam', { eventId: event.id, teamId: created.body.id });
    expect(team.body.members).toHaveLength(3);
  });

  it('refuses bad input with a Japanese message naming the field', async () => {
    const response = await operator.operatorPost('createOperatorWalkingEvent', {
      associationId,
      programId,
      title: '長すぎる',
      startsOn: dayOffset(0),
      endsOn: dayOffset(120),
      mode: 'both',
      teamSize: 11,
    });
    expect(response.status).toBe(400);
    expect(response.body.fields).toMatchObject({ teamSize: [expect.stringContaining('2〜10人')] });
    const unknownProgram = await operator.operatorPost('createOperatorWalkingEvent', {
      associationId,
      programId: '7c1d5a2f-3e4b-4f6c-9d8e-0f1a2b3c4d5e',
      title: '知らないプログラム',
      startsOn: dayOffset(0),
      endsOn: dayOffset(5),
      mode: 'solo',
    });
    expect(unknownProgram.status).toBe(400);
    expect(unknownProgram.body.fields).toMatchObject({ programId: [expect.any(String)] });
    expect(today()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
