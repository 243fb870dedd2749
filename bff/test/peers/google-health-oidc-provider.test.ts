import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fitbitPagePaths } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import { fitbitConnections, outboxMessages } from '../../src/db/schema';
import { unseal } from '../../src/health/fitbit/tokens';
import { createGoogleHealthClient } from '../../src/integrations/google-health/client';
import { GOOGLE_DEFAULTS, GOOGLE_HEALTH_SCOPES, type GoogleHealthConfig } from '../../src/integrations/google-health/config';
import { GoogleHealthError } from '../../src/integrations/google-health/errors';
import {
  authorizationUrl,
  createPkcePair,
  createState,
  exchangeCode,
  parseCallback,
  refreshAccessToken,
  revokeToken,
} from '../../src/integrations/google-health/oauth';
import type { GoogleHealthService } from '../../src/services';
import { Agent, createMember, createTestContext, type TestContext } from '../helpers';
import { startOidcPeer, type RunningOidcPeer } from './oidc-provider';

/*
 * Issue 25 #1: the Fitbit connection's Google OAuth 2.0 client against an independent, certified
 * authorization server (oidc-provider) where the protocol is standard OAuth 2.0 — the code flow
 * with PKCE, client_secret_basic, refresh with rotation, and RFC 7009 revocation with client
 * authentication (the provider refuses an unauthenticated one, as our fake does) — and the bff's
 * own connect, sync, refresh-on-expiry, refresh-on-401 and disconnect (revocation at once or
 * through the outbox) against it. The Google Health API itself is Google's own, not standard: a
 * small stand-in here answers the daily rollup, accepting a token only when the provider's
 * introspection (RFC 7662) says it is active.
 */

const CLIENT = { id: 'sukoyaka-fitbit', secret: 'peer-google-secret-0123456789' };
const HEALTH_API = { id: 'health-api', secret: 'peer-health-api-secret-0123456789' };

let peer: RunningOidcPeer;
let api: http.Server;
let ctx: TestContext;
let config: GoogleHealthConfig;
let google: GoogleHealthService;
const apiSeen = { refused: 0, served: 0 };

async function rollup(request: http.IncomingMessage, response: http.ServerResponse) {
  let raw = '';
  for await (const chunk of request) raw += String(chunk);
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const introspection = token ? await peer.introspect(token, HEALTH_API) : { active: false };
  if (!introspection.active) {
    apiSeen.refused += 1;
    return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } });
  }
  // The sleep list (issue 29), which the sync reads beside the steps: no nights here.
  if (request.method === 'GET' && (request.url ?? '').includes('/dataTypes/sleep/dataPoints')) return send(200, { dataPoints: [] });
  if (
    !String(introspection.scope ?? '')
      .split(' ')
      .includes(GOOGLE_HEALTH_SCOPES.activity)
  )
    return send(403, { error: { code: 403, message: 'Request had insufficient authentication scopes.', status: 'PERMISSION_DENIED' } });
  apiSeen.served += 1;
  // One day of steps: the range's first day.
  const { range } = JSON.parse(raw) as { range: { start: { date: { year: number; month: number; day: number } } } };
  const start = range.start.date;
  const next = new Date(Date.UTC(start.year, start.month - 1, start.day + 1));
  const end = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
  send(200, { rollupDataPoints: [{ civilStartTime: { date: start }, civilEndTime: { date: end }, steps: { countSum: '8123' } }] });
}

beforeAll(async () => {
  // No local fake: the peer stands in for Google (its service is set below).
  ctx = await createTestContext();
  const redirectUri = `${ctx.config.publicUrl}${fitbitPagePaths.callback}`;
  api = http.createServer((request, response) => {
    rollup(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  peer = await startOidcPeer({
    accountId: 'google-user-1',
    scopes: [GOOGLE_HEALTH_SCOPES.activity, GOOGLE_HEALTH_SCOPES.measurements, GOOGLE_HEALTH_SCOPES.sleep],
    introspectors: [HEALTH_API.id],
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      { client_id: HEALTH_API.id, client_secret: HEALTH_API.secret, redirect_uris: [], grant_types: [], response_types: [] },
    ],
    // A plain OAuth 2.0 client (no openid, no offline_access): refresh tokens by the server's
    // policy for a client allowed the refresh_token grant, as Google issues them with
    // access_type=offline; the grant outlives the login session.
    configuration: {
      issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
      expiresWithSession: async () => false,
    },
  });
  config = {
    authorizeUrl: `${peer.issuer}/auth`,
    tokenUrl: `${peer.issuer}/token`,
    revokeUrl: `${peer.issuer}/token/revocation`,
    apiUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`,
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    scopes: [...GOOGLE_DEFAULTS.scopes],
  };
  google = { config, redirectUri, client: createGoogleHealthClient(config), fake: null };
  ctx.services.googleHealth = google;
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await peer?.close();
  await new Promise((resolve) => api?.close(resolve));
});

async function googleError(promise: Promise<unknown>): Promise<GoogleHealthError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GoogleHealthError);
  return error as GoogleHealthError;
}

/** Our client's code flow, the member approving at the provider. */
async function connect() {
  const pkce = createPkcePair();
  const state = createState();
  const url = authorizationUrl(config, { redirectUri: google.redirectUri, state, codeChallenge: pkce.challenge });
  const callback = parseCallback(Object.fromEntries((await peer.authorize(url)).searchParams));
  if (!callback.ok) throw new Error(`refused: ${callback.error}`);
  expect(callback.state).toBe(state);
  return exchangeCode(config, { code: callback.code, redirectUri: google.redirectUri, codeVerifier: pkce.verifier });
}

describe('our OAuth 2.0 client against oidc-provider', () => {
  test('the code flow with PKCE S256 and client_secret_basic: an access token, a refresh token and the granted scopes', async () => {
    const tokens = await connect();
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.scopes).toEqual(expect.arrayContaining([GOOGLE_HEALTH_SCOPES.activity]));
    expect(tokens.tokenType.toLowerCase()).toBe('bearer');
    expect(await google.client.dailySteps(tokens.accessToken, { from: '2026-11-20', to: '2026-11-20' })).toEqual([
      { day: '2026-11-20', steps: 8123 },
    ]);
  });

  test('refresh: a new access token and a rotated refresh token; the rotated-out one used again ends the grant', async () => {
    const tokens = await connect();
    const refreshed = await refreshAccessToken(config, tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await peer.introspect(refreshed.accessToken, HEALTH_API)).active).toBe(true);
    const reused = await googleError(refreshAccessToken(config, tokens.refreshToken!));
    expect(reused).toMatchObject({ kind: 'grant_invalid', code: 'invalid_grant' });
    expect((await googleError(refreshAccessToken(config, refreshed.refreshToken!))).kind).toBe('grant_invalid');
    expect((await peer.introspect(refreshed.accessToken, HEALTH_API)).active).toBe(false);
  });

  test('RFC 7009 revocation needs client authentication: refused without it (as our fake refuses too) or with a wrong secret; with it the grant ends; revoking again is no error', async () => {
    const tokens = await connect();
    const bare = await fetch(config.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refreshToken! }),
    });
    // oidc-provider: 400 invalid_request "no client authentication mechanism provided" (our fake
    // answers 401 invalid_client, which RFC 6749 §5.2 also allows); either way the grant stays.
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ error: 'invalid_request' });
    expect((await peer.introspect(tokens.accessToken, HEALTH_API)).active).toBe(true);
    const wrong = await googleError(revokeToken({ ...config, clientSecret: 'not-the-secret' }, tokens.refreshToken!));
    expect(wrong).toMatchObject({ kind: 'failed', code: 'invalid_client' });
    expect((await peer.introspect(tokens.accessToken, HEALTH_API)).active).toBe(true);

    await revokeToken(config, tokens.refreshToken!);
    expect((await peer.introspect(tokens.accessToken, HEALTH_API)).active).toBe(false);
    expect((await googleError(refreshAccessToken(config, tokens.refreshToken!))).kind).toBe('grant_invalid');
    const api401 = await googleError(google.client.dailySteps(tokens.accessToken, { from: '2026-11-20', to: '2026-11-20' }));
    expect(api401).toMatchObject({ kind: 'grant_invalid', status: 401 });
    await expect(revokeToken(config, tokens.refreshToken!)).resolves.toBeUndefined();
  });
});

describe('the bff’s Fitbit connection against oidc-provider', () => {
  async function connectedMember() {
    const member = await createMember(ctx.db);
    const agent = new Agent(ctx.app);
    expect((await agent.signIn(member.email, member.password)).status).toBe(200);
    const started = await agent.post('startFitbitAuthorization', {});
    expect(started.status).toBe(200);
    const back = await peer.authorize(started.body.authorizationUrl as string);
    const callback = parseCallback(Object.fromEntries(back.searchParams));
    if (!callback.ok) throw new Error(callback.error);
    const connected = await agent.post('createUserFitbitConnectionSettings', { code: callback.code, state: callback.state });
    expect(connected.status).toBe(200);
    expect(connected.body).toMatchObject({ status: 'active', lastSyncResult: 'ok' });
    return { member, agent };
  }

  async function tokensOf(userId: string) {
    const [row] = await ctx.db.select().from(fitbitConnections).where(eq(fitbitConnections.userId, userId));
    return {
      accessToken: unseal('fitbit_connections.access_token', row!.id, row!.accessToken),
      refreshToken: unseal('fitbit_connections.refresh_token', row!.id, row!.refreshToken),
    };
  }

  test('connects and syncs; near expiry the token is refreshed at the provider; a token the provider ended early (401) is refreshed once and the sync goes on; disconnecting revokes the grant', async () => {
    const { member, agent } = await connectedMember();
    const first = await tokensOf(member.id);

    ctx.clock.advance(56 * 60 * 1000);
    const refreshesBefore = peer.grants('refresh_token');
    expect((await agent.post('syncFitbit', {})).body).toMatchObject({ status: 'active', lastSyncResult: 'ok' });
    expect(peer.grants('refresh_token')).toBe(refreshesBefore + 1);
    const second = await tokensOf(member.id);
    expect(second.refreshToken).not.toBe(first.refreshToken);

    // The provider ends the access token while our clock still takes it for valid.
    await (await peer.provider.AccessToken.find(second.accessToken))!.destroy();
    const refusedBefore = apiSeen.refused;
    expect((await agent.post('syncFitbit', {})).body).toMatchObject({ status: 'active', lastSyncResult: 'ok' });
    expect(apiSeen.refused).toBe(refusedBefore + 1);
    expect(peer.grants('refresh_token')).toBe(refreshesBefore + 2);

    const third = await tokensOf(member.id);
    const disconnected = await agent.post('disconnectFitbit', {});
    expect(disconnected.body).toMatchObject({ status: 'not_connected', revocationPending: false });
    expect((await peer.introspect(third.accessToken, HEALTH_API)).active).toBe(false);
    expect((await googleError(refreshAccessToken(config, third.refreshToken))).kind).toBe('grant_invalid');
  });

  test('a grant the member ended at the provider: the refresh is refused and the connection asks for renewal', async () => {
    const { member, agent } = await connectedMember();
    const { refreshToken } = await tokensOf(member.id);
    await revokeToken(config, refreshToken);
    expect((await agent.post('syncFitbit', {})).body).toMatchObject({ status: 'needs_renewal', needsRenewal: true });
  });

  test('a revocation the provider refuses (wrong client secret) is queued in the outbox and done once the client authenticates', async () => {
    const { member, agent } = await connectedMember();
    const { refreshToken, accessToken } = await tokensOf(member.id);
    await ctx.app.outbox.stop();
    ctx.services.googleHealth = { ...google, config: { ...config, clientSecret: 'wrong-secret' } };
    let response;
    try {
      response = await agent.post('disconnectFitbit', {});
    } finally {
      ctx.services.googleHealth = google;
    }
    expect(response.body).toMatchObject({ status: 'not_connected', revocationPending: true });
    expect((await peer.introspect(accessToken, HEALTH_API)).active).toBe(true);

    ctx.app.outbox.start();
    await ctx.deliverOutbox();
    expect((await peer.introspect(accessToken, HEALTH_API)).active).toBe(false);
    expect((await googleError(refreshAccessToken(config, refreshToken))).kind).toBe('grant_invalid');
    const pending = await ctx.db.select().from(outboxMessages).where(eq(outboxMessages.channel, 'revocation'));
    expect(pending.filter((message) => message.status === 'pending')).toHaveLength(0);
  });
});
