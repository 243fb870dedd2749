import Fastify from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import { ledgerAccounts } from '../src/db/schema';
import { createProgram } from '../src/incentives/operator';
import { buildApp } from '../src/app';
import { announcements, notificationDeliveries, outboxMessages, users } from '../src/db/schema';
import { leaseHolderOf, registerIntervalJob, runLeasedPass, takeLease } from '../src/platform/jobs';
import { Agent, createMember, createTestContext } from './helpers';

/* Jobs that run in the bff on a schedule (platform/jobs.ts), and the incentives jobs on it. */

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('registerIntervalJob', () => {
  // The schedule's clock is jest's: time moves only when a test moves it, so what a pass does and
  // does not do is decided by the schedule, never by how busy the machine is. Fastify's own
  // start-up (nextTick, setImmediate) keeps the real ones.
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'performance'] }));
  afterEach(() => jest.useRealTimers());

  it('runs passes on its schedule once the app is ready, never two at once, and waits for the running pass on close', async () => {
    const app = Fastify();
    let passes = 0;
    let concurrent = 0;
    let most = 0;
    let finished = 0;
    registerIntervalJob(app, {
      name: 'test',
      everyMs: 5,
      pass: async () => {
        passes += 1;
        concurrent += 1;
        most = Math.max(most, concurrent);
        await settle(30);
        concurrent -= 1;
        finished += 1;
      },
    });
    await jest.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(0); // not before the app is ready
    await app.ready();
    // 100 ms at a 5 ms schedule with 30 ms passes: a pass starts at 5, 35, 65 and 95 ms (the first
    // tick after the previous one ended), none doubled.
    await jest.advanceTimersByTimeAsync(100);
    expect(passes).toBe(4);
    expect(most).toBe(1);
    let closed = false;
    const closing = app.close().then(() => {
      closed = true;
    });
    // The pass started at 95 ms is still running (until 125 ms): close waits for it, however many
    // turns of the real event loop Fastify's own closing takes.
    await jest.advanceTimersByTimeAsync(10);
    for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    await jest.advanceTimersByTimeAsync(20);
    await closing;
    expect(finished).toBe(passes); // the pass that was running finished before close returned
    const after = passes;
    await jest.advanceTimersByTimeAsync(1_000);
    expect(passes).toBe(after);
  });

  it('logs a failed pass and keeps its schedule', async () => {
    const app = Fastify();
    let passes = 0;
    registerIntervalJob(app, {
      name: 'test',
      everyMs: 5,
      pass: async () => {
        passes += 1;
        throw new Error('database down');
      },
    });
    await app.ready();
    await jest.advanceTimersByTimeAsync(60);
    await app.close();
    expect(passes).toBe(12);
  });

  it('is off at 0', async () => {
    const app = Fastify();
    const pass = jest.fn(async () => undefined);
    registerIntervalJob(app, { name: 'test', everyMs: 0, pass });
    await app.ready();
    await jest.advanceTimersByTimeAsync(1_000);
    await app.close();
    expect(pass).not.toHaveBeenCalled();
  });
});

describe('the incentives jobs', () => {
  it('turn a recorded vital into points without the member opening a balance', async () => {
    const ctx = await createTestContext({ incentivesJobs: { everyMs: 20 } });
    try {
      const member = await createMember(ctx.db);
      const programId = await createProgram(ctx.db, {
        associationId: member.associationId,
        name: 'すこやかポイント',
        menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 1 }],
      });
      const agent = new Agent(ctx.app);
      expect((await agent.signIn(member.email, member.password)).status).toBe(200);
      const saved = await agent.post('saveWeight', { measuredAt: new Date(Date.now() - 60_000).toISOString(), weight: 65.2 });
      expect(saved.status).toBe(200);
      // Read the ledger directly (the member's reads would settle their events themselves).
      const balance = async () => {
        const [account] = await ctx.db
          .select({ balance: ledgerAccounts.balance })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.userId, member.id), eq(ledgerAccounts.programId, programId)));
        return Number(account?.balance ?? 0);
      };
      for (let tries = 0; tries < 100 && (await balance()) !== 10; tries += 1) await settle(20);
      expect(await balance()).toBe(10);
    } finally {
      await ctx.close();
    }
  });
});

describe('leases: a job pass runs once across several instances (issue 28)', () => {
  it('two app instances on one database: one runs the period’s pass, the other skips it until the lease lapses', async () => {
    const ctx = await createTestContext();
    const second = await buildApp({ config: ctx.config, db: ctx.db, services: ctx.services, now: ctx.clock.now });
    try {
      await second.ready();
      await ctx.app.outbox.stop();
      await second.outbox.stop();
      const [one, two] = [leaseHolderOf(ctx.app), leaseHolderOf(second)];
      expect(one).not.toBe(two);
      // Both instances tick at once. The pass that runs waits until the other instance has been
      // turned away, so the two overlap for certain; which one's statement reaches PostgreSQL
      // first is the pool's to decide, so the holder is read from the outcomes, not assumed.
      let release!: () => void;
      const otherSkipped = new Promise<void>((resolve) => (release = resolve));
      let passes = 0;
      const job = (at: Date) => ({
        name: 'lease-test',
        everyMs: 15 * 60_000,
        db: ctx.db,
        now: () => at,
        pass: async () => {
          passes += 1;
          // Bounded, so two passes (the defect this test is for) fail the count below, not the clock.
          await Promise.race([otherSkipped, settle(5000)]);
        },
      });
      const start = ctx.clock.now();
      const outcomes = await Promise.all(
        [one, two].map((holder) =>
          runLeasedPass(job(start), holder).then((outcome) => {
            if (outcome === 'skipped') release();
            return outcome;
          }),
        ),
      );
      expect([...outcomes].sort()).toEqual(['ran', 'skipped']);
      expect(passes).toBe(1);
      const [holder, waiting] = outcomes[0] === 'ran' ? [one, two] : [two, one];
      // Later in the same period the holder's lease stands; after it, the other instance takes it.
      expect(await runLeasedPass(job(new Date(start.getTime() + 10 * 60_000)), waiting)).toBe('skipped');
      expect(await runLeasedPass(job(new Date(start.getTime() + 15 * 60_000 + 1)), waiting)).toBe('ran');
      expect(
        await takeLease(ctx.db, 'lease-test', holder, new Date(start.getTime() + 20 * 60_000), new Date(start.getTime() + 35 * 60_000)),
      ).toBe(false);

      // The real notification job of both instances at once: one pass, each member mailed once.
      const member = await createMember(ctx.db);
      const [neighbour] = await ctx.db
        .insert(users)
        .values({
          email: `neighbour-${member.id}@example.jp`,
          passwordHash: 'x',
          nickname: '隣人',
          associationId: member.associationId,
          emailVerifiedAt: new Date(Date.now() - 60_000),
          createdAt: new Date(Date.now() - 60_000),
        })
        .returning();
      const publishFrom = new Date(Date.now() + 1000);
      const [item] = await ctx.db
        .insert(announcements)
        .values({
          associationId: member.associationId,
          title: '二台のお知らせ',
          category: 'info',
          body: '本文です。',
          publishFrom,
          publishedAt: publishFrom,
        })
        .returning();
      const { runContentNotifications } = await import('../src/content/notifications');
      const at = new Date(publishFrom.getTime() + 60_000);
      const notify = () => ({
        name: 'content-notifications-test',
        everyMs: 15 * 60_000,
        db: ctx.db,
        now: () => at,
        pass: () => runContentNotifications(ctx.db, at, ctx.config.publicUrl),
      });
      const notified = await Promise.all([runLeasedPass(notify(), one), runLeasedPass(notify(), two)]);
      expect(notified.sort()).toEqual(['ran', 'skipped']);
      const deliveries = await ctx.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.itemId, item!.id));
      expect(deliveries.map((row) => row.userId).sort()).toEqual([member.id, neighbour!.id].sort());
      const mails = await ctx.db.select().from(outboxMessages).where(like(outboxMessages.kind, 'notification_announcement'));
      expect(mails.filter((mail) => mail.recipient === member.email)).toHaveLength(1);
    } finally {
      await second.close();
      await ctx.close();
    }
  });
});
