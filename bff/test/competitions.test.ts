import { eq } from 'drizzle-orm';
import { DEMO_ASSOCIATION, DEMO_MEMBER, seedDemo } from '../src/db/seed';
import { prizeCompetitions, steps, users } from '../src/db/schema';
import { assignPrizes, drawOrder, verifyDraw } from '../src/incentives/competitions';
import { DAY, Agent, createMember, createTestContext, createTestOperator, type TestContext } from './helpers';

/* Prize competitions (issue 14): enter by coins (a ledger debit, once) or by a step total; a recorded, reproducible draw. */

let ctx: TestContext;
let demo: Agent;
let editor: Agent;
let poor: Agent;
let poorId: string;
let operatorCredentials: { email: string; password: string; totpSecret: string };

beforeAll(async () => {
  ctx = await createTestContext();
  expect(await seedDemo(ctx.db, ctx.clock.now())).toEqual({ seeded: true });
  demo = new Agent(ctx.app);
  expect((await demo.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password)).status).toBe(200);
  // A member of the demo association with no coins.
  const member = await createMember(ctx.db);
  await ctx.db.update(users).set({ associationId: DEMO_ASSOCIATION.id }).where(eq(users.id, member.id));
  poorId = member.id;
  poor = new Agent(ctx.app);
  expect((await poor.signIn(member.email, member.password)).status).toBe(200);
  const operator = await createTestOperator(ctx.db, { roles: [{ associationId: DEMO_ASSOCIATION.id, role: 'editor' }] }, ctx.clock.now());
  operatorCredentials = operator;
  editor = new Agent(ctx.app);
  expect((await editor.signInOperator(operator, ctx.clock.now())).status).toBe(200);
}, 120_000);
afterAll(async () => ctx?.close());

const iso = (offset: number) => new Date(ctx.clock.now().getTime() + offset).toISOString();
const coins = async (agent: Agent) => (await agent.get('getCoinAccount')).body.balance as number;

describe('the demo competition (coins)', () => {
  it('is listed open; entering charges its coins once; the state follows', async () => {
    const list = await demo.get('listOpenPrizeCompetitions');
    const competition = list.body.items.find((item: { entryKind: string }) => item.entryKind === 'coins');
    expect(competition).toMatchObject({ coinCost: 100, me: { state: 'open' }, secret: null, drawSeed: null });
    expect(competition.secretHash).toMatch(/^[0-9a-f]{64}$/);
    const before = await coins(demo);
    const entered = await demo.post('enterPrizeCompetition', { competitionId: competition.id });
    expect(entered.status).toBe(200);
    expect(entered.body.me.state).toBe('entered');
    const again = await demo.post('enterPrizeCompetition', { competitionId: competition.id });
    expect(again.body.me.state).toBe('entered');
    expect(await coins(demo)).toBe(before - 100);
  });

  it('a member without the coins is refused and charged nothing', async () => {
    const competition = (await poor.get('listOpenPrizeCompetitions')).body.items.find(
      (item: { entryKind: string }) => item.entryKind === 'coins',
    );
    const refused = await poor.post('enterPrizeCompetition', { competitionId: competition.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('insufficient_balance');
    expect(
      (await poor.get('listOpenPrizeCompetitions')).body.items.find((item: { id: string }) => item.id === competition.id).me.state,
    ).toBe('open');
  });

  it("another association's member neither sees nor enters it", async () => {
    const stranger = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    await agent.signIn(stranger.email, stranger.password);
    expect((await agent.get('listOpenPrizeCompetitions')).body.items).toEqual([]);
    const [row] = await ctx.db.select().from(prizeCompetitions).where(eq(prizeCompetitions.associationId, DEMO_ASSOCIATION.id));
    expect((await agent.post('enterPrizeCompetition', { competitionId: row!.id })).status).toBe(404);
  });
});

describe('a steps competition drawn by an operator', () => {
  it('qualifies by the step total, draws once after the end, and the draw re-runs to the same winners', async () => {
    const created = await editor.operatorPost('createOperatorPrizeCompetition', {
      associationId: DEMO_ASSOCIATION.id,
      title: '3日で1万歩チャレンジ',
      startsAt: iso(-DAY),
      endsAt: iso(2 * DAY),
      entryKind: 'steps',
      stepsRequired: 10_000,
      prizes: [{ name: '体組成計', winners: 1 }],
    });
    expect(created.status).toBe(200);
    const id = created.body.id;
    expect((await demo.post('enterPrizeCompetition', { competitionId: id })).status).toBe(200);
    expect((await poor.post('enterPrizeCompetition', { competitionId: id })).status).toBe(200);
    // The poor member walks; the demo's steps in these days are the seed's.
    const today = new Date(ctx.clock.now().getTime() + 9 * 3600 * 1000).toISOString().slice(0, 10);
    // Counted from a device: hand-entered steps do not count in competitions (issue 24 #2).
    await ctx.db.insert(steps).values({ userId: poorId, day: today, steps: 12_000, source: 'wearable' });
    const early = await editor.operatorPost('drawOperatorPrizeCompetition', { associationId: DEMO_ASSOCIATION.id, competitionId: id });
    expect(early.status).toBe(409);

    ctx.clock.advance(3 * DAY);
    // Operator sessions last eight hours: sign in again three days on.
    editor = new Agent(ctx.app);
    expect((await editor.signInOperator(operatorCredentials, ctx.clock.now())).status).toBe(200);
    const drawn = await editor.operatorPost('drawOperatorPrizeCompetition', { associationId: DEMO_ASSOCIATION.id, competitionId: id });
    expect(drawn.status).toBe(200);
    expect(drawn.body.drawSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(drawn.body.winners).toHaveLength(1);
    expect(await verifyDraw(ctx.db, id)).toBe(true);
    const mine = (await poor.get('listOpenPrizeCompetitions')).body.items.find((item: { id: string }) => item.id === id);
    expect(mine.me.steps).toBeGreaterThanOrEqual(12_000);
    expect(['won', 'lost']).toContain(mine.me.state);
    expect(mine.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(
      (await editor.operatorPost('drawOperatorPrizeCompetition', { associationId: DEMO_ASSOCIATION.id, competitionId: id })).status,
    ).toBe(409);
    // Tampering with the record is detected.
    await ctx.db
      .update(prizeCompetitions)
      .set({ drawSeed: '0'.repeat(64) })
      .where(eq(prizeCompetitions.id, id));
    expect(await verifyDraw(ctx.db, id)).toBe(false);
  });

  it('a viewer cannot create or draw; another association is forbidden', async () => {
    const other = await createMember(ctx.db);
    const input = {
      associationId: other.associationId,
      title: 'x',
      startsAt: iso(0),
      endsAt: iso(DAY),
      entryKind: 'coins',
      coinCost: 10,
      prizes: [{ name: 'y', winners: 1 }],
    };
    expect((await editor.operatorPost('createOperatorPrizeCompetition', input)).status).toBe(403);
  });
});

describe('the draw itself', () => {
  it('is the same for the same secret and entries in any order, and gives prizes down the ranking', () => {
    const a = drawOrder('s3cret', ['u3', 'u1', 'u2']);
    const b = drawOrder('s3cret', ['u1', 'u2', 'u3']);
    expect(a).toEqual(b);
    expect(drawOrder('other', ['u1', 'u2', 'u3']).seed).not.toBe(a.seed);
    const prizes = assignPrizes(a.ranking, [
      { name: '1等', winners: 1 },
      { name: '2等', winners: 5 },
    ]);
    expect(prizes.get(a.ranking[0]!)).toBe('1等');
    expect([...prizes.values()].filter((name) => name === '2等')).toHaveLength(2);
  });
});
