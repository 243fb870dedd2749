import { LOGOUT_PATH } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { sessions, users } from '../src/db/schema';
import { SessionCache } from '../src/platform/session-cache';
import { Agent, createMember, createTestContext, type TestContext } from './helpers';

const TTL_MS = 2000;

describe('SessionCache', () => {
  const loaded = (expiresAt: number) => ({ row: { expiresAt: new Date(expiresAt) }, caller: null }) as never;

  it('keeps an entry for its time, never past the session’s expiry, and not from a load a write overlapped', () => {
    const cache = new SessionCache(TTL_MS);
    cache.set('a', loaded(10_000), cache.current, 0);
    expect(cache.get('a', TTL_MS - 1)).toBeDefined();
    expect(cache.get('a', TTL_MS)).toBeUndefined();

    cache.set('b', loaded(500), cache.current, 0);
    expect(cache.get('b', 500)).toBeUndefined();

    const started = cache.current;
    cache.clear(); // a write started or ended while this load was under way
    cache.set('c', loaded(10_000), started, 0);
    expect(cache.get('c', 1)).toBeUndefined();
  });

  it('keeps nothing when its time is 0, and forgets the oldest beyond its size', () => {
    const off = new SessionCache(0);
    off.set('a', loaded(10_000), off.current, 0);
    expect(off.get('a', 1)).toBeUndefined();

    const small = new SessionCache(TTL_MS, 2);
    for (const key of ['a', 'b', 'c']) small.set(key, loaded(10_000), small.current, 0);
    expect(small.get('a', 1)).toBeUndefined();
    expect(small.get('c', 1)).toBeDefined();
  });
});

describe('the session plugin with the cache on (as in production)', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  beforeAll(async () => {
    ctx = await createTestContext();
    app = await buildApp({ config: ctx.config, db: ctx.db, services: ctx.services, now: ctx.clock.now, sessionCacheMs: TTL_MS });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await ctx.close();
  });

  async function signedIn() {
    const member = await createMember(ctx.db);
    const agent = new Agent(app);
    expect((await agent.signIn(member.email, member.password)).status).toBe(200);
    return { member, agent };
  }

  it('a change made elsewhere (another instance, an operator) is seen once the entry’s time is up', async () => {
    const { member, agent } = await signedIn();
    expect((await agent.get('listBloodPressures')).status).toBe(200);
    await ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, member.id));
    // Within the time the kept standing still answers; then the suspension is read.
    expect((await agent.get('listBloodPressures')).status).toBe(200);
    ctx.clock.advance(TTL_MS);
    const after = await agent.get('listBloodPressures');
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('user_is_suspended');
  });

  it('a session ended elsewhere stops working once the entry’s time is up', async () => {
    const { member, agent } = await signedIn();
    expect((await agent.get('listBloodPressures')).status).toBe(200);
    await ctx.db.delete(sessions).where(eq(sessions.userId, member.id));
    ctx.clock.advance(TTL_MS);
    expect((await agent.get('listBloodPressures')).status).toBe(401);
  });

  it('a write through this instance is seen by its very next request: signing out', async () => {
    const { agent } = await signedIn();
    expect((await agent.get('listBloodPressures')).status).toBe(200);
    const cookie = `sukoyaka_session=${agent.cookie('sukoyaka_session')}`;
    const token = await agent.fetchToken();
    const out = await app.inject({ method: 'POST', url: LOGOUT_PATH, headers: { cookie, 'x-csrf-token': token } });
    expect(out.statusCode).toBeLessThan(400);
    // The old cookie, replayed at once, no longer names a session.
    const replay = await app.inject({ method: 'GET', url: '/api/bff/listBloodPressures', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
  });

  it('a write through this instance is seen by its very next request: any POST empties the cache', async () => {
    const { member, agent } = await signedIn();
    expect((await agent.get('listBloodPressures')).status).toBe(200);
    // An operator suspends the member; then any write passes through this instance.
    await ctx.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, member.id));
    await new Agent(app).post('signIn', { email: 'nobody@sukoyaka.example', password: 'wrong password 1' });
    const after = await agent.get('listBloodPressures');
    expect(after.status).toBe(403);
    expect(after.body.code).toBe('user_is_suspended');
  });
});
