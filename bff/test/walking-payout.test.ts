import { japanDay } from '@sukoyaka/contract';
import { and, asc, eq, like, sql } from 'drizzle-orm';
import {
  ledgerTransfers,
  notificationDeliveries,
  notificationFanouts,
  notificationSettings,
  outboxMessages,
  pointPrograms,
  users,
  walkingEvents,
  walkingParticipants,
} from '../src/db/schema';
import { saveDailySteps } from '../src/health/steps';
import { incentivesLag } from '../src/incentives/job';
import {
  closeWalkingEvent,
  getWalkingEvent,
  joinWalkingEvent,
  listOperatorWalkingEvents,
  payDueWalkingEvents,
  walkingPayoutLag,
} from '../src/incentives/walking-events';
import { openMessage } from '../src/platform/outbox';
import { DAY, createAssociations, createMember, testContextForFile } from './helpers';

/*
 * The payout of a closed walking event in batches (decision 0028): the close is one short
 * transaction, the operator's call pays the first batches and the incentives job the rest, each
 * batch under the event row's lock with its members' result mails; every participant is paid and
 * mailed once, even under concurrent closes and job passes, and a failed batch leaves its cursor
 * for the retry. Between the close and the last batch the member's page claims nothing unpaid.
 */

const ctx = testContextForFile();
const PUBLIC_URL = 'https://sukoyaka.example';
let associationId: string;
let programId: string;

const dayOffset = (days: number) => japanDay(new Date(ctx.clock.now().getTime() + days * DAY));

type Walker = { id: string; email: string; nickname: string; associationId: string; emailVerified: boolean };

/** Members of the association, each with one wearable day before joining; sorted by id (the payout's order). */
async function walkers(
  eventId: string,
  days: Array<{ steps: number; walkingMails?: boolean }>,
): Promise<Array<Walker & { steps: number }>> {
  const created = [];
  for (const [index, day] of days.entries()) {
    const member = await createMember(ctx.db, { nickname: `歩く人${index + 1}` });
    await ctx.db.update(users).set({ associationId }).where(eq(users.id, member.id));
    if (day.walkingMails === false) {
      await ctx.db
        .insert(notificationSettings)
        .values({ userId: member.id, category: 'walking', enabled: false, updatedAt: ctx.clock.now() });
    }
    if (day.steps > 0) await saveDailySteps(ctx.db, member.id, { day: dayOffset(-1), steps: day.steps, source: 'wearable' });
    const walker = { id: member.id, email: member.email, nickname: `歩く人${index + 1}`, associationId, emailVerified: true };
    await joinWalkingEvent(ctx.db, walker, eventId, ctx.clock.now());
    created.push({ ...walker, steps: day.steps });
  }
  return created.sort((a, b) => (a.id < b.id ? -1 : 1));
}

/** An event of three days ending today (closable tomorrow), no grace days. */
async function createEvent(title: string, fields: Partial<typeof walkingEvents.$inferInsert> = {}) {
  const [row] = await ctx.db
    .insert(walkingEvents)
    .values({
      associationId,
      programId,
      title,
      startsOn: dayOffset(-2),
      endsOn: dayOffset(0),
      graceDays: 0,
      mode: 'solo',
      teamSize: 2,
      dailyLimit: 50_000,
      finishSteps: 20_000,
      finishPoints: 100,
      rankRewards: JSON.stringify([
        { upToRank: 1, points: 500 },
        { upToRank: 3, points: 200 },
      ]),
      createdAt: ctx.clock.now(),
      ...fields,
    })
    .returning();
  return row!;
}

async function paidOf(eventId: string) {
  const transfers = await ctx.db
    .select({ userId: ledgerTransfers.userId, amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(like(ledgerTransfers.idempotencyKey, `walking:${eventId}:%`));
  return transfers.map((transfer) => [transfer.userId, Number(transfer.amount)] as const);
}

async function resultMails(email: string, eventTitle: string) {
  const rows = await ctx.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, 'notification_walking_result')));
  return rows.map((row) => openMessage(row).text).filter((text) => text.includes(`「${eventTitle}」`));
}

/** The payout's cursor: the last member paid, and when the payout ended. */
const payoutOf = async (eventId: string) =>
  (
    await ctx.db
      .select({ afterUserId: notificationFanouts.afterUserId, doneAt: notificationFanouts.doneAt })
      .from(notificationFanouts)
      .where(and(eq(notificationFanouts.kind, 'walking_result'), eq(notificationFanouts.itemId, eventId)))
  )[0]!;

/** The incentives job's backlog as /metrics shows it (the earning queue and the payouts waiting). */
async function scrapedBacklog(): Promise<number> {
  const response = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
  expect(response.statusCode).toBe(200);
  return Number(/^sukoyaka_job_backlog\{job="incentives"\} (\d+)$/m.exec(response.body)?.[1] ?? NaN);
}

beforeAll(async () => {
  // The mails stay in the outbox to be read (a sent one keeps no content).
  await ctx.app.outbox.stop();
  associationId = (await createAssociations(ctx.db, ['歩いて払う組合']))[0]!;
  const [program] = await ctx.db.insert(pointPrograms).values({ associationId, name: 'あゆみポイント' }).returning();
  programId = program!.id;
}, 120_000);

describe('the payout of a closed walking event', () => {
  it('pays more participants than one batch exactly once across the close and concurrent job passes, each result mail once with the points paid', async () => {
    const event = await createEvent('五人のウォーキング');
    const people = await walkers(event.id, [
      { steps: 30_000 },
      { steps: 25_000 },
      { steps: 25_000, walkingMails: false },
      { steps: 10_000 },
      { steps: 0 },
    ]);
    // Rank 1: 500 + finished 100; the tie at rank 2: 200 + 100 each; rank 4 and 5: nothing.
    const expected = new Map([
      [30_000, 600],
      [25_000, 300],
      [10_000, 0],
      [0, 0],
    ]);
    const ranks = new Map([
      [30_000, 1],
      [25_000, 2],
      [10_000, 4],
      [0, 5],
    ]);
    ctx.clock.advance(DAY);
    const closedAt = ctx.clock.now();

    // The operator's close: one batch of two here, the rest left to the job.
    const closed = await closeWalkingEvent(ctx.db, associationId, event.id, closedAt, { publicUrl: PUBLIC_URL, batch: 2, maxBatches: 1 });
    expect(closed.phase).toBe('closed');
    // The operators' list says so until the payout is done.
    expect(closed.paidOut).toBe(false);
    expect(await payoutOf(event.id)).toEqual({ afterUserId: people[1]!.id, doneAt: null });
    expect((await paidOf(event.id)).map(([userId]) => userId).sort()).toEqual(
      people
        .slice(0, 2)
        .filter((person) => expected.get(person.steps)! > 0)
        .map((person) => person.id)
        .sort(),
    );
    // /metrics: the incentives job's backlog holds the event until it is paid out.
    expect(await walkingPayoutLag(ctx.db)).toEqual({ backlog: 1, oldestAt: closedAt });
    const lag = await incentivesLag(ctx.db);
    expect(lag.backlog).toBeGreaterThanOrEqual(1);
    expect(lag.oldestAt!.getTime()).toBeLessThanOrEqual(closedAt.getTime());
    const backlogWaiting = await scrapedBacklog();
    expect(backlogWaiting).toBeGreaterThanOrEqual(1);
    // A member not paid yet sees the event closed and no reward claimed; a paid one sees theirs.
    const waiting = await getWalkingEvent(ctx.db, people[2]!, event.id, ctx.clock.now());
    expect(waiting).toMatchObject({ phase: 'closed', me: { total: people[2]!.steps, rewardPoints: null } });
    const paidFirst = await getWalkingEvent(ctx.db, people[0]!, event.id, ctx.clock.now());
    expect(paidFirst.me!.rewardPoints).toBe(expected.get(people[0]!.steps));
    expect(await resultMails(people[4]!.email, event.title)).toHaveLength(0);

    // Two job passes and another close at once: the batches go to one worker each.
    const now = ctx.clock.now();
    await Promise.all([
      payDueWalkingEvents(ctx.db, now, { publicUrl: PUBLIC_URL, batch: 2 }),
      payDueWalkingEvents(ctx.db, now, { publicUrl: PUBLIC_URL, batch: 2 }),
      closeWalkingEvent(ctx.db, associationId, event.id, now, { publicUrl: PUBLIC_URL, batch: 2 }),
    ]);
    expect(await payoutOf(event.id)).toEqual({ afterUserId: people[4]!.id, doneAt: now });
    expect((await listOperatorWalkingEvents(ctx.db, associationId, now)).items.find((item) => item.id === event.id)?.paidOut).toBe(true);
    const paid = await paidOf(event.id);
    expect(Object.fromEntries(paid)).toEqual(
      Object.fromEntries(
        people.filter((person) => expected.get(person.steps)! > 0).map((person) => [person.id, expected.get(person.steps)]),
      ),
    );
    expect(paid).toHaveLength(3);
    const rewards = await ctx.db
      .select({ userId: walkingParticipants.userId, rewardPoints: walkingParticipants.rewardPoints })
      .from(walkingParticipants)
      .where(eq(walkingParticipants.eventId, event.id))
      .orderBy(asc(walkingParticipants.userId));
    expect(rewards).toEqual(people.map((person) => ({ userId: person.id, rewardPoints: expected.get(person.steps) })));

    // Each participant's result once, with the points paid; 歩く人3 turned walking mails off (paid all the same).
    for (const person of people) {
      const mails = await resultMails(person.email, event.title);
      if (person.nickname === '歩く人3') {
        expect(mails).toHaveLength(0);
        continue;
      }
      expect(mails).toHaveLength(1);
      const points = expected.get(person.steps)!;
      expect(mails[0]).toContain(points > 0 ? `報酬：${points.toLocaleString('ja-JP')}pt を付与しました` : '報酬：ありません');
      expect(mails[0]).toContain(`合計：${person.steps.toLocaleString('ja-JP')}歩`);
      expect(mails[0]).toContain(`順位：${ranks.get(person.steps)}位 / 5人`);
    }
    const deliveries = await ctx.db
      .select({ userId: notificationDeliveries.userId })
      .from(notificationDeliveries)
      .where(and(eq(notificationDeliveries.kind, 'walking_result'), eq(notificationDeliveries.itemId, event.id)));
    expect(deliveries).toHaveLength(4);

    // Paid out: nothing waits, and another pass pays and mails nothing.
    expect(await walkingPayoutLag(ctx.db)).toEqual({ backlog: 0, oldestAt: null });
    expect(await scrapedBacklog()).toBe(backlogWaiting - 1);
    expect(await payDueWalkingEvents(ctx.db, ctx.clock.now(), { publicUrl: PUBLIC_URL, batch: 2 })).toBe(0);
    expect(await paidOf(event.id)).toHaveLength(3);
    ctx.clock.advance(-DAY);
  });

  it('a batch that fails leaves its cursor where it was: nothing of it is paid or mailed, and the retry pays the rest once', async () => {
    const event = await createEvent('途中で止まるウォーキング', { rankRewards: '[]' });
    const people = await walkers(
      event.id,
      [0, 1, 2, 3].map(() => ({ steps: 21_000 })),
    );
    ctx.clock.advance(DAY);
    // The job's close: closed, nothing paid yet.
    await closeWalkingEvent(ctx.db, associationId, event.id, ctx.clock.now(), { publicUrl: PUBLIC_URL, maxBatches: 0 });
    expect(await paidOf(event.id)).toEqual([]);

    // The ledger refuses the fourth member's transfer: the second batch fails after crediting the third.
    const failing = `walking:${event.id}:${people[3]!.id}`;
    await ctx.db.execute(
      sql.raw(`create or replace function fail_walking_payout() returns trigger language plpgsql as $$
        begin
          if new.idempotency_key = '${failing}' then raise exception 'the ledger is unavailable'; end if;
          return new;
        end $$`),
    );
    await ctx.db.execute(
      sql.raw('create trigger fail_walking_payout before insert on ledger_transfers for each row execute function fail_walking_payout()'),
    );
    try {
      const failure = await payDueWalkingEvents(ctx.db, ctx.clock.now(), { publicUrl: PUBLIC_URL, batch: 2 }).then(
        () => null,
        (error: Error) => error,
      );
      expect(String(failure?.cause ?? failure)).toMatch(/the ledger is unavailable/);
    } finally {
      await ctx.db.execute(sql.raw('drop trigger fail_walking_payout on ledger_transfers'));
      await ctx.db.execute(sql.raw('drop function fail_walking_payout()'));
    }
    expect(await payoutOf(event.id)).toEqual({ afterUserId: people[1]!.id, doneAt: null });
    expect((await paidOf(event.id)).map(([userId]) => userId).sort()).toEqual([people[0]!.id, people[1]!.id].sort());
    expect(await resultMails(people[2]!.email, event.title)).toHaveLength(0);
    const [third] = await ctx.db
      .select({ rewardPoints: walkingParticipants.rewardPoints })
      .from(walkingParticipants)
      .where(and(eq(walkingParticipants.eventId, event.id), eq(walkingParticipants.userId, people[2]!.id)));
    expect(third!.rewardPoints).toBeNull();
    expect(await walkingPayoutLag(ctx.db)).toMatchObject({ backlog: 1 });

    // The next pass resumes from the cursor.
    expect(await payDueWalkingEvents(ctx.db, ctx.clock.now(), { publicUrl: PUBLIC_URL, batch: 2 })).toBe(2);
    expect((await payoutOf(event.id)).doneAt).not.toBeNull();
    const paid = await paidOf(event.id);
    expect(Object.fromEntries(paid)).toEqual(Object.fromEntries(people.map((person) => [person.id, 100])));
    expect(paid).toHaveLength(4);
    for (const person of people) {
      const mails = await resultMails(person.email, event.title);
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('報酬：100pt を付与しました');
    }
    ctx.clock.advance(-DAY);
  });
});
