import { and, count, eq } from 'drizzle-orm';
import { fitbitAuthorizations, fitbitConnections, outboxMessages, sleeps, steps } from '../src/db/schema';
import { deleteExpiredFitbitAuthorizations } from '../src/health/fitbit/connections';
import { claimConnection, syncDueConnections } from '../src/health/fitbit/sync';
import { japanDay, addDays, unseal } from '../src/health/fitbit/tokens';
import { createGoogleHealthClient } from '../src/integrations/google-health/client';
import { GOOGLE_HEALTH_SCOPES } from '../src/integrations/google-health/config';
import { GoogleHealthError } from '../src/integrations/google-health/errors';
import { startFakeGoogleHealthServer, type RunningFakeGoogleHealth } from '@sukoyaka/fakes';
import { refreshAccessToken, revokeToken } from '../src/integrations/google-health/oauth';
import type { GoogleHealthService } from '../src/services';
import { Agent, createMember, createTestContext, signInAgent, type TestContext } from './helpers';

/*
 * The Fitbit connection over real HTTP against the local fake Google (OAuth 2.0 + PKCE, the
 * Health API's daily rollup), whose clock is the app's test clock: moving it expires codes,
 * states and access tokens on both sides at once.
 */

let ctx: TestContext;
let fake: RunningFakeGoogleHealth;
let google: GoogleHealthService;

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { fakes: ['googleHealth'] });
  fake = await startFakeGoogleHealthServer({ now: () => ctx.clock.now().getTime() });
  google = {
    config: fake.config,
    redirectUri: ctx.services.googleHealth!.redirectUri,
    client: createGoogleHealthClient(fake.config),
    fake,
  };
  // The app reads services.googleHealth at each call: this fake, with the test clock, stands in.
  ctx.services.googleHealth = google;
});
afterAll(async () => {
  await ctx.close();
  await fake.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

async function signedIn(existing?: Member) {
  const member = existing ?? (await createMember(ctx.db));
  return { member, agent: await signInAgent(ctx, member) };
}

/** Google's consent page, approved at once (`auto=1`): the callback's code and state. */
async function approve(authorizationUrl: string): Promise<{ code: string; state: string }> {
  const url = new URL(authorizationUrl);
  url.searchParams.set('auto', '1');
  const answer = await fetch(url, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  const back = new URL(answer.headers.get('location')!);
  expect(back.pathname).toBe('/resource_providers/fitbit/callback');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function start(agent: Agent) {
  const response = await agent.post('startFitbitAuthorization', {});
  expect(response.status).toBe(200);
  return response.body.authorizationUrl as string;
}

async function connect(agent: Agent) {
  const callback = await approve(await start(agent));
  const response = await agent.post('createUserFitbitConnectionSettings', callback);
  expect(response.status).toBe(200);
  return response.body;
}

async function connectionOf(userId: string) {
  const [row] = await ctx.db.select().from(fitbitConnections).where(eq(fitbitConnections.userId, userId));
  return row;
}

async function sleepRows(userId: string) {
  return ctx.db.select().from(sleeps).where(eq(sleeps.userId, userId)).orderBy(sleeps.measuredAt);
}

async function stepRows(userId: string) {
  return ctx.db.select().from(steps).where(eq(steps.userId, userId)).orderBy(steps.day);
}

describe('connecting (OAuth 2.0 authorization code + PKCE)', () => {
  it('connects: the consent address carries state and an S256 challenge; the callback stores sealed tokens and syncs 30 days', async () => {
    const { agent, member } = await signedIn();
    expect((await agent.get('getFitbitAuthentication')).body).toMatchObject({
      status: 'not_connected',
      connected: false,
      needsRenewal: false,
      available: true,
      connectedAt: null,
    });

    const authorizationUrl = await start(agent);
    const params = new URL(authorizationUrl).searchParams;
    expect(authorizationUrl.startsWith(fake.config.authorizeUrl)).toBe(true);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('redirect_uri')).toBe(`${ctx.config.publicUrl}/resource_providers/fitbit/callback`);
    expect(params.get('access_type')).toBe('offline');
    // The verifier never leaves the server; the state is kept only as its hash.
    const [pending] = await ctx.db.select().from(fitbitAuthorizations).where(eq(fitbitAuthorizations.userId, member.id));
    expect(pending!.stateHash).not.toContain(params.get('state'));
    expect(pending!.codeVerifier).toMatch(/^v1:/);

    const callback = await approve(authorizationUrl);
    const response = await agent.post('createUserFitbitConnectionSettings', callback);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'active',
      lastSyncResult: 'ok',
      lastSyncedDays: 30,
      lastSyncedDay: japanDay(ctx.clock.now()),
    });

    const row = (await connectionOf(member.id))!;
    expect(row.accessToken).toMatch(/^v1:/);
    expect(row.refreshToken).toMatch(/^v1:/);
    const refreshToken = unseal('fitbit_connections.refresh_token', row.id, row.refreshToken);
    expect(row.refreshToken).not.toContain(refreshToken);
    // Sealed for this row: the same envelope under another id does not open.
    expect(() => unseal('fitbit_connections.refresh_token', '00000000-0000-4000-8000-000000000000', row.refreshToken)).toThrow();

    const rows = await stepRows(member.id);
    const today = japanDay(ctx.clock.now());
    expect(rows).toHaveLength(30);
    expect(rows[0]!.day).toBe(addDays(today, -29));
    expect(rows.at(-1)!.day).toBe(today);
    for (const one of rows) {
      expect(one.steps).toBe(fake.stepsOn(one.day));
      expect(one.source).toBe('wearable');
    }
    expect((await agent.get('getFitbitAuthentication')).body).toMatchObject({
      status: 'active',
      connected: true,
      needsRenewal: false,
      lastSyncResult: 'ok',
    });

    // Issue 29: the same period's nights, each as Google reported it, with stages when it had them.
    const nights = await sleepRows(member.id);
    expect(nights.length).toBeGreaterThanOrEqual(29);
    for (const night of nights) {
      const point = fake.sleepOn(japanDay(night.measuredAt))!;
      expect([night.source, night.clientRecordId, night.minutesAsleep]).toEqual([
        'wearable',
        point.name,
        Number(point.sleep.summary.minutesAsleep),
      ]);
      expect(night.startedAt.toISOString()).toBe(point.sleep.interval.startTime);
      expect(night.deepMinutes === null).toBe(point.sleep.type === 'CLASSIC');
    }
  });

  it('syncs sleep only with the sleep scope; again, a night is replaced, never doubled', async () => {
    // The test moves the clock about two hours: from 21:00 in Japan on, a new day's night (waking
    // after midnight) would rightly appear among the second sync's nights. Start after midnight.
    const japanHour = (ctx.clock.now().getUTCHours() + 9) % 24;
    if (japanHour >= 21) ctx.clock.advance((25 - japanHour) * 60 * 60 * 1000);
    const { agent, member } = await signedIn();
    await connect(agent);
    const first = await sleepRows(member.id);
    expect(first.length).toBeGreaterThan(0);
    // A member who did not allow sleep (the token still good, so its scopes stand): steps sync as before, no night is read.
    await ctx.db.delete(sleeps).where(eq(sleeps.userId, member.id));
    await ctx.db
      .update(fitbitConnections)
      .set({ scopes: `${GOOGLE_HEALTH_SCOPES.activity} ${GOOGLE_HEALTH_SCOPES.measurements}` })
      .where(eq(fitbitConnections.userId, member.id));
    ctx.clock.advance(60 * 1000);
    expect((await agent.post('syncFitbit', {})).body).toMatchObject({ lastSyncResult: 'ok' });
    expect(await sleepRows(member.id)).toEqual([]);
    // A refreshed token says again what was granted: the last days' nights are read (the sync
    // starts two days before the last synced day), each night once however often.
    ctx.clock.advance(2 * 60 * 60 * 1000);
    expect((await agent.post('syncFitbit', {})).body).toMatchObject({ lastSyncResult: 'ok' });
    const again = await sleepRows(member.id);
    expect(again.length).toBeGreaterThanOrEqual(2);
    const known = new Set(first.map((row) => row.clientRecordId));
    for (const row of again) expect(known.has(row.clientRecordId)).toBe(true);
    ctx.clock.advance(60 * 1000);
    expect((await agent.post('syncFitbit', {})).body).toMatchObject({ lastSyncResult: 'ok' });
    expect((await sleepRows(member.id)).map((row) => row.id)).toEqual(again.map((row) => row.id));
  });

  it('refuses a state used once already (400) and saves nothing more', async () => {
    const { agent, member } = await signedIn();
    const callback = await approve(await start(agent));
    expect((await agent.post('createUserFitbitConnectionSettings', callback)).status).toBe(200);
    const before = await connectionOf(member.id);
    const again = await agent.post('createUserFitbitConnectionSettings', callback);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'fitbit_state_invalid' });
    expect(again.body.message).toMatch(/連携手続きは無効/);
    expect(await connectionOf(member.id)).toEqual(before);
  });

  it("refuses another session's state (403), leaving it usable by the session that started it", async () => {
    const a = await signedIn();
    const callback = await approve(await start(a.agent));
    // Another member with A's state and code.
    const b = await signedIn();
    const stolen = await b.agent.post('createUserFitbitConnectionSettings', callback);
    expect(stolen.status).toBe(403);
    expect(stolen.body).toMatchObject({ code: 'fitbit_state_mismatch' });
    expect(stolen.body.message).toMatch(/別の画面/);
    expect(await connectionOf(b.member.id)).toBeUndefined();
    // The same member signed in in another browser: another session, refused too.
    const elsewhere = await signedIn(a.member);
    expect((await elsewhere.agent.post('createUserFitbitConnectionSettings', callback)).status).toBe(403);
    expect(await connectionOf(a.member.id)).toBeUndefined();
    // The session that started it still completes.
    expect((await a.agent.post('createUserFitbitConnectionSettings', callback)).status).toBe(200);
    expect((await connectionOf(a.member.id))?.status).toBe('active');
  });

  it('refuses an unknown state and an expired one (400)', async () => {
    const { agent, member } = await signedIn();
    const unknown = await agent.post('createUserFitbitConnectionSettings', { code: 'some-code', state: 'a-state-nobody-issued' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('fitbit_state_invalid');

    const callback = await approve(await start(agent));
    ctx.clock.advance(11 * 60 * 1000);
    const late = await agent.post('createUserFitbitConnectionSettings', callback);
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('fitbit_state_invalid');
    expect(await connectionOf(member.id)).toBeUndefined();
  });

  it('refuses a wrong code and an expired code (400 in Japanese), the state then used up', async () => {
    const { agent, member } = await signedIn();
    const first = await approve(await start(agent));
    const wrong = await agent.post('createUserFitbitConnectionSettings', { code: 'not-the-code', state: first.state });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'fitbit_code_invalid' });
    expect(wrong.body.message).toMatch(/連携を完了できませんでした/);
    // The state went with the attempt: even the right code cannot use it now.
    expect((await agent.post('createUserFitbitConnectionSettings', first)).body.code).toBe('fitbit_state_invalid');

    // The fake's codes live ten minutes; the state would outlive a shorter wait, so expire only the code.
    const second = await approve(await start(agent));
    const shortFake = await startFakeGoogleHealthServer({ now: () => ctx.clock.now().getTime(), codeTtlSeconds: 1 });
    try {
      ctx.services.googleHealth = {
        ...google,
        config: shortFake.config,
        client: createGoogleHealthClient(shortFake.config),
        fake: shortFake,
      };
      const third = await approve(await start(agent));
      ctx.clock.advance(5_000);
      const expired = await agent.post('createUserFitbitConnectionSettings', third);
      expect(expired.status).toBe(400);
      expect(expired.body.code).toBe('fitbit_code_invalid');
    } finally {
      ctx.services.googleHealth = google;
      await shortFake.close();
    }
    expect(await connectionOf(member.id)).toBeUndefined();
    expect((await agent.post('createUserFitbitConnectionSettings', second)).status).toBe(200);
  });
  it('prunes authorizations nobody came back from, once expired', async () => {
    const { agent, member } = await signedIn();
    await start(agent);
    const pending = () => ctx.db.select().from(fitbitAuthorizations).where(eq(fitbitAuthorizations.userId, member.id));
    await deleteExpiredFitbitAuthorizations(ctx.db, ctx.clock.now());
    expect(await pending()).toHaveLength(1);
    ctx.clock.advance(11 * 60 * 1000);
    await deleteExpiredFitbitAuthorizations(ctx.db, ctx.clock.now());
    expect(await pending()).toHaveLength(0);
  });
});

describe('tokens and sync', () => {
  it('refreshes the access token before it expires, storing the rotated refresh token', async () => {
    const { agent, member } = await signedIn();
    await connect(agent);
    const before = (await connectionOf(member.id))!;
    // Four minutes before expiry: inside the five-minute margin.
    ctx.clock.set(new Date(before.tokenExpiresAt.getTime() - 4 * 60 * 1000));
    const response = await agent.post('syncFitbit', {});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'active', lastSyncResult: 'ok' });
    const after = (await connectionOf(member.id))!;
    expect(after.tokenExpiresAt.getTime()).toBeGreaterThan(before.tokenExpiresAt.getTime());
    const oldRefresh = unseal('fitbit_connections.refresh_token', before.id, before.refreshToken);
    expect(unseal('fitbit_connections.refresh_token', after.id, after.refreshToken)).not.toBe(oldRefresh);
    expect(unseal('fitbit_connections.access_token', after.id, after.accessToken)).not.toBe(
      unseal('fitbit_connections.access_token', before.id, before.accessToken),
    );
    // An hour later the token the sync refreshed is still good for the next sync.
    ctx.clock.advance(30 * 60 * 1000);
    expect((await agent.post('syncFitbit', {})).body).toMatchObject({ status: 'active', lastSyncResult: 'ok' });
  });

  it('a grant revoked at Google: the connection needs renewal, the member sees it, and reconnecting restores it', async () => {
    const { agent, member } = await signedIn();
    await connect(agent);
    const row = (await connectionOf(member.id))!;
    await revokeToken(fake.config, unseal('fitbit_connections.refresh_token', row.id, row.refreshToken));

    const response = await agent.post('syncFitbit', {});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'needs_renewal', lastSyncResult: 'needs_renewal' });
    expect((await agent.get('getFitbitAuthentication')).body).toMatchObject({
      status: 'needs_renewal',
      connected: true,
      needsRenewal: true,
    });
    // The scheduled job leaves it alone until the member reconnects.
    ctx.clock.advance(2 * 60 * 60 * 1000);
    await syncDueConnections({ db: ctx.db, google }, ctx.clock.now(), 60 * 60 * 1000);
    expect((await connectionOf(member.id))!.status).toBe('needs_renewal');

    expect(await connect(agent)).toMatchObject({ status: 'active', lastSyncResult: 'ok' });
  });

  it('overlapping syncs (on demand, twice, and the job) write each day once', async () => {
    const { agent, member } = await signedIn();
    await connect(agent);
    await ctx.db.delete(steps).where(eq(steps.userId, member.id));
    ctx.clock.advance(2 * 60 * 60 * 1000);
    const answers = await Promise.all([
      agent.post('syncFitbit', {}),
      agent.post('syncFitbit', {}),
      syncDueConnections({ db: ctx.db, google }, ctx.clock.now(), 60 * 60 * 1000),
    ]);
    expect(answers[0].status).toBe(200);
    expect(answers[1].status).toBe(200);
    const rows = await stepRows(member.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.day)).size).toBe(rows.length);
    // A held lease refuses a second claim outright.
    expect(await claimConnection(ctx.db, member.id, ctx.clock.now())).not.toBeNull();
    expect(await claimConnection(ctx.db, member.id, ctx.clock.now())).toBeNull();
    await ctx.db.update(fitbitConnections).set({ syncStartedAt: null }).where(eq(fitbitConnections.userId, member.id));
  });

  it('the scheduled job syncs connections not synced for a while, from two days before the last synced day', async () => {
    const { agent, member } = await signedIn();
    await connect(agent);
    const lastDay = (await connectionOf(member.id))!.lastSyncedDay!;
    // A day's count changed at Google's side since: the overlap picks it up; older days stay.
    const twoBack = addDays(lastDay, -2);
    const fiveBack = addDays(lastDay, -5);
    await ctx.db
      .update(steps)
      .set({ steps: 1 })
      .where(and(eq(steps.userId, member.id), eq(steps.day, twoBack)));
    await ctx.db
      .update(steps)
      .set({ steps: 1 })
      .where(and(eq(steps.userId, member.id), eq(steps.day, fiveBack)));

    // Not due yet.
    await syncDueConnections({ db: ctx.db, google }, ctx.clock.now(), 60 * 60 * 1000);
    const recent = await stepRows(member.id);
    expect(recent.find((row) => row.day === twoBack)!.steps).toBe(1);

    ctx.clock.advance(61 * 60 * 1000);
    expect(await syncDueConnections({ db: ctx.db, google }, ctx.clock.now(), 60 * 60 * 1000)).toBeGreaterThanOrEqual(1);
    const rows = await stepRows(member.id);
    expect(rows.find((row) => row.day === twoBack)!.steps).toBe(fake.stepsOn(twoBack));
    expect(rows.find((row) => row.day === fiveBack)!.steps).toBe(1);
    expect((await connectionOf(member.id))!.lastSyncedAt!.getTime()).toBe(ctx.clock.now().getTime());
  });
});

describe('disconnecting', () => {
  it('revokes the grant at Google, deletes the tokens, keeps the synced steps', async () => {
    const { agent, member } = await signedIn();
    await connect(agent);
    const row = (await connectionOf(member.id))!;
    const refreshToken = unseal('fitbit_connections.refresh_token', row.id, row.refreshToken);
    const stepsBefore = (await stepRows(member.id)).length;

    const response = await agent.post('disconnectFitbit', {});
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'not_connected' });
    expect(await connectionOf(member.id)).toBeUndefined();
    // The fake saw the revocation: the refresh token no longer works.
    const refused = await refreshAccessToken(fake.config, refreshToken).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GoogleHealthError);
    expect((refused as GoogleHealthError).kind).toBe('grant_invalid');
    expect((await stepRows(member.id)).length).toBe(stepsBefore);

    // Disconnecting again changes nothing; syncing without a connection says so.
    expect((await agent.post('disconnectFitbit', {})).body).toMatchObject({ status: 'not_connected' });
    const sync = await agent.post('syncFitbit', {});
    expect(sync.status).toBe(404);
    expect(sync.body).toMatchObject({ code: 'fitbit_not_connected', message: 'Fitbitは連携されていません。' });
  });
});

describe('issue 24 #13: a revocation Google refuses is not reported as done, and is retried through the outbox', () => {
  async function revocationRows() {
    return ctx.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'revocation'));
  }

  it.each([
    ['refuses the client (400 invalid_client, as a server needing client authentication does)', { clientSecret: 'wrong-secret' }],
    ['cannot be reached', { revokeUrl: 'http://127.0.0.1:1/revoke' }],
  ])(
    'when Google %s: the link is removed here, the member is told the revocation is pending, the outbox revokes later',
    async (_what, broken) => {
      const { agent, member } = await signedIn();
      await connect(agent);
      const row = (await connectionOf(member.id))!;
      const refreshToken = unseal('fitbit_connections.refresh_token', row.id, row.refreshToken);
      const before = (await revocationRows()).length;

      // The worker is held, so what Google holds can be seen between the answer and the retry.
      await ctx.app.outbox.stop();
      ctx.services.googleHealth = { ...google, config: { ...google.config, ...broken } };
      let response;
      try {
        response = await agent.post('disconnectFitbit', {});
      } finally {
        ctx.services.googleHealth = google;
      }
      expect(response.status).toBe(200);
      // Truthful: not connected here any more, but the grant at Google is not yet ended.
      expect(response.body).toMatchObject({ status: 'not_connected', revocationPending: true });
      expect(await connectionOf(member.id)).toBeUndefined();
      const queued = await revocationRows();
      expect(queued).toHaveLength(before + 1);
      // The token waits sealed, never in the clear.
      expect(JSON.stringify(queued)).not.toContain(refreshToken);
      // Still live at Google until the outbox gets through (a refresh works, rotating the token).
      const live = await refreshAccessToken(fake.config, refreshToken);

      ctx.app.outbox.start();
      await ctx.deliverOutbox();
      const refused = await refreshAccessToken(fake.config, live.refreshToken!).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(GoogleHealthError);
      expect((refused as GoogleHealthError).kind).toBe('grant_invalid');
      const done = await revocationRows();
      expect(done.filter((message) => message.status === 'pending')).toHaveLength(0);
    },
  );

  it('a revocation that succeeds at once says so and queues nothing', async () => {
    const { agent } = await signedIn();
    await connect(agent);
    const before = (await revocationRows()).length;
    const response = await agent.post('disconnectFitbit', {});
    expect(response.body).toMatchObject({ status: 'not_connected', revocationPending: false });
    expect(await revocationRows()).toHaveLength(before);
  });
});

describe("another member's connection", () => {
  it('is invisible and untouched', async () => {
    const a = await signedIn();
    await connect(a.agent);
    const before = await connectionOf(a.member.id);
    const b = await signedIn();
    expect((await b.agent.get('getFitbitAuthentication')).body).toMatchObject({ status: 'not_connected', lastSyncedAt: null });
    expect((await b.agent.post('syncFitbit', {})).status).toBe(404);
    expect((await b.agent.post('disconnectFitbit', {})).body).toMatchObject({ status: 'not_connected' });
    expect(await connectionOf(a.member.id)).toEqual(before);
    const [{ n }] = (await ctx.db.select({ n: count() }).from(steps).where(eq(steps.userId, b.member.id))) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('needs a signed-in member', async () => {
    const visitor = new Agent(ctx.app);
    expect((await visitor.get('getFitbitAuthentication')).status).toBe(401);
    expect((await visitor.post('startFitbitAuthorization', {})).status).toBe(401);
  });
});
