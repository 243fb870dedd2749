import { japanDay } from '@sukoyaka/contract';
import { activityEvents } from '../src/db/schema';
import { addMenus, createProgram } from '../src/incentives/operator';
import { runEarning } from '../src/incentives/programs';
import { type Agent, createTestContext, signedInMember, type TestContext } from './helpers';
import { installChangeCapture, takeChangedTables } from './suites/support';

/*
 * Decision 0006: a read never writes. The balance and history reads show what has been settled,
 * even with the member's events pending; the write that records activity settles it, so its coins
 * and points are there when it answers; the job settles what no write did.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Site-wide coin rules for weight and body temperature (every member earns coins by them).
  await addMenus(ctx.db, null, [
    { kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 5 },
    { kind: 'vital_recorded', vitalType: 'bodyTemperature', title: '体温を記録', points: 3 },
  ]);
  await installChangeCapture(ctx);
});
afterAll(async () => {
  await ctx.close();
});

async function signedInWithProgram() {
  const { member, agent } = await signedInMember(ctx);
  const pointId = await createProgram(ctx.db, {
    associationId: member.associationId,
    name: 'すこやかポイント',
    description: '健康づくりでたまるポイントです。',
    menus: [{ kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10 }],
  });
  return { member, agent, pointId };
}

/** Every coin and point read of the member, each answered 200; the coin balance and the program's. */
async function readEverything(agent: Agent, pointId: string): Promise<{ coins: number; points: number; coinRows: number }> {
  const coins = await agent.get('getCoinAccount');
  const coinHistory = await agent.get('listCoinTransactions', { limit: '20' });
  const reads = [
    coins,
    coinHistory,
    await agent.get('listCoinUserActions'),
    await agent.get('getEnablePointAccount', { pointId }),
    await agent.get('listEnablePointAccounts'),
    await agent.get('listPointTransactions', { pointId, limit: '20' }),
    await agent.get('listPointUserActions', { pointId }),
  ];
  for (const read of reads) expect(read.status).toBe(200);
  const account = reads[3]!;
  return { coins: coins.body.balance, points: account.body.balance, coinRows: coinHistory.body.transactions.length };
}

describe('reads never write (decision 0006)', () => {
  it('with events pending, the seven reads change no table and show only what is settled; the job settles them', async () => {
    const { member, agent, pointId } = await signedInWithProgram();
    // Recorded without settling, as an import or a seed would: the job is what earns for it.
    await ctx.db.insert(activityEvents).values({ userId: member.id, kind: 'vital_recorded:weight', day: japanDay(ctx.clock.now()) });
    await takeChangedTables(ctx);

    expect(await readEverything(agent, pointId)).toEqual({ coins: 0, points: 0, coinRows: 0 });
    expect(await takeChangedTables(ctx)).toEqual([]);

    const earned = await runEarning(ctx.db, ctx.clock.now());
    expect(earned.earned).toBe(2);
    expect(await takeChangedTables(ctx)).toEqual(expect.arrayContaining(['earning_marks', 'ledger_transfers']));
    expect(await readEverything(agent, pointId)).toEqual({ coins: 5, points: 10, coinRows: 1 });
    expect(await takeChangedTables(ctx)).toEqual([]);
  });

  it('saving a vital settles what it earns in its own write: the coins and points are there when it answers', async () => {
    const { agent, pointId } = await signedInWithProgram();
    await takeChangedTables(ctx);
    const saved = await agent.post('saveWeight', { measuredAt: new Date(ctx.clock.now().getTime() - 60_000).toISOString(), weight: 64.8 });
    expect(saved.status).toBe(200);
    expect(await takeChangedTables(ctx)).toEqual(
      expect.arrayContaining(['activity_events', 'earning_marks', 'ledger_transfers', 'weights']),
    );

    expect(await readEverything(agent, pointId)).toEqual({ coins: 5, points: 10, coinRows: 1 });
    expect(await takeChangedTables(ctx)).toEqual([]);
    // Nothing is left for the job.
    expect((await runEarning(ctx.db, ctx.clock.now())).processed).toBe(0);
  });

  it("the apps' ingest settles once for its batch", async () => {
    const { agent, pointId } = await signedInWithProgram();
    const measuredAt = new Date(ctx.clock.now().getTime() - 60_000).toISOString();
    const ingested = await agent.post('ingestVitals', {
      items: [
        { type: 'weight', clientRecordId: 'w-1', measuredAt, weight: 64.8 },
        { type: 'bodyTemperature', clientRecordId: 't-1', measuredAt, temperature: 36.4 },
      ],
    });
    expect(ingested.status).toBe(200);
    await takeChangedTables(ctx);
    expect(await readEverything(agent, pointId)).toEqual({ coins: 8, points: 10, coinRows: 2 });
    expect(await takeChangedTables(ctx)).toEqual([]);
  });
});

describe('the history names the day each earning is for (issue 27)', () => {
  it("an earning paid today for yesterday's reading says yesterday; other lines say nothing of it", async () => {
    const { member, agent, pointId } = await signedInWithProgram();
    const yesterday = japanDay(new Date(ctx.clock.now().getTime() - 24 * 60 * 60 * 1000));
    await ctx.db.insert(activityEvents).values({ userId: member.id, kind: 'vital_recorded:weight', day: yesterday });
    await runEarning(ctx.db, ctx.clock.now());

    const history = await agent.get('listPointTransactions', { pointId, limit: '20' });
    expect(history.status).toBe(200);
    expect(history.body.transactions).toEqual([
      expect.objectContaining({ kind: 'earn', amount: 10, description: '体重を記録', forDay: yesterday }),
    ]);
    expect(japanDay(new Date(history.body.transactions[0].createdAt))).toBe(japanDay(ctx.clock.now()));
    const coins = await agent.get('listCoinTransactions', { limit: '20' });
    expect(coins.body.transactions[0]).toMatchObject({ kind: 'earn', forDay: yesterday });
  });
});
