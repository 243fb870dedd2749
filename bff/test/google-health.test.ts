import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createGoogleHealthClient, SLEEP_PAGE_SIZE, toSleepSession } from '../src/integrations/google-health/client';
import { GOOGLE_DEFAULTS, GOOGLE_HEALTH_SCOPES, googleHealthConfig } from '../src/integrations/google-health/config';
import { GoogleHealthError } from '../src/integrations/google-health/errors';
import { type RunningFakeGoogleHealth, startFakeGoogleHealthServer } from '@sukoyaka/fakes';
import {
  authorizationUrl,
  createPkcePair,
  createState,
  exchangeCode,
  missingScopes,
  needsRefresh,
  parseCallback,
  pkceChallenge,
  refreshAccessToken,
  revokeToken,
} from '../src/integrations/google-health/oauth';

/*
 * Issue 10, the Fitbit connection's outside protocol: Google OAuth 2.0 (authorization code with
 * PKCE S256, refresh, revocation) and the Google Health API's daily steps rollup, over real HTTP
 * against the local fake of the same protocol.
 */

const REDIRECT = 'http://127.0.0.1:8080/resource_providers/fitbit/callback';
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
// 12:00 in Japan on 2026-11-20: the fake user's "today".
const START = Date.parse('2026-11-20T03:00:00Z');

let clock = START;
const now = () => clock;
let fake: RunningFakeGoogleHealth;

beforeAll(async () => {
  fake = await startFakeGoogleHealthServer({ now, historyDays: 200 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  clock = START;
});

/** Expects the promise to fail with a GoogleHealthError of this kind (and code, when given). */
async function expectGoogleError(promise: Promise<unknown>, kind: GoogleHealthError['kind'], code?: string): Promise<GoogleHealthError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GoogleHealthError);
  const failure = error as GoogleHealthError;
  expect(failure.kind).toBe(kind);
  if (code) expect(failure.code).toBe(code);
  return failure;
}

/** Starts a connection as the bff will: PKCE pair and state kept server-side, the member sent to the consent page. */
function startConnection(scopes = fake.config.scopes) {
  const pkce = createPkcePair();
  const state = createState();
  const url = authorizationUrl({ ...fake.config, scopes }, { redirectUri: REDIRECT, state, codeChallenge: pkce.challenge });
  return { pkce, state, url };
}

/** The consent page approved at once (`auto=1`): where the browser is sent back to. */
async function approveAtOnce(url: string): Promise<URL> {
  const response = await fetch(`${url}&auto=1`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** A connected grant: the code exchanged for tokens with the right verifier. */
async function connect(scopes = fake.config.scopes) {
  const { pkce, state, url } = startConnection(scopes);
  const callback = parseCallback(Object.fromEntries((await approveAtOnce(url)).searchParams));
  if (!callback.ok) throw new Error(`not approved: ${callback.error}`);
  expect(callback.state).toBe(state);
  const tokens = await exchangeCode(fake.config, { code: callback.code, redirectUri: REDIRECT, codeVerifier: pkce.verifier }, { now });
  return { tokens, code: callback.code, verifier: pkce.verifier };
}

const api = () => createGoogleHealthClient(fake.config);
const lastWeek = { from: '2026-11-14', to: '2026-11-20' };

describe('configuration', () => {
  test('no client id: null (the wiring uses the local fake); defaults are Google’s addresses', () => {
    expect(googleHealthConfig({})).toBeNull();
    const config = googleHealthConfig({ GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' })!;
    expect(config).toEqual({
      ...GOOGLE_DEFAULTS,
      scopes: [...GOOGLE_DEFAULTS.scopes],
      clientId: 'id.apps.googleusercontent.com',
      clientSecret: 'secret',
    });
    expect(config.revokeUrl).toBe('https://oauth2.googleapis.com/revoke');
    expect(config.scopes).toEqual([
      'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly',
      'https://www.googleapis.com/auth/googlehealth.health_metrics_and_measurements.readonly',
      'https://www.googleapis.com/auth/googlehealth.sleep.readonly',
    ]);
  });

  test('every address is configurable; a secret is required; production insists on https', () => {
    const env = {
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      GOOGLE_OAUTH_AUTHORIZE_URL: 'http://127.0.0.1:1/auth',
      GOOGLE_OAUTH_TOKEN_URL: 'http://127.0.0.1:1/token',
      GOOGLE_OAUTH_REVOKE_URL: 'http://127.0.0.1:1/revoke',
      GOOGLE_HEALTH_API_URL: 'http://127.0.0.1:1/health',
    };
    expect(googleHealthConfig(env)).toMatchObject({
      authorizeUrl: env.GOOGLE_OAUTH_AUTHORIZE_URL,
      tokenUrl: env.GOOGLE_OAUTH_TOKEN_URL,
      revokeUrl: env.GOOGLE_OAUTH_REVOKE_URL,
      apiUrl: env.GOOGLE_HEALTH_API_URL,
    });
    expect(() => googleHealthConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    expect(() => googleHealthConfig({ ...env, NODE_ENV: 'production' })).toThrow(/https/);
    expect(() => googleHealthConfig({ ...env, GOOGLE_HEALTH_API_URL: 'not a url' })).toThrow();
  });
});

describe('authorization request', () => {
  test('the consent page address carries the client, redirect, scopes, state, S256 challenge and offline access', () => {
    const { pkce, state, url } = startConnection();
    const params = new URL(url).searchParams;
    expect(url.startsWith(`${fake.url}/o/oauth2/v2/auth?`)).toBe(true);
    expect(Object.fromEntries(params)).toEqual({
      client_id: fake.config.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: `${GOOGLE_HEALTH_SCOPES.activity} ${GOOGLE_HEALTH_SCOPES.measurements} ${GOOGLE_HEALTH_SCOPES.sleep}`,
      state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      access_type: 'offline',
      prompt: 'consent',
    });
    expect(pkce.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(pkce.challenge).toBe(pkceChallenge(pkce.verifier));
    // RFC 7636 appendix B's example.
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(createState()).not.toBe(state);
  });

  test('the fake’s consent page: 「許可する」 returns a code with the state, 「キャンセル」 access_denied', async () => {
    const { state, url } = startConnection();
    const pageResponse = await fetch(url);
    expect(pageResponse.status).toBe(200);
    const html = await pageResponse.text();
    expect(html).toContain('許可する');
    expect(html).toContain(fake.user.email);
    expect(html).toContain('歩数');

    const form = new URLSearchParams(Object.fromEntries(new URL(url).searchParams));
    const decide = (decision: string) =>
      fetch(`${fake.url}/o/oauth2/v2/auth/decision`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `${form.toString()}&decision=${decision}`,
        redirect: 'manual',
      });
    const allowed = await decide('allow');
    expect(allowed.status).toBe(303);
    const back = new URL(allowed.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(parseCallback(Object.fromEntries(back.searchParams))).toMatchObject({ ok: true, state });

    const denied = await decide('deny');
    expect(parseCallback(Object.fromEntries(new URL(denied.headers.get('location')!).searchParams))).toEqual({
      ok: false,
      error: 'access_denied',
      state,
    });
  });

  test('an unregistered redirect URI or client is shown an error, never redirected to', async () => {
    const { pkce, state } = startConnection();
    const evil = authorizationUrl(fake.config, { redirectUri: 'https://evil.example/callback', state, codeChallenge: pkce.challenge });
    const response = await fetch(`${evil}&auto=1`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('redirect_uri_mismatch');

    const unknownClient = authorizationUrl(
      { ...fake.config, clientId: 'someone-else' },
      { redirectUri: REDIRECT, state, codeChallenge: pkce.challenge },
    );
    expect((await fetch(`${unknownClient}&auto=1`, { redirect: 'manual' })).status).toBe(400);
  });

  test('a request without an S256 challenge comes back with invalid_request', async () => {
    const { url } = startConnection();
    const plain = new URL(url);
    plain.searchParams.set('code_challenge_method', 'plain');
    expect((await approveAtOnce(plain.toString())).searchParams.get('error')).toBe('invalid_request');
    plain.searchParams.delete('code_challenge');
    plain.searchParams.delete('code_challenge_method');
    expect((await approveAtOnce(plain.toString())).searchParams.get('error')).toBe('invalid_request');
  });
});

describe('code exchange', () => {
  test('the right verifier gets an access token, a refresh token, the expiry and the granted scopes', async () => {
    const { tokens } = await connect();
    expect(tokens.accessToken).toEqual(expect.any(String));
    expect(tokens.refreshToken).toEqual(expect.any(String));
    expect(tokens.tokenType).toBe('Bearer');
    expect(tokens.expiresAt.getTime()).toBe(START + 3599 * 1000);
    expect(missingScopes(tokens, [GOOGLE_HEALTH_SCOPES.activity])).toEqual([]);
    expect(await api().dailySteps(tokens.accessToken, { from: '2026-11-20', to: '2026-11-20' })).toEqual([
      { day: '2026-11-20', steps: fake.stepsOn('2026-11-20') },
    ]);
  });

  test('a wrong verifier is refused', async () => {
    const { pkce, url } = startConnection();
    const callback = parseCallback(Object.fromEntries((await approveAtOnce(url)).searchParams));
    if (!callback.ok) throw new Error('not approved');
    const wrong = createPkcePair().verifier;
    expect(wrong).not.toBe(pkce.verifier);
    await expectGoogleError(
      exchangeCode(fake.config, { code: callback.code, redirectUri: REDIRECT, codeVerifier: wrong }),
      'grant_invalid',
      'invalid_grant',
    );
  });

  test('a missing verifier is refused', async () => {
    const { url } = startConnection();
    const callback = parseCallback(Object.fromEntries((await approveAtOnce(url)).searchParams));
    if (!callback.ok) throw new Error('not approved');
    await expectGoogleError(
      exchangeCode(fake.config, { code: callback.code, redirectUri: REDIRECT, codeVerifier: '' }),
      'grant_invalid',
      'invalid_grant',
    );
  });

  test('a code is single-use: the replay is refused and ends what the code issued', async () => {
    const { tokens, code, verifier } = await connect();
    await expectGoogleError(
      exchangeCode(fake.config, { code, redirectUri: REDIRECT, codeVerifier: verifier }),
      'grant_invalid',
      'invalid_grant',
    );
    await expectGoogleError(api().dailySteps(tokens.accessToken, lastWeek), 'grant_invalid', 'UNAUTHENTICATED');
    await expectGoogleError(refreshAccessToken(fake.config, tokens.refreshToken!), 'grant_invalid', 'invalid_grant');
  });

  test('a redirect URI other than the authorization request’s is refused', async () => {
    const { pkce, url } = startConnection();
    const callback = parseCallback(Object.fromEntries((await approveAtOnce(url)).searchParams));
    if (!callback.ok) throw new Error('not approved');
    const error = await expectGoogleError(
      exchangeCode(fake.config, { code: callback.code, redirectUri: 'http://127.0.0.1:8080/elsewhere', codeVerifier: pkce.verifier }),
      'failed',
      'redirect_uri_mismatch',
    );
    expect(error.status).toBe(400);
  });

  test('a code expires after ten minutes', async () => {
    const { pkce, url } = startConnection();
    const callback = parseCallback(Object.fromEntries((await approveAtOnce(url)).searchParams));
    if (!callback.ok) throw new Error('not approved');
    clock += 10 * MINUTE + 1;
    await expectGoogleError(
      exchangeCode(fake.config, { code: callback.code, redirectUri: REDIRECT, codeVerifier: pkce.verifier }),
      'grant_invalid',
      'invalid_grant',
    );
  });

  test('a wrong client secret is refused as invalid_client', async () => {
    const { pkce, url } = startConnection();
    const callback = parseCallback(Object.fromEntries((await approveAtOnce(url)).searchParams));
    if (!callback.ok) throw new Error('not approved');
    const error = await expectGoogleError(
      exchangeCode({ ...fake.config, clientSecret: 'guess' }, { code: callback.code, redirectUri: REDIRECT, codeVerifier: pkce.verifier }),
      'failed',
      'invalid_client',
    );
    expect(error.status).toBe(401);
  });
});

describe('refresh', () => {
  test('refreshed ahead of expiry; the refresh token rotates and the old one no longer works', async () => {
    const { tokens } = await connect();
    expect(needsRefresh(tokens, clock)).toBe(false);
    clock = tokens.expiresAt.getTime() - 4 * MINUTE;
    expect(needsRefresh(tokens, clock)).toBe(true);

    const refreshed = await refreshAccessToken(fake.config, tokens.refreshToken!, { now });
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).toEqual(expect.any(String));
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect(refreshed.expiresAt.getTime()).toBe(clock + 3599 * 1000);
    expect(refreshed.scopes).toEqual(tokens.scopes);

    // The first access token lapses at its expiry; the refreshed one works.
    clock = tokens.expiresAt.getTime() + 1;
    await expectGoogleError(api().dailySteps(tokens.accessToken, lastWeek), 'grant_invalid', 'UNAUTHENTICATED');
    expect(await api().dailySteps(refreshed.accessToken, lastWeek)).toHaveLength(7);

    // A rotated-out refresh token used again means a copy leaked: the whole grant ends.
    await expectGoogleError(refreshAccessToken(fake.config, tokens.refreshToken!), 'grant_invalid', 'invalid_grant');
    await expectGoogleError(refreshAccessToken(fake.config, refreshed.refreshToken!), 'grant_invalid', 'invalid_grant');
    await expectGoogleError(api().dailySteps(refreshed.accessToken, lastWeek), 'grant_invalid', 'UNAUTHENTICATED');
  });

  test('a refresh response without a refresh token keeps the one we have (Google’s usual answer)', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ access_token: 'ya29.new', expires_in: 3599, scope: GOOGLE_HEALTH_SCOPES.activity, token_type: 'Bearer' }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const tokenUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`;
      const refreshed = await refreshAccessToken({ ...fake.config, tokenUrl }, '1//kept');
      expect(refreshed).toMatchObject({ accessToken: 'ya29.new', refreshToken: '1//kept', scopes: [GOOGLE_HEALTH_SCOPES.activity] });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('revocation', () => {
  test('revoking the refresh token ends the grant: the API answers 401 → grant_invalid, refresh is refused', async () => {
    const { tokens } = await connect();
    expect(await api().dailySteps(tokens.accessToken, lastWeek)).toHaveLength(7);
    await revokeToken(fake.config, tokens.refreshToken!);
    const error = await expectGoogleError(api().dailySteps(tokens.accessToken, lastWeek), 'grant_invalid', 'UNAUTHENTICATED');
    expect(error.status).toBe(401);
    await expectGoogleError(refreshAccessToken(fake.config, tokens.refreshToken!), 'grant_invalid', 'invalid_grant');
    // Disconnecting twice (or after the member revoked at Google) is not an error.
    await expect(revokeToken(fake.config, tokens.refreshToken!)).resolves.toBeUndefined();
  });

  test('revoking the access token ends the grant too', async () => {
    const { tokens } = await connect();
    await revokeToken(fake.config, tokens.accessToken);
    await expectGoogleError(refreshAccessToken(fake.config, tokens.refreshToken!), 'grant_invalid', 'invalid_grant');
  });
});

describe('issue 24 #13: the revocation is client-authenticated (RFC 7009 §2.1)', () => {
  test('revokeToken sends the client credentials with HTTP Basic; the fake, like a conformant server, refuses without them', async () => {
    const { tokens } = await connect();
    // Wrong credentials: the server refuses (401 invalid_client) and the grant stays live.
    await expectGoogleError(
      revokeToken({ ...fake.config, clientSecret: 'not-the-secret' }, tokens.refreshToken!),
      'failed',
      'invalid_client',
    );
    expect(await api().dailySteps(tokens.accessToken, lastWeek)).toHaveLength(7);
    // No credentials at all, as before the fix: refused too.
    const bare = await fetch(fake.config.revokeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refreshToken! }),
    });
    expect(bare.status).toBe(401);
    expect(await bare.json()).toMatchObject({ error: 'invalid_client' });
    expect(await api().dailySteps(tokens.accessToken, lastWeek)).toHaveLength(7);

    // What revokeToken sends: Basic with the url-encoded id and secret (RFC 6749 §2.3.1), the token in the body.
    let seen: { authorization: string | undefined; body: string } | undefined;
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen = { authorization: request.headers.authorization, body };
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const revokeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/revoke`;
      await revokeToken({ revokeUrl, clientId: 'id:1', clientSecret: 's/é' }, 'tok');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(seen!.authorization).toBe(`Basic ${Buffer.from('id%3A1:s%2F%C3%A9').toString('base64')}`);
    expect(new URLSearchParams(seen!.body).get('token')).toBe('tok');
    expect(new URLSearchParams(seen!.body).get('client_secret')).toBeNull();

    // The right credentials end the grant.
    await revokeToken(fake.config, tokens.refreshToken!);
    await expectGoogleError(api().dailySteps(tokens.accessToken, lastWeek), 'grant_invalid');
  });
});

describe('sleep sessions (issue 29)', () => {
  const jst = (day: string, time: string) => new Date(`${day}T${time}+09:00`);

  test('a week of nights, oldest waking first, with stages for STAGES nights and none for CLASSIC ones', async () => {
    const { tokens } = await connect();
    const week = await api().sleepSessions(tokens.accessToken, { from: jst('2026-11-13', '12:00'), until: new Date(START) });
    const days = ['2026-11-14', '2026-11-15', '2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
    expect(week.map((session) => japanDayOf(session.endedAt))).toEqual(days);
    for (const [index, session] of week.entries()) {
      const point = fake.sleepOn(days[index]!)!;
      expect(session.id).toBe(point.name);
      expect(session.startedAt).toBe(point.sleep.interval.startTime);
      expect(session.endedAt).toBe(point.sleep.interval.endTime);
      expect(session.minutesAsleep).toBe(Number(point.sleep.summary.minutesAsleep));
      const minutes = (type: string) => Number(point.sleep.summary.stagesSummary.find((stage) => stage.type === type)?.minutes);
      expect(session.stages).toEqual(
        point.sleep.type === 'STAGES'
          ? { awake: minutes('AWAKE'), light: minutes('LIGHT'), deep: minutes('DEEP'), rem: minutes('REM') }
          : null,
      );
      if (session.stages) expect(session.stages.light + session.stages.deep + session.stages.rem).toBe(session.minutesAsleep);
    }
    expect(week.some((session) => session.stages !== null)).toBe(true);
  });

  test('only sessions starting in the range; more than one page is followed', async () => {
    const { tokens } = await connect();
    const evening = await api().sleepSessions(tokens.accessToken, { from: jst('2026-11-19', '12:00'), until: jst('2026-11-20', '12:00') });
    expect(evening.map((session) => session.id)).toEqual([fake.sleepOn('2026-11-20')!.name]);
    const twoMonths = await api().sleepSessions(tokens.accessToken, { from: jst('2026-09-20', '12:00'), until: new Date(START) });
    expect(twoMonths.length).toBeGreaterThan(SLEEP_PAGE_SIZE * 2);
    expect(new Set(twoMonths.map((session) => session.id)).size).toBe(twoMonths.length);
  });

  test('a grant without the sleep scope is refused with 403 (the sync then keeps to steps)', async () => {
    const { tokens } = await connect([GOOGLE_HEALTH_SCOPES.activity]);
    const error = await expectGoogleError(
      api().sleepSessions(tokens.accessToken, { from: jst('2026-11-19', '12:00'), until: new Date(START) }),
      'grant_invalid',
      'PERMISSION_DENIED',
    );
    expect(error.status).toBe(403);
  });

  test('sessions we cannot keep are left out; stages are summed from segments without a summary', () => {
    const interval = { startTime: '2026-11-19T14:00:00Z', endTime: '2026-11-19T21:00:00Z' };
    expect(toSleepSession({ sleep: { interval } })).toBeNull();
    expect(toSleepSession({ name: 'a', sleep: { interval: { startTime: interval.endTime, endTime: interval.startTime } } })).toBeNull();
    expect(toSleepSession({ name: 'a', sleep: { interval: { startTime: '2026-11-18T14:00:00Z', endTime: interval.endTime } } })).toBeNull();
    expect(toSleepSession({ name: 'a', sleep: { interval, type: 'CLASSIC' } })).toEqual({
      id: 'a',
      startedAt: '2026-11-19T14:00:00.000Z',
      endedAt: '2026-11-19T21:00:00.000Z',
      minutesAsleep: 420,
      stages: null,
    });
    const staged = toSleepSession({
      name: 'b',
      sleep: {
        interval,
        type: 'STAGES',
        stages: [
          { startTime: '2026-11-19T14:00:00Z', endTime: '2026-11-19T14:20:00Z', type: 'AWAKE' },
          { startTime: '2026-11-19T14:20:00Z', endTime: '2026-11-19T18:00:00Z', type: 'LIGHT' },
          { startTime: '2026-11-19T18:00:00Z', endTime: '2026-11-19T19:30:00Z', type: 'DEEP' },
          { startTime: '2026-11-19T19:30:00Z', endTime: '2026-11-19T21:00:00Z', type: 'REM' },
        ],
      },
    });
    expect(staged).toMatchObject({ minutesAsleep: 400, stages: { awake: 20, light: 220, deep: 90, rem: 90 } });
  });
});

const japanDayOf = (iso: string) => new Date(Date.parse(iso) + 9 * 60 * MINUTE).toISOString().slice(0, 10);

describe('daily steps', () => {
  test('a week of daily totals, oldest first, the same numbers on every call', async () => {
    const { tokens } = await connect();
    const week = await api().dailySteps(tokens.accessToken, lastWeek);
    expect(week.map((entry) => entry.day)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    for (const { day, steps } of week) {
      expect(steps).toBe(fake.stepsOn(day));
      expect(steps).toBeGreaterThanOrEqual(4500);
      expect(steps).toBeLessThan(20000);
    }
    expect(await api().dailySteps(tokens.accessToken, lastWeek)).toEqual(week);
  });

  test('days without data (before the history, after today) are left out rather than zero', async () => {
    const { tokens } = await connect();
    const around = await api().dailySteps(tokens.accessToken, { from: '2026-11-19', to: '2026-11-25' });
    expect(around.map((entry) => entry.day)).toEqual(['2026-11-19', '2026-11-20']);
    const oldest = new Date(START + 9 * 60 * MINUTE - 199 * DAY).toISOString().slice(0, 10);
    const beforeHistory = new Date(Date.parse(oldest) - 2 * DAY).toISOString().slice(0, 10);
    const edge = await api().dailySteps(tokens.accessToken, { from: beforeHistory, to: oldest });
    expect(edge.map((entry) => entry.day)).toEqual([oldest]);
  });

  test('a range beyond 90 days is split into requests the API accepts; pages are followed', async () => {
    const paged = await startFakeGoogleHealthServer({ now, historyDays: 200, maxPageSize: 7 });
    try {
      const { pkce, state } = startConnection();
      const url = authorizationUrl(paged.config, { redirectUri: REDIRECT, state, codeChallenge: pkce.challenge });
      const callback = parseCallback(Object.fromEntries((await approveAtOnce(url)).searchParams));
      if (!callback.ok) throw new Error('not approved');
      const tokens = await exchangeCode(paged.config, { code: callback.code, redirectUri: REDIRECT, codeVerifier: pkce.verifier }, { now });
      const range = { from: '2026-06-01', to: '2026-11-20' }; // 173 days
      const days = await createGoogleHealthClient(paged.config).dailySteps(tokens.accessToken, range);
      expect(days).toHaveLength(173);
      expect(days[0]).toEqual({ day: '2026-06-01', steps: paged.stepsOn('2026-06-01') });
      expect(days.at(-1)).toEqual({ day: '2026-11-20', steps: paged.stepsOn('2026-11-20') });
      expect(new Set(days.map((entry) => entry.day)).size).toBe(173);
    } finally {
      await paged.close();
    }
  });

  test('a grant without the activity scope is refused as grant_invalid (the member reconnects and allows steps)', async () => {
    const { tokens } = await connect([GOOGLE_HEALTH_SCOPES.measurements]);
    expect(missingScopes(tokens, [GOOGLE_HEALTH_SCOPES.activity])).toEqual([GOOGLE_HEALTH_SCOPES.activity]);
    const error = await expectGoogleError(api().dailySteps(tokens.accessToken, lastWeek), 'grant_invalid', 'PERMISSION_DENIED');
    expect(error.status).toBe(403);
  });

  test('a malformed range is refused before any request', async () => {
    await expect(api().dailySteps('token', { from: '2026-02-30', to: '2026-03-01' })).rejects.toThrow(RangeError);
    await expect(api().dailySteps('token', { from: '2026-03-02', to: '2026-03-01' })).rejects.toThrow(RangeError);
  });

  test('429 and 5xx are retryable (with Retry-After), an unreachable API too; other refusals are failures', async () => {
    let status = 503;
    const server = http.createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json', 'retry-after': '30' });
      response.end(
        JSON.stringify({ error: { code: status, message: 'busy', status: status === 429 ? 'RESOURCE_EXHAUSTED' : 'UNAVAILABLE' } }),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const busy = createGoogleHealthClient({ apiUrl: `http://127.0.0.1:${port}` });
      const unavailable = await expectGoogleError(busy.dailySteps('token', lastWeek), 'retryable', 'UNAVAILABLE');
      expect(unavailable.details.retryAfterSeconds).toBe(30);
      status = 429;
      await expectGoogleError(busy.dailySteps('token', lastWeek), 'retryable', 'RESOURCE_EXHAUSTED');
      status = 400;
      await expectGoogleError(busy.dailySteps('token', lastWeek), 'failed');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    await expectGoogleError(createGoogleHealthClient({ apiUrl: `http://127.0.0.1:${port}` }).dailySteps('token', lastWeek), 'retryable');
    await expectGoogleError(
      revokeToken({ revokeUrl: `http://127.0.0.1:${port}/revoke`, clientId: 'id', clientSecret: 'secret' }, 'token'),
      'retryable',
    );
  });
});
