import { DEMO_MEMBER, seedDemo } from '../src/db/seed';
import { Agent, createTestContext, type TestContext } from './helpers';
import { reconcile } from '../src/incentives/reconcile';

/* The demo member's incentives after the seed: coins, points with some expiring next month, a redeemed gift with its code, an open campaign. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  expect(await seedDemo(ctx.db, ctx.clock.now())).toEqual({ seeded: true });
});
afterAll(async () => {
  await ctx.close();
});

it('the demo member has coins, points expiring next month, a redeemed gift with a code and an open campaign', async () => {
  const agent = new Agent(ctx.app);
  expect((await agent.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)).status).toBe(200);
  expect((await agent.get('getCoinAccount')).body.balance).toBe(1250);
  const accounts = (await agent.get('listEnablePointAccounts')).body.accounts;
  expect(accounts).toHaveLength(1);
  expect(accounts[0]).toMatchObject({ name: 'すこやかポイント', balance: 1000, requiresAgreement: false });
  const now = ctx.clock.now();
  const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const soonest = new Date(accounts[0].expiries[0].expiresAt);
  expect([soonest.getUTCFullYear(), soonest.getUTCMonth()]).toEqual([nextMonth.getUTCFullYear(), nextMonth.getUTCMonth()]);
  // The gift (500) came out of the welcome lot; the 300 granted after it expire next month.
  expect(accounts[0].expiries.map((row: { points: number }) => row.points)).toEqual([300, 700]);
  const gifts = (await agent.get('listVisibleUserGifts')).body.userGifts;
  expect(gifts).toEqual([
    expect.objectContaining({ name: 'QUOカードPay 500円分', code: expect.stringMatching(/^QUO-DEMO-000\d-[A-D]{4}$/) }),
  ]);
  expect((await agent.get('getPointCampaign')).body.campaign).toMatchObject({ title: '秋のウォーキングキャンペーン', entered: false });
  expect((await agent.get('getGiftChallengeInfo')).body).toMatchObject({ available: true, balance: 1250 });
  expect((await agent.get('listPointMenus', { pointId: accounts[0].pointId })).body.menus.length).toBeGreaterThanOrEqual(5);
  expect((await reconcile(ctx.db)).breaks).toEqual([]);
});
