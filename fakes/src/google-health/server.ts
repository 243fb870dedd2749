import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply } from 'fastify';
import {
  basicCredentials,
  escapeHtml,
  fakeGrantStore,
  hiddenFields,
  isS256Challenge,
  newToken,
  redirectAllowed,
  redirectWith,
  sameText,
} from '../oauth';
import { type GoogleHealthConfig, GOOGLE_HEALTH_SCOPES } from '@sukoyaka/bff/src/integrations/google-health/config';

/**
 * A local stand-in for Google's OAuth 2.0 server and the Google Health API, speaking the same
 * protocol as oauth.ts and client.ts (see there), so a newcomer can connect the demo member's
 * "Fitbit" and see steps arrive without a Google account:
 *
 * - GET  /o/oauth2/v2/auth: a consent page for the configured fake user with 「許可する」 and
 *   「キャンセル」, posting to /o/oauth2/v2/auth/decision; `&auto=1` (or the `autoApprove`
 *   option) approves at once, for tests and e2e.
 * - POST /token: authorization_code (client secret, exact redirect URI, PKCE S256 verifier,
 *   single-use codes valid ten minutes; a reused code also ends what it issued, per RFC 6749
 *   §4.1.2) and refresh_token (rotated on every use; a rotated-out token used again ends the grant).
 * - POST /revoke: revoking either token of a grant ends the grant, as at Google; the client must
 *   authenticate (HTTP Basic or in the body), as RFC 7009 §2.1 lets a server require.
 * - POST /v4/users/me/dataTypes/steps/dataPoints:dailyRollUp: daily step totals for the last
 *   `historyDays` days, the same numbers for the same user and day on every run.
 * - GET /v4/users/me/dataTypes/sleep/dataPoints: one night's sleep session per day of the history
 *   (waking that day), filtered on `sleep.interval.start_time` (>= and <, RFC 3339), 25 a page at
 *   most; most nights STAGES with a stages summary, every fifth CLASSIC. Needs the sleep scope.
 */

export interface FakeGoogleUser {
  id: string;
  email: string;
  name: string;
}

export interface FakeGoogleHealthOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  user?: FakeGoogleUser;
  /** Approve every authorization request without showing the page. */
  autoApprove?: boolean;
  /** Redirect URIs registered for the client; by default any http(s) address on localhost/127.0.0.1. */
  redirectUris?: string[];
  /** How many days back (today included) the user has steps. */
  historyDays?: number;
  accessTokenTtlSeconds?: number;
  codeTtlSeconds?: number;
  /** The fake's clock (tests move it to expire codes and tokens). */
  now?: () => number;
  /** The user's time zone offset, which decides "today": Japan by default. */
  utcOffsetMinutes?: number;
  /** Caps rollup pages below the requested pageSize (Google's cap is 10000), to exercise paging. */
  maxPageSize?: number;
}

export interface RunningFakeGoogleHealth {
  url: string;
  /** A complete configuration pointing at this fake. */
  config: GoogleHealthConfig;
  user: FakeGoogleUser;
  /** The steps the fake reports for a day (yyyy-MM-dd), or null when the user has none that day. */
  stepsOn(day: string): number | null;
  /** The sleep session the fake reports waking on a day (yyyy-MM-dd, the user's), or null. */
  sleepOn(day: string): FakeSleepPoint | null;
  close(): Promise<void>;
}

/** A sleep data point as the fake sends it (client.ts describes the shape). */
export interface FakeSleepPoint {
  name: string;
  sleep: {
    interval: { startTime: string; startUtcOffset: string; endTime: string; endUtcOffset: string };
    type: 'STAGES' | 'CLASSIC';
    summary: {
      minutesAsleep: string;
      minutesAwake: string;
      minutesInSleepPeriod: string;
      stagesSummary: Array<{ type: string; minutes: string; count: string }>;
    };
  };
}

interface Grant {
  id: string;
  clientId: string;
  scopes: string[];
  revoked: boolean;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const SCOPE_LABELS: Record<string, string> = {
  [GOOGLE_HEALTH_SCOPES.activity]: '歩数・距離・運動などのアクティビティ データの参照',
  [GOOGLE_HEALTH_SCOPES.measurements]: '体重・心拍数などの健康指標と測定値の参照',
  [GOOGLE_HEALTH_SCOPES.sleep]: '睡眠時間と睡眠段階の参照',
};

export async function startFakeGoogleHealthServer(options: FakeGoogleHealthOptions = {}): Promise<RunningFakeGoogleHealth> {
  const clientId = options.clientId ?? 'fake-client-id.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const user = options.user ?? { id: '1000000001', email: 'demo.fitbit@example.com', name: 'すこやか 太郎' };
  const now = options.now ?? Date.now;
  const historyDays = options.historyDays ?? 90;
  const accessTtlMs = (options.accessTokenTtlSeconds ?? 3599) * 1000;
  const codeTtlMs = (options.codeTtlSeconds ?? 600) * 1000;
  const offsetMs = (options.utcOffsetMinutes ?? 9 * 60) * 60 * 1000;

  const store = fakeGrantStore<Grant>({
    now,
    codeTtlMs,
    accessTtlMs,
    prefixes: { code: '4/fake-', access: 'ya29.fake-', refresh: '1//fake-' },
  });

  const today = () => new Date(now() + offsetMs).toISOString().slice(0, 10);
  function stepsOn(day: string): number | null {
    const time = Date.parse(`${day}T00:00:00Z`);
    const todayTime = Date.parse(`${today()}T00:00:00Z`);
    if (Number.isNaN(time) || time > todayTime || time <= todayTime - historyDays * DAY_MS) return null;
    // Deterministic per user and day: a weekday around 8,000 steps, weekends lower, the odd long walk.
    const hash = createHash('sha256').update(`${user.id}|${day}`).digest();
    const weekend = [0, 6].includes(new Date(time).getUTCDay());
    const base = weekend ? 4500 : 7000;
    return base + (hash.readUInt32BE(0) % 5000) + (hash[4]! % 10 === 0 ? 6000 : 0);
  }

  /**
   * The night waking on `day` (the user's day): bed between 22:30 and 00:00, waking between 06:00
   * and 07:30; four in five nights with stages (awake, light, deep, REM), the fifth classic.
   */
  function sleepOn(day: string): FakeSleepPoint | null {
    if (stepsOn(day) === null) return null;
    const hash = createHash('sha256').update(`${user.id}|sleep|${day}`).digest();
    const wakeDayStart = Date.parse(`${day}T00:00:00Z`) - offsetMs;
    const start = wakeDayStart - 90 * 60_000 + (hash.readUInt16BE(0) % 90) * 60_000;
    const end = wakeDayStart + 6 * 3_600_000 + (hash.readUInt16BE(2) % 90) * 60_000;
    const period = Math.round((end - start) / 60_000);
    const awake = 10 + (hash[4]! % 30);
    const classic = hash[5]! % 5 === 0;
    const deep = Math.round(period * (0.13 + (hash[6]! % 8) / 100));
    const rem = Math.round(period * (0.18 + (hash[7]! % 8) / 100));
    const light = period - awake - deep - rem;
    const offset = `${offsetMs / 1000}s`;
    const stagesSummary = classic
      ? [
          { type: 'AWAKE', minutes: String(awake), count: '3' },
          { type: 'ASLEEP', minutes: String(period - awake), count: '4' },
        ]
      : [
          { type: 'AWAKE', minutes: String(awake), count: '5' },
          { type: 'LIGHT', minutes: String(light), count: '12' },
          { type: 'DEEP', minutes: String(deep), count: '4' },
          { type: 'REM', minutes: String(rem), count: '5' },
        ];
    return {
      name: `users/${user.id}/dataTypes/sleep/dataPoints/${hash.subarray(8, 16).toString('hex')}`,
      sleep: {
        interval: {
          startTime: new Date(start).toISOString(),
          startUtcOffset: offset,
          endTime: new Date(end).toISOString(),
          endUtcOffset: offset,
        },
        type: classic ? 'CLASSIC' : 'STAGES',
        summary: {
          minutesAsleep: String(period - awake),
          minutesAwake: String(awake),
          minutesInSleepPeriod: String(period),
          stagesSummary,
        },
      },
    };
  }

  const tokenError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });

  const apiError = (reply: FastifyReply, code: number, status: string, message: string) =>
    reply.status(code).send({ error: { code, message, status } });

  const app = Fastify({ logger: false });
  await app.register(formbody);

  type AuthParams = Record<string, string | undefined>;

  /** Checks an authorization request; errors about the client or redirect URI must not redirect (RFC 6749 §4.1.2.1). */
  function checkAuthorization(
    params: AuthParams,
  ): { page: string } | { redirect: string } | { ok: true; redirectUri: string; scopes: string[] } {
    if (params.client_id !== clientId) return { page: 'このアプリ（client_id）は登録されていません。' };
    const redirectUri = params.redirect_uri ?? '';
    if (!redirectAllowed(redirectUri, options.redirectUris))
      return { page: 'リダイレクト URI が登録されていません（redirect_uri_mismatch）。' };
    const back = (error: string) => ({ redirect: redirectWith(redirectUri, { error, state: params.state }) });
    if (params.response_type !== 'code') return back('unsupported_response_type');
    // Google also accepts the plain method; this fake insists on S256, the only one we send.
    if (!isS256Challenge(params.code_challenge, params.code_challenge_method)) return back('invalid_request');
    const scopes = (params.scope ?? '').split(' ').filter(Boolean);
    if (scopes.length === 0 || scopes.some((scope) => !scope.startsWith('https://www.googleapis.com/auth/googlehealth.')))
      return back('invalid_scope');
    return { ok: true, redirectUri, scopes };
  }

  function approve(params: AuthParams, redirectUri: string, scopes: string[]): string {
    const grant: Grant = { id: newToken(''), clientId, scopes, revoked: false };
    const code = store.issueCode({ grant, redirectUri, codeChallenge: params.code_challenge! });
    return redirectWith(redirectUri, { code, state: params.state, scope: scopes.join(' ') });
  }

  app.get('/o/oauth2/v2/auth', async (request, reply) => {
    const params = request.query as AuthParams;
    const checked = checkAuthorization(params);
    if ('page' in checked)
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(page('エラー', `<p>${escapeHtml(checked.page)}</p>`));
    if ('redirect' in checked) return reply.redirect(checked.redirect, 302);
    if (options.autoApprove || params.auto === '1') return reply.redirect(approve(params, checked.redirectUri, checked.scopes), 302);
    const hidden = hiddenFields(params);
    const scopeList = checked.scopes.map((scope) => `<li>${escapeHtml(SCOPE_LABELS[scope] ?? scope)}</li>`).join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          'アクセスの許可',
          `<p>${escapeHtml(user.name)}（${escapeHtml(user.email)}）としてログインしています。</p>` +
            `<p>「すこやか」が Google アカウントの次のデータへのアクセスを求めています。</p><ul>${scopeList}</ul>` +
            `<form method="post" action="/o/oauth2/v2/auth/decision">${hidden}` +
            `<button type="submit" name="decision" value="allow">許可する</button> ` +
            `<button type="submit" name="decision" value="deny">キャンセル</button></form>` +
            `<p><small>これは開発用の模擬サーバーです（Google ではありません）。</small></p>`,
        ),
      );
  });

  app.post('/o/oauth2/v2/auth/decision', async (request, reply) => {
    const params = (request.body ?? {}) as AuthParams;
    const checked = checkAuthorization(params);
    if ('page' in checked)
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(page('エラー', `<p>${escapeHtml(checked.page)}</p>`));
    if ('redirect' in checked) return reply.redirect(checked.redirect, 303);
    if (params.decision !== 'allow')
      return reply.redirect(redirectWith(checked.redirectUri, { error: 'access_denied', state: params.state }), 303);
    return reply.redirect(approve(params, checked.redirectUri, checked.scopes), 303);
  });

  /** The authenticated client's id: in the body or HTTP Basic, as RFC 6749 §2.3.1 allows; null when it does not authenticate. */
  const authenticatedClient = (authorization: string | undefined, body: Record<string, string | undefined>): string | null => {
    const basic = basicCredentials(authorization);
    const id = basic ? basic.id : body.client_id;
    const secret = basic ? basic.secret : body.client_secret;
    return id === clientId && secret && sameText(secret, clientSecret) ? id : null;
  };

  app.post('/token', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const id = authenticatedClient(request.headers.authorization, body);
    if (!id) return tokenError(reply, 401, 'invalid_client', 'Unauthorized');

    if (body.grant_type === 'authorization_code') {
      const taken = store.takeCode(body.code);
      if ('problem' in taken)
        return tokenError(reply, 400, 'invalid_grant', taken.problem === 'unknown' ? 'Malformed auth code.' : 'Code was already redeemed.');
      const { code } = taken;
      const problem = store.codeProblem(code, body.redirect_uri, body.code_verifier);
      if (problem === 'expired') return tokenError(reply, 400, 'invalid_grant', 'Code has expired.');
      if (problem === 'redirect') return tokenError(reply, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (problem === 'verifier') return tokenError(reply, 400, 'invalid_grant', 'Invalid code verifier.');
      const { accessToken, refreshToken } = store.redeem(code);
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        expires_in: accessTtlMs / 1000,
        refresh_token: refreshToken,
        scope: code.grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    }

    if (body.grant_type === 'refresh_token') {
      // Google says the same whether the token is unknown or replayed (which ended the grant).
      const taken = store.takeRefreshToken(body.refresh_token, (grant) => grant.clientId === id);
      if ('problem' in taken) return tokenError(reply, 400, 'invalid_grant', 'Token has been expired or revoked.');
      const { token } = taken;
      const { accessToken, refreshToken } = store.issueTokens(token.grant);
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        expires_in: accessTtlMs / 1000,
        refresh_token: refreshToken,
        scope: token.grant.scopes.join(' '),
        token_type: 'Bearer',
      });
    }
    return tokenError(reply, 400, 'unsupported_grant_type', `Invalid grant_type: ${body.grant_type ?? ''}`);
  });

  app.post('/revoke', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    if (!authenticatedClient(request.headers.authorization, body)) return tokenError(reply, 401, 'invalid_client', 'Unauthorized');
    const token = body.token ?? (request.query as Record<string, string | undefined>).token;
    const found = token ? (store.refreshTokens.get(token) ?? store.accessTokens.get(token)) : undefined;
    if (!found || found.grant.revoked)
      return reply.status(400).send({ error: 'invalid_token', error_description: 'Token expired or revoked' });
    found.grant.revoked = true;
    return reply.send({});
  });

  // `::` is find-my-way's escape for a literal colon (the custom method `:dailyRollUp`).
  app.post('/v4/users/:user/dataTypes/:dataType/dataPoints::dailyRollUp', async (request, reply) => {
    const token = store.bearer(request.headers.authorization);
    if (!token) {
      return apiError(
        reply,
        401,
        'UNAUTHENTICATED',
        'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
      );
    }
    if (!token.grant.scopes.includes(GOOGLE_HEALTH_SCOPES.activity))
      return apiError(reply, 403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
    const { user: who, dataType } = request.params as { user: string; dataType: string };
    if (who !== 'me' && who !== user.id) return apiError(reply, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
    if (dataType !== 'steps') return apiError(reply, 400, 'INVALID_ARGUMENT', `This fake rolls up only steps, not ${dataType}.`);

    const body = (request.body ?? {}) as {
      range?: {
        start?: { date?: Partial<Record<'year' | 'month' | 'day', number>> };
        end?: { date?: Partial<Record<'year' | 'month' | 'day', number>> };
      };
      windowSizeDays?: number;
      pageSize?: number;
      pageToken?: string;
    };
    const dayOf = (date: Partial<Record<'year' | 'month' | 'day', number>> | undefined) => {
      if (!date || !Number.isInteger(date.year) || !Number.isInteger(date.month) || !Number.isInteger(date.day)) return NaN;
      const time = Date.UTC(date.year!, date.month! - 1, date.day!);
      const back = new Date(time);
      return back.getUTCFullYear() === date.year && back.getUTCMonth() + 1 === date.month && back.getUTCDate() === date.day ? time : NaN;
    };
    const start = dayOf(body.range?.start?.date);
    const end = dayOf(body.range?.end?.date);
    if (Number.isNaN(start) || Number.isNaN(end))
      return apiError(reply, 400, 'INVALID_ARGUMENT', 'range.start.date and range.end.date are required.');
    if (end <= start) return apiError(reply, 400, 'INVALID_ARGUMENT', 'range.end must be after range.start.');
    if (end - start > 90 * DAY_MS) return apiError(reply, 400, 'INVALID_ARGUMENT', 'The maximum range for steps is 90 days.');
    if ((body.windowSizeDays ?? 1) !== 1) return apiError(reply, 400, 'INVALID_ARGUMENT', 'This fake supports windowSizeDays 1 only.');

    const points = [];
    for (let time = start; time < end; time += DAY_MS) {
      const day = new Date(time).toISOString().slice(0, 10);
      const steps = stepsOn(day);
      if (steps === null) continue;
      const date = (t: number) => ({
        year: new Date(t).getUTCFullYear(),
        month: new Date(t).getUTCMonth() + 1,
        day: new Date(t).getUTCDate(),
      });
      points.push({
        civilStartTime: { date: date(time), time: {} },
        civilEndTime: { date: date(time + DAY_MS), time: {} },
        steps: { countSum: String(steps) },
      });
    }
    const pageSize = Math.min(Math.max(body.pageSize || 1440, 1), options.maxPageSize ?? 10000);
    const offset = body.pageToken ? Number(Buffer.from(body.pageToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isSafeInteger(offset) || offset < 0) return apiError(reply, 400, 'INVALID_ARGUMENT', 'Invalid page token.');
    const next = offset + pageSize;
    return reply.send({
      rollupDataPoints: points.slice(offset, next),
      ...(next < points.length ? { nextPageToken: Buffer.from(String(next), 'utf8').toString('base64url') } : {}),
    });
  });

  app.get('/v4/users/:user/dataTypes/:dataType/dataPoints', async (request, reply) => {
    const token = store.bearer(request.headers.authorization);
    if (!token) return apiError(reply, 401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.');
    const { user: who, dataType } = request.params as { user: string; dataType: string };
    if (dataType !== 'sleep') return apiError(reply, 400, 'INVALID_ARGUMENT', `This fake lists only sleep, not ${dataType}.`);
    if (!token.grant.scopes.includes(GOOGLE_HEALTH_SCOPES.sleep))
      return apiError(reply, 403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
    if (who !== 'me' && who !== user.id) return apiError(reply, 403, 'PERMISSION_DENIED', 'The caller does not have permission');
    const query = request.query as { pageSize?: string; pageToken?: string; filter?: string };
    // Only what client.ts sends: both bounds of the start time, joined by AND.
    const bound = (operator: string) => {
      const match = new RegExp(`sleep\\.interval\\.start_time ${operator} "([^"]+)"`).exec(query.filter ?? '');
      return match ? Date.parse(match[1]!) : NaN;
    };
    const from = bound('>=');
    const until = bound('<');
    if (Number.isNaN(from) || Number.isNaN(until) || until <= from)
      return apiError(reply, 400, 'INVALID_ARGUMENT', 'filter must bound sleep.interval.start_time with >= and <.');
    const points: FakeSleepPoint[] = [];
    // Each day the session may wake on: from the day of `from` to the day after `until`.
    for (let time = from - DAY_MS; time <= until + DAY_MS; time += DAY_MS) {
      const point = sleepOn(new Date(time + offsetMs).toISOString().slice(0, 10));
      const start = point ? Date.parse(point.sleep.interval.startTime) : NaN;
      if (point && start >= from && start < until && !points.some((known) => known.name === point.name)) points.push(point);
    }
    const pageSize = Math.min(Math.max(Number(query.pageSize) || 25, 1), 25);
    const offset = query.pageToken ? Number(Buffer.from(query.pageToken, 'base64url').toString('utf8')) : 0;
    if (!Number.isSafeInteger(offset) || offset < 0) return apiError(reply, 400, 'INVALID_ARGUMENT', 'Invalid page token.');
    const next = offset + pageSize;
    return reply.send({
      dataPoints: points.slice(offset, next),
      ...(next < points.length ? { nextPageToken: Buffer.from(String(next), 'utf8').toString('base64url') } : {}),
    });
  });

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;
  return {
    url,
    config: {
      authorizeUrl: `${url}/o/oauth2/v2/auth`,
      tokenUrl: `${url}/token`,
      revokeUrl: `${url}/revoke`,
      apiUrl: url,
      clientId,
      clientSecret,
      scopes: [GOOGLE_HEALTH_SCOPES.activity, GOOGLE_HEALTH_SCOPES.measurements, GOOGLE_HEALTH_SCOPES.sleep],
    },
    user,
    stepsOn,
    sleepOn,
    close: () => app.close(),
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}（開発用 Google 模擬サーバー）</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
