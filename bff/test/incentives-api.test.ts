import { callPath, IncentiveErrorCodes } from '@sukoyaka/contract';
import { and, eq, sql } from 'drizzle-orm';
import {
  activityEvents,
  auditLogs,
  giftCodes,
  idempotencyKeys,
  ledgerAccounts,
  ledgerTransfers,
  pointLots,
  pointPrograms,
} from '../src/db/schema';
import { listTransactions } from '../src/incentives/history';
import { verifyPartnerToken } from '../src/incentives/campaigns';
import { runIncentivesCommand } from '../src/incentives/commands';
import { addGift, importGiftCodes, redeem } from '../src/incentives/gifts';
import { runExpiry } from '../src/incentives/ledger';
import { addCampaign, addMenus, createProgram, grantPoints, revokePoints } from '../src/incentives/operator';
import { pointAccount, runEarning } from '../src/incentives/programs';
import { reconcile } from '../src/incentives/reconcile';
import { DAY, createTestContext, signedInMember, startOfJapanDay, TEST_ADDRESS, type TestContext } from './helpers';
import { statementsOf } from './query-plans';

/*
 * The incentives calls and rules over the API: earning from menus (caps, once per event,
 * consent), expiry order, redemption (stock, balance, replay), another member's data, campaigns,
 * the gift challenge, the operator's commands and reconciliation after every test.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterEach(async () => {
  // Whatever a test did, the ledger is whole.
  const report = await reconcile(ctx.db);
  expect(report.breaks).toEqual([]);
});
afterAll(async () => {
  await ctx.close();
});

async function signedIn() {
  const { member, agent } = await signedInMember(ctx);
  // Gifts sent by post go to the saved address (gift-orders.test.ts tests it).
  expect((await agent.post('saveDeliveryAddress', TEST_ADDRESS)).status).toBe(200);
  return {
    member,
    agent,
    asMember: { id: member.id, email: member.email, nickname: '', associationId: member.associationId, emailVerified: true },
  };
}

async function programFor(associationId: string, options: { requiresConsent?: boolean; expiryMonths?: number } = {}) {
  return createProgram(ctx.db, {
    associationId,
    name: 'すこやかポイント',
    description: '健康づくりでたまるポイントです。',
    ...options,
    ...(options.requiresConsent ? { consentText: '規約に同意します。' } : {}),
    menus: [
      { kind: 'vital_recorded', vitalType: 'weight', title: '体重を記録', points: 10, dailyLimit: 1, totalLimit: 2 },
      { kind: 'campaign_entered', title: 'キャンペーンにエントリー', points: 50, totalLimit: 1 },
    ],
  });
}

const weightOn = (daysAgo: number) => ({ measuredAt: startOfJapanDay(daysAgo), weight: 65.2 });
const grant = (userId: string, programId: string | null, amount: number, expiresAt?: Date) =>
  grantPoints(ctx.db, {
    userId,
    programId,
    amount,
    reason: 'テスト付与',
    operator: 'test',
    idempotencyKey: `${userId}-${Math.random()}`,
    now: ctx.clock.now(),
    ...(expiresAt ? { expiresAt } : {}),
  });

describe('earning from menus', () => {
  it('a recorded vital earns its menu once a day, up to the total cap, and once however often the job runs', async () => {
    const { member, agent } = await signedIn();
    const pointId = await programFor(member.associationId);
    for (const days of [0, 0, 1, 2]) expect((await agent.post('saveWeight', weightOn(days))).status).toBe(200);
    // Two instances of the job at once, then once more: each event earns at most once. Since issue
    // 24 #2 the once-a-day cap counts the day paid (today: one of today's and yesterday's readings
    // earns) and the reading of two days ago, recorded today, is late and earns nothing: 10, not 20.
    await Promise.all([runEarning(ctx.db, ctx.clock.now()), runEarning(ctx.db, ctx.clock.now())]);
    await runEarning(ctx.db, ctx.clock.now());
    const account = await agent.get('getEnablePointAccount', { pointId });
    expect(account.status).toBe(200);
    expect(account.body.balance).toBe(10);
    expect(account.body.expiries).toHaveLength(1);
    const earned = await ctx.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, member.id), eq(ledgerTransfers.kind, 'earn')));
    expect(earned).toHaveLength(1);
    const actions = await agent.get('listPointUserActions', { pointId });
    expect(actions.body.actions[0]).toMatchObject({ title: '体重を記録', todayCount: 1, totalCount: 1, totalLimit: 2, available: false });
    // The next day's reading earns again, up to the total cap: nothing on the day after.
    for (const day of [1, 2]) {
      await ctx.db.insert(activityEvents).values({
        userId: member.id,
        kind: 'vital_recorded:weight',
        day: new Date(ctx.clock.now().getTime() + day * DAY + 9 * 3600_000).toISOString().slice(0, 10),
        createdAt: new Date(ctx.clock.now().getTime() + day * DAY),
      });
      await runEarning(ctx.db, new Date(ctx.clock.now().getTime() + day * DAY));
    }
    const totals = await ctx.db
      .select({ amount: ledgerTransfers.amount })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.userId, member.id), eq(ledgerTransfers.kind, 'earn')));
    expect(totals.map((row) => row.amount)).toEqual([10, 10]);
    const menus = await agent.get('listPointMenus', { pointId });
    expect(menus.body.menus.map((menu: { points: number }) => menu.points)).toEqual([10, 50]);
  });

  it('coins earn from the coin rules; the history is by month and pages with a cursor', async () => {
    const { member, agent } = await signedIn();
    const [menuId] = await addMenus(ctx.db, null, [
      { kind: 'vital_recorded', vitalType: 'bodyTemperature', title: '体温を記録', points: 5 },
    ]);
    expect(menuId).toBeDefined();
    expect((await agent.post('saveBodyTemperature', { measuredAt: weightOn(0).measuredAt, temperature: 36.5 })).status).toBe(200);
    await grant(member.id, null, 100);
    await grant(member.id, null, 7);
    expect((await agent.get('getCoinAccount')).body.balance).toBe(112);
    const first = await agent.get('listCoinTransactions', { limit: '2' });
    expect(first.body.transactions).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await agent.get('listCoinTransactions', { limit: '2', cursor: first.body.nextCursor });
    expect(second.body.transactions).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
    const amounts = [...first.body.transactions, ...second.body.transactions]
      .map((row: { amount: number }) => row.amount)
      .sort((a, b) => a - b);
    expect(amounts).toEqual([5, 7, 100]);
    const month = new Date(ctx.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 7);
    expect((await agent.get('listCoinTransactions', { month })).body.transactions).toHaveLength(3);
    expect((await agent.get('listCoinTransactions', { month: '2001-01' })).body.transactions).toHaveLength(0);
    expect((await agent.get('listCoinUserActions')).body.actions.some((action: { title: string }) => action.title === '体温を記録')).toBe(
      true,
    );
  });

  it('a program that needs consent earns nothing and redeems nothing before it, and both after', async () => {
    const { member, agent } = await signedIn();
    const pointId = await programFor(member.associationId, { requiresConsent: true });
    const giftId = await addGift(ctx.db, { programId: pointId, name: '図書カード', cost: 10, kind: 'delivery', stock: 5 });
    expect((await agent.post('saveWeight', weightOn(0))).status).toBe(200);
    const before = await agent.get('getEnablePointAccount', { pointId });
    expect(before.body).toMatchObject({ balance: 0, requiresAgreement: true });
    await grant(member.id, pointId, 30);
    const refused = await agent.post('redeemGift', { giftId });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(IncentiveErrorCodes.pointAgreementRequired);
    const agreed = await agent.post('createPointAgreement', { pointId });
    expect(agreed.body).toMatchObject({ agreed: true, requiresConsent: true });
    expect((await agent.post('saveWeight', weightOn(1))).status).toBe(200);
    const after = await agent.get('getEnablePointAccount', { pointId });
    expect(after.body).toMatchObject({ balance: 40, requiresAgreement: false });
    expect((await agent.post('redeemGift', { giftId })).status).toBe(200);
    const many = await agent.post('createPointAgreements', { pointIds: [pointId] });
    expect(many.status).toBe(200);
    expect(many.body.agreements).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('spending takes the lots that expire first; the job expires the rest when due, as a transfer', async () => {
    const { member, agent } = await signedIn();
    const pointId = await programFor(member.associationId);
    const now = ctx.clock.now();
    await grant(member.id, pointId, 100, new Date(now.getTime() + 60 * DAY));
    await grant(member.id, pointId, 100, new Date(now.getTime() + 30 * DAY));
    const account = await agent.get('getEnablePointAccount', { pointId });
    expect(account.body.expiries.map((row: { points: number }) => row.points)).toEqual([100, 100]);
    expect(Date.parse(account.body.expiries[0].expiresAt)).toBeLessThan(Date.parse(account.body.expiries[1].expiresAt));
    await revokePoints(ctx.db, {
      userId: member.id,
      programId: pointId,
      amount: 150,
      reason: '誤付与の取消',
      operator: 'test',
      idempotencyKey: `r-${member.id}`,
      now: new Date(now.getTime() + 1000),
    });
    const own = await ctx.db
      .select({ remaining: pointLots.remaining })
      .from(pointLots)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, pointLots.accountId))
      .where(eq(ledgerAccounts.userId, member.id))
      .orderBy(pointLots.expiresAt);
    expect(own.map((lot) => lot.remaining)).toEqual([0, 50]);
    // 61 days later the remaining 50 are due: the read no longer counts them, the job expires them.
    const later = new Date(now.getTime() + 61 * DAY);
    expect((await runExpiry(ctx.db, later)).points).toBeGreaterThanOrEqual(50);
    // (Read through the services at that date: a session idle for 61 days would have expired.)
    const program = (await ctx.db.select().from(pointPrograms).where(eq(pointPrograms.id, pointId)))[0]!;
    expect(await pointAccount(ctx.db, member.id, program, later)).toMatchObject({ balance: 0, expiries: [] });
    const history = await listTransactions(ctx.db, member.id, pointId, { limit: 20 });
    expect(history.transactions.map((row) => [row.kind, row.amount])).toEqual([
      ['expire', -50],
      ['revoke', -150],
      ['grant', 100],
      ['grant', 100],
    ]);
  });

  it('a revocation beyond the balance is refused and writes nothing', async () => {
    const { member } = await signedIn();
    const pointId = await programFor(member.associationId);
    await grant(member.id, pointId, 10);
    await expect(
      revokePoints(ctx.db, {
        userId: member.id,
        programId: pointId,
        amount: 11,
        reason: '取消',
        operator: 'test',
        idempotencyKey: `x-${member.id}`,
        now: ctx.clock.now(),
      }),
    ).rejects.toThrow('does not cover');
    const rows = await ctx.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.userId, member.id));
    expect(rows).toHaveLength(1);
  });
});

describe('gifts', () => {
  it('redeems a digital gift: the code is shown to the member only; out of stock charges nothing', async () => {
    const a = await signedIn();
    const pointId = await programFor(a.member.associationId);
    const giftId = await addGift(ctx.db, { programId: pointId, name: 'デジタルギフト500円分', cost: 40, kind: 'digital_code' });
    await importGiftCodes(ctx.db, giftId, 'code\nGIFT-AAAA-0001\n');
    await grant(a.member.id, pointId, 100);
    const catalogue = await a.agent.get('listPointGifts', { pointId });
    expect(catalogue.body.gifts).toEqual([expect.objectContaining({ id: giftId, cost: 40, stock: 1, inStock: true })]);
    const redeemed = await a.agent.post('redeemGift', { giftId });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({
      balance: 60,
      userGift: { code: 'GIFT-AAAA-0001', source: 'redemption', deliveryState: 'issued' },
    });
    const sealed = await ctx.db.select().from(giftCodes).where(eq(giftCodes.giftId, giftId));
    expect(sealed[0]!.codeSealed).not.toContain('GIFT-AAAA');
    const out = await a.agent.post('redeemGift', { giftId });
    expect(out.status).toBe(409);
    expect(out.body).toMatchObject({ code: IncentiveErrorCodes.giftOutOfStock, message: expect.stringContaining('在庫') });
    expect((await a.agent.get('getEnablePointAccount', { pointId })).body.balance).toBe(60);
    const list = await a.agent.get('listVisibleUserGifts');
    expect(list.body.userGifts).toHaveLength(1);
    const actions = await a.agent.get('listGiftUserActions');
    expect(actions.body.actions).toEqual([
      expect.objectContaining({ kind: 'redeemed', amount: -40, currency: 'point', giftName: 'デジタルギフト500円分' }),
    ]);

    // Another member (another association): nothing of A's, by any id.
    const b = await signedIn();
    expect((await b.agent.get('getEnablePointAccount', { pointId })).status).toBe(404);
    expect((await b.agent.get('listPointGifts', { pointId })).status).toBe(404);
    expect((await b.agent.post('redeemGift', { giftId })).status).toBe(404);
    expect((await b.agent.post('patchUserGift', { id: list.body.userGifts[0].id, used: true })).status).toBe(404);
    expect((await b.agent.get('listVisibleUserGifts')).body.userGifts).toEqual([]);
    expect((await b.agent.get('listEnablePointAccounts')).body.accounts).toEqual([]);

    const used = await a.agent.post('patchUserGift', { id: list.body.userGifts[0].id, used: true });
    expect(used.body.usedAt).toEqual(expect.any(String));
    expect((await a.agent.post('patchUserGift', { id: list.body.userGifts[0].id, hidden: true })).status).toBe(200);
    expect((await a.agent.get('listVisibleUserGifts')).body.userGifts).toEqual([]);
  });

  it('a short balance is 409 and charges nothing; the same Idempotency-Key redeems once', async () => {
    const { member, agent, asMember } = await signedIn();
    const pointId = await programFor(member.associationId);
    const giftId = await addGift(ctx.db, { programId: pointId, name: 'タオル', cost: 30, kind: 'delivery', stock: 10 });
    await grant(member.id, pointId, 50);
    const send = (key: string) =>
      agent.request({
        method: 'POST',
        url: callPath('redeemGift'),
        payload: { giftId },
        headers: { 'x-csrf-token': agent.token!, 'idempotency-key': key },
      });
    await agent.fetchToken();
    const first = await send('redeem-towel-1');
    const again = await send('redeem-towel-1');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect((again.body as { userGift: { id: string } }).userGift.id).toBe((first.body as { userGift: { id: string } }).userGift.id);
    // Below the HTTP replay: the ledger itself refuses a second charge under the same key.
    const direct = await redeem(ctx.db, asMember, giftId, 'redeem-towel-1', ctx.clock.now());
    expect(direct.userGift.id).toBe((first.body as { userGift: { id: string } }).userGift.id);
    expect((await agent.get('getEnablePointAccount', { pointId })).body.balance).toBe(20);
    const short = await send('redeem-towel-2');
    expect(short.status).toBe(409);
    expect((short.body as { code: string }).code).toBe(IncentiveErrorCodes.insufficientBalance);
    expect((await agent.get('getEnablePointAccount', { pointId })).body.balance).toBe(20);
  });

  describe('a coin gift code redeemed with an Idempotency-Key writes the key in its own statement (decision 0043)', () => {
    /** A signed-in member with `coins`, a coin code gift of cost 10 with `codes` codes, and a sender of redeemGift with a key. */
    async function redeemer(codes: number, coins: number) {
      const { member, agent } = await signedIn();
      const giftId = await addGift(ctx.db, { programId: null, name: 'コーヒー券', cost: 10, kind: 'digital_code' });
      await importGiftCodes(ctx.db, giftId, Array.from({ length: codes }, (_, i) => `CAFE-${giftId.slice(0, 8)}-${i}`).join('\n'));
      await grant(member.id, null, coins);
      const token = await agent.fetchToken();
      const send = (key: string) =>
        agent.request({
          method: 'POST',
          url: callPath('redeemGift'),
          payload: { giftId },
          headers: { 'x-csrf-token': token, 'idempotency-key': key },
        });
      // The first redemption reads the gift; the next ones start from it (coinCodeGifts).
      expect((await send('cafe-first')).status).toBe(200);
      return { member, agent, send };
    }
    const keyRows = (owner: string) => ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.owner, owner));

    it('is one statement with no transaction: the spend, the code, its mail and the key naming the user gift; a replay rebuilds the answer', async () => {
      const { member, agent, send } = await redeemer(3, 100);
      // The mail worker's statements (it wakes after each answer) are not the call's.
      await ctx.app.outbox.stop();
      let sent: Awaited<ReturnType<typeof statementsOf>>;
      try {
        sent = await statementsOf(ctx.db, () => send('cafe-2'));
      } finally {
        ctx.app.outbox.start();
      }
      const texts = sent.map(({ text }) => text);
      // node-postgres' session would log a transaction's begin and commit: there is none.
      expect(texts.filter((text) => /^(begin|commit)$/.test(text))).toEqual([]);
      expect(texts).toEqual([expect.stringMatching(/for update skip locked[\s\S]*insert into "idempotency_keys"/)]);
      const first = await send('cafe-2');
      expect(first.headers['idempotent-replayed']).toBe('true');
      const [row] = (await keyRows(member.id)).filter((key) => key.key === 'cafe-2');
      expect(row).toMatchObject({
        status: 'done',
        responseStatus: 200,
        sealedResponse: null,
        answerFrom: expect.stringMatching(/^coin-redemption:/),
      });
      const list = await agent.get('listVisibleUserGifts');
      const made = list.body.userGifts.find((gift: { id: string }) => row!.answerFrom!.endsWith(gift.id));
      expect(first.body).toEqual({ userGift: made, balance: 80 });
      expect(made.code).toMatch(/^CAFE-/);
      expect((await agent.get('getCoinAccount')).body.balance).toBe(80);
    });

    it('sent five times at once with one key: one redemption, the others replay it', async () => {
      const { agent, send } = await redeemer(10, 100);
      const answers = await Promise.all([1, 2, 3, 4, 5].map(() => send('cafe-at-once')));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      const ids = new Set(answers.map((answer) => (answer.body as { userGift: { id: string } }).userGift.id));
      expect(ids.size).toBe(1);
      expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
      expect((await agent.get('listVisibleUserGifts')).body.userGifts).toHaveLength(2);
      expect((await agent.get('getCoinAccount')).body.balance).toBe(80);
    });

    it('a key used before for another call is 422 and redeems nothing; a short balance is 409 and writes no key', async () => {
      const { member, agent, send } = await redeemer(3, 15);
      const saved = await agent.request({
        method: 'POST',
        url: callPath('saveDeliveryAddress'),
        payload: TEST_ADDRESS,
        headers: { 'x-csrf-token': agent.token!, 'idempotency-key': 'cafe-other-call' },
      });
      expect(saved.status).toBe(200);
      // Refused for its balance too: the key's misuse is the answer.
      expect((await send('cafe-other-call')).status).toBe(422);
      expect((await agent.get('listVisibleUserGifts')).body.userGifts).toHaveLength(1);
      const short = await send('cafe-short');
      expect(short.status).toBe(409);
      expect((short.body as { code: string }).code).toBe(IncentiveErrorCodes.insufficientBalance);
      expect((await keyRows(member.id)).map((row) => row.key).sort()).toEqual(['cafe-first', 'cafe-other-call']);
      expect((await agent.get('listVisibleUserGifts')).body.userGifts).toHaveLength(1);
    });
  });

  it('the gift challenge charges its cost, draws on the server and records the draw', async () => {
    const { member, agent } = await signedIn();
    const prize = await addGift(ctx.db, {
      programId: null,
      name: 'コーヒーチケット',
      cost: 1,
      kind: 'delivery',
      stock: null,
      challengePrize: true,
    });
    expect(prize).toBeDefined();
    const info = await agent.get('getGiftChallengeInfo');
    expect(info.body).toMatchObject({ cost: 100, oddsBasisPoints: 1000, oddsLabel: '10%', balance: 0, available: false });
    expect((await agent.post('giftChallenge', {})).body.code).toBe(IncentiveErrorCodes.insufficientBalance);
    await grant(member.id, null, 1000);
    let won = 0;
    for (let draw = 0; draw < 10; draw += 1) {
      const answer = await agent.post('giftChallenge', {});
      expect(answer.status).toBe(200);
      if (answer.body.won) won += 1;
      expect(answer.body.balance).toBe(1000 - 100 * (draw + 1));
    }
    const draws = (await ctx.db.execute(
      sql`select roll, odds_basis_points from gift_challenge_draws where user_id = ${member.id}`,
    )) as unknown;
    const rows = (Array.isArray(draws) ? draws : (draws as { rows: unknown[] }).rows) as Array<{ roll: number; odds_basis_points: number }>;
    expect(rows).toHaveLength(10);
    expect(rows.filter((row) => row.roll < row.odds_basis_points)).toHaveLength(won);
    expect((await agent.get('listGiftUserActions', { limit: '100' })).body.actions).toHaveLength(10);
  });
});

describe('campaigns', () => {
  it('enters once, earns its menu once, and the partner link carries a signed, expiring token and nothing personal', async () => {
    const { member, agent } = await signedIn();
    const pointId = await programFor(member.associationId);
    const now = ctx.clock.now();
    const campaignId = await addCampaign(ctx.db, {
      programId: pointId,
      title: 'ウォーキングキャンペーン',
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 10 * DAY),
      partnerUrl: 'https://partner.example.jp/entry',
    });
    expect((await agent.get('getPointCampaign')).body.campaign).toMatchObject({ id: campaignId, entered: false });
    const notEntered = await agent.get('getPointCampaignRedirectURL', { campaignId });
    expect(notEntered.body.code).toBe(IncentiveErrorCodes.campaignNotEntered);
    expect((await agent.post('entryPointCampaign', { campaignId })).body.entered).toBe(true);
    expect((await agent.post('entryPointCampaign', { campaignId })).status).toBe(200);
    expect((await agent.get('getEnablePointAccount', { pointId })).body.balance).toBe(50);
    const link = await agent.get('getPointCampaignRedirectURL', { campaignId });
    expect(link.status).toBe(200);
    const url = new URL(link.body.url);
    expect(url.origin + url.pathname).toBe('https://partner.example.jp/entry');
    const token = url.searchParams.get('token')!;
    const decoded = Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8');
    expect(decoded).not.toContain(member.id);
    expect(decoded).not.toContain(member.email);
    expect(verifyPartnerToken(token, now)).toMatchObject({ campaignId });
    expect(verifyPartnerToken(`${token}x`, now)).toBeNull();
    expect(verifyPartnerToken(token, new Date(now.getTime() + 11 * 60_000))).toBeNull();
    const closed = await addCampaign(ctx.db, {
      programId: pointId,
      title: '終了したキャンペーン',
      startsAt: new Date(now.getTime() - 10 * DAY),
      endsAt: new Date(now.getTime() - DAY),
      partnerUrl: 'https://partner.example.jp/old',
    });
    expect((await agent.post('entryPointCampaign', { campaignId: closed })).body.code).toBe(IncentiveErrorCodes.campaignClosed);
    const other = await signedIn();
    expect((await other.agent.post('entryPointCampaign', { campaignId })).status).toBe(404);
    expect((await other.agent.get('getPointCampaign')).body.campaign).toBeNull();
  });
});

describe('bad inputs', () => {
  it.each([
    ['listCoinTransactions', { month: '2024-13' }, 'month'],
    ['getEnablePointAccount', { pointId: 'not-an-id' }, 'pointId'],
    ['listPointTransactions', { pointId: '7c1d5a2f-3e4b-4f6c-9d8e-0f1a2b3c4d5e', limit: '0' }, 'limit'],
  ] as const)('%s %j is a 400 naming %s', async (call, query, field) => {
    const { agent } = await signedIn();
    const answer = await agent.get(call, query as Record<string, string>);
    expect(answer.status).toBe(400);
    expect(answer.body.fields[field]).toEqual([expect.any(String)]);
  });

  it('patchUserGift without a change, and createPointAgreements with no program, are 400', async () => {
    const { agent } = await signedIn();
    expect((await agent.post('patchUserGift', { id: '7c1d5a2f-3e4b-4f6c-9d8e-0f1a2b3c4d5e' })).status).toBe(400);
    expect((await agent.post('createPointAgreements', { pointIds: [] })).status).toBe(400);
  });
});

describe('operator commands', () => {
  it('create a program, add a gift, import codes all-or-nothing, grant and revoke (audited), reconcile', async () => {
    const { member } = await signedIn();
    const now = ctx.clock.now();
    const created = await runIncentivesCommand(
      ctx.db,
      ['create-program', '--association', member.associationId, '--name', '健康ポイント', '--expiry-months', '12'],
      now,
    );
    expect(created.code).toBe(0);
    const pointId = /: (\S+)$/.exec(created.output)![1]!;
    const gift = await runIncentivesCommand(
      ctx.db,
      ['add-gift', '--program', pointId, '--name', 'QUOカード', '--cost', '100', '--kind', 'digital_code'],
      now,
    );
    const giftId = /: (\S+)$/.exec(gift.output)![1]!;
    await expect(importGiftCodes(ctx.db, giftId, 'QUO-0001\nQUO-0002\nQUO-0001\n')).rejects.toThrow('line 3');
    await expect(importGiftCodes(ctx.db, giftId, 'QUO-0001\nbad code!\n')).rejects.toThrow('line 2');
    expect((await ctx.db.select().from(giftCodes).where(eq(giftCodes.giftId, giftId))).length).toBe(0);
    expect(await importGiftCodes(ctx.db, giftId, 'QUO-0001\r\nQUO-0002\r\n')).toEqual({ imported: 2 });
    await expect(importGiftCodes(ctx.db, giftId, 'QUO-0003\nQUO-0002\n')).rejects.toThrow('imported before');
    expect((await ctx.db.select().from(giftCodes).where(eq(giftCodes.giftId, giftId))).length).toBe(2);

    const granted = await runIncentivesCommand(
      ctx.db,
      ['grant', '--member', member.id, '--program', pointId, '--amount', '300', '--reason', 'お詫び', '--key', 'g1'],
      now,
    );
    expect(granted).toMatchObject({ code: 0 });
    expect(
      (
        await runIncentivesCommand(
          ctx.db,
          ['grant', '--member', member.id, '--program', pointId, '--amount', '300', '--reason', 'お詫び', '--key', 'g1'],
          now,
        )
      ).output,
    ).toContain('実行済み');
    expect(
      (
        await runIncentivesCommand(
          ctx.db,
          ['revoke', '--member', member.id, '--program', pointId, '--amount', '100', '--reason', '取消'],
          now,
        )
      ).output,
    ).toContain('残高 200');
    expect(
      (
        await runIncentivesCommand(
          ctx.db,
          ['revoke', '--member', member.id, '--program', pointId, '--amount', '900', '--reason', '取消'],
          now,
        )
      ).code,
    ).toBe(1);
    expect(
      (await runIncentivesCommand(ctx.db, ['grant', '--member', member.id, '--program', pointId, '--amount', '-5', '--reason', 'x'], now))
        .code,
    ).toBe(2);
    const audited = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.userId, member.id), eq(auditLogs.event, 'points_adjusted')));
    expect(audited).toHaveLength(2);
    const lot = await ctx.db.select().from(pointLots).where(eq(pointLots.amount, 300));
    const months = (lot.at(-1)!.expiresAt.getTime() - now.getTime()) / DAY;
    expect(months).toBeGreaterThan(360);
    expect(months).toBeLessThan(370);
    expect((await runIncentivesCommand(ctx.db, ['expire'], now)).code).toBe(0);
    expect((await runIncentivesCommand(ctx.db, ['earn'], now)).code).toBe(0);
    expect((await runIncentivesCommand(ctx.db, ['reconcile'], now)).output).toContain('整合性OK');
    expect((await runIncentivesCommand(ctx.db, ['no-such-command'], now)).code).toBe(2);
  });

  it('reconciliation reports a break: a cached balance that is not the sum of the entries', async () => {
    const { member } = await signedIn();
    const pointId = await programFor(member.associationId);
    await grant(member.id, pointId, 10);
    await ctx.db.execute(sql`update ledger_accounts set balance = balance + 5 where user_id = ${member.id}`);
    const report = await reconcile(ctx.db);
    expect(report.ok).toBe(false);
    expect(report.breaks.map((item) => item.invariant)).toEqual(
      expect.arrayContaining(["a member's cached balance equals the sum of their entries", "a point account's lots hold its balance"]),
    );
    const answer = await runIncentivesCommand(ctx.db, ['reconcile'], ctx.clock.now());
    expect(answer.code).toBe(1);
    // Put it right with the same tamper undone, so the after-each check holds.
    await ctx.db.execute(sql`update ledger_accounts set balance = balance - 5 where user_id = ${member.id}`);
  });
});
