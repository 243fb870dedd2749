import Fastify from 'fastify';
import { and, eq } from 'drizzle-orm';
import { ledgerAccounts } from '../src/db/schema';
import { createProgram } from '../src/incentives/operator';
import { registerIntervalJob } from '../src/platform/jobs';
import { Agent, createMember, createTestContext } from './helpers';

/* Jobs that run in the bff on a schedule (platform/jobs.ts), and the incentives jobs on it. */

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('registerIntervalJob', () => {
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
    await settle(20);
    expect(passes).toBe(0); // not before the app is ready
    await app.ready();
    await settle(100);
    expect(passes).toBeGreaterThanOrEqual(2);
    expect(most).toBe(1);
    await app.close();
    expect(finished).toBe(passes); // the pass that was running finished before close returned
    const after = passes;
    await settle(30);
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
    await settle(60);
    await app.close();
    expect(passes).toBeGreaterThanOrEqual(2);
  });

  it('is off at 0', async () => {
    const app = Fastify();
    const pass = jest.fn(async () => undefined);
    registerIntervalJob(app, { name: 'test', everyMs: 0, pass });
    await app.ready();
    await settle(30);
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
