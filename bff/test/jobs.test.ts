import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ledgerAccounts } from '../src/db/schema';
import { createProgram } from '../src/incentives/operator';
import { registerIntervalJob } from '../src/platform/jobs';
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
