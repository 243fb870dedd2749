import { eq } from 'drizzle-orm';
import { associations, users } from '../src/db/schema';
import { CONDITION_MEMBERS, DEMO_MEMBER, MAINTENANCE_ASSOCIATION, seedDemo } from '../src/db/seed';
import { Agent, createMember, createTestContext, signedInMember, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemo(ctx.db);
});
afterAll(async () => {
  await ctx.close();
});

describe('spec §8: the seeded condition members answer with their identifier', () => {
  it.each([
    ['locked@sukoyaka.example', 423, 'system_account_locked'],
    ['suspended@sukoyaka.example', 403, 'user_is_suspended'],
    ['expired@sukoyaka.example', 403, 'user_membership_expired'],
    ['unverified@sukoyaka.example', 403, 'user_not_association_verified'],
    ['maintenance@sukoyaka.example', 503, 'association_under_maintenance'],
  ])('%s signs in to %i %s and gets no member session', async (email, status, code) => {
    const agent = new Agent(ctx.app);
    const response = await agent.signIn(email, DEMO_MEMBER.password);
    expect(response.status).toBe(status);
    expect(response.body.code).toBe(code);
    expect(response.body.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect((await agent.get('getSession')).body.userId).toBeNull();
  });

  it('seeds one member per condition, all with the demo password', () => {
    expect(CONDITION_MEMBERS.map((member) => member.code).sort()).toEqual(
      [
        'association_under_maintenance',
        'system_account_locked',
        'user_is_suspended',
        'user_membership_expired',
        'user_not_association_verified',
      ].sort(),
    );
  });

  it('answers a locked account before trying the password', async () => {
    const response = await new Agent(ctx.app).signIn('locked@sukoyaka.example', 'a-wrong-guess');
    expect(response.status).toBe(423);
    expect(response.body.code).toBe('system_account_locked');
  });

  it('seeding again changes nothing', async () => {
    const before = await ctx.db.select().from(users);
    expect(await seedDemo(ctx.db)).toEqual({ seeded: false });
    expect(await ctx.db.select().from(users)).toHaveLength(before.length);
  });
});

describe('spec §6: account conditions are enforced on every member call', () => {
  it('a member suspended mid-session gets user_is_suspended from member calls', async () => {
    const { member, agent } = await signedInMember(ctx);
    await ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, member.id));
    const info = await agent.get('getUserInfo');
    expect(info.status).toBe(403);
    expect(info.body.code).toBe('user_is_suspended');
    const save = await agent.post('saveBloodPressure', { measuredAt: new Date().toISOString(), systolic: 120, diastolic: 80 });
    expect(save.body.code).toBe('user_is_suspended');
    // Visitor calls still answer, without the member.
    const session = await agent.get('getSession');
    expect(session.status).toBe(200);
    expect(session.body.userId).toBeNull();
  });

  it('a membership that ended yesterday (Japan time) is expired; one ending today is not', async () => {
    const { member, agent } = await signedInMember(ctx);
    ctx.clock.set('2026-04-01T00:30:00+09:00');
    try {
      await ctx.db.update(users).set({ membershipExpiresOn: '2026-04-01' }).where(eq(users.id, member.id));
      expect((await agent.get('getUserInfo')).status).toBe(200);
      await ctx.db.update(users).set({ membershipExpiresOn: '2026-03-31' }).where(eq(users.id, member.id));
      const response = await agent.get('getUserInfo');
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('user_membership_expired');
    } finally {
      ctx.clock.set(new Date());
    }
  });

  it('an association put under maintenance answers 503 association_under_maintenance', async () => {
    const { member, agent } = await signedInMember(ctx);
    await ctx.db.update(associations).set({ underMaintenance: true }).where(eq(associations.id, member.associationId));
    const response = await agent.get('listBloodPressures');
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('association_under_maintenance');
  });

  it('a lock that has run out no longer refuses the member', async () => {
    const { member, agent } = await signedInMember(ctx);
    await ctx.db
      .update(users)
      // From the app's clock, which the test moves: the wall clock runs on meanwhile (seconds on a busy machine).
      .set({ lockedUntil: new Date(ctx.clock.now().getTime() + 60_000) })
      .where(eq(users.id, member.id));
    expect((await agent.get('getUserInfo')).body.code).toBe('system_account_locked');
    ctx.clock.advance(61_000);
    try {
      expect((await agent.get('getUserInfo')).status).toBe(200);
    } finally {
      ctx.clock.set(new Date());
    }
  });

  it('the maintenance association is seeded under maintenance', async () => {
    const [row] = await ctx.db.select().from(associations).where(eq(associations.id, MAINTENANCE_ASSOCIATION.id));
    expect(row?.underMaintenance).toBe(true);
  });
});

describe('spec §3: the current-user/session read', () => {
  it('gives a visitor no userId and a stable browserId kept in a cookie', async () => {
    const agent = new Agent(ctx.app);
    const first = await agent.get('getSession');
    expect(first.status).toBe(200);
    expect(first.body.userId).toBeNull();
    expect(first.body.browserId).toMatch(/^[0-9a-f-]{36}$/);
    expect(String(first.headers['set-cookie'])).toContain('sukoyaka_bid=');
    const second = await agent.get('getSession');
    expect(second.body.browserId).toBe(first.body.browserId);
  });

  it('gives a member their userId, with the same browserId across sign-in', async () => {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    const before = await agent.get('getSession');
    await agent.signIn(member.email, member.password);
    const after = await agent.get('getSession');
    expect(after.body).toEqual({ userId: member.id, browserId: before.body.browserId });
  });
});
