import type { GoogleHealthConfig } from './config';
import { GoogleHealthError, retryAfterSeconds, unreachable } from './errors';

/**
 * The Google Health API (v4) as the Fitbit connection reads it: daily step totals from the
 * `steps` data type's daily rollup, which Google computes in the member's own civil days.
 *
 *   POST {apiUrl}/v4/users/me/dataTypes/steps/dataPoints:dailyRollUp
 *   Authorization: Bearer {access token}
 *   { "range": { "start": { "date": { "year", "month", "day" } }, "end": { "date": … } },
 *     "windowSizeDays": 1, "pageSize": n, "pageToken"? }
 *   200 { "rollupDataPoints": [ { "civilStartTime": { "date": … }, "civilEndTime": …,
 *                                 "steps": { "countSum": "8123" } } ], "nextPageToken"? }
 *   4xx/5xx { "error": { "code", "message", "status": "UNAUTHENTICATED" | … } }
 *
 * The range is closed-open and at most 90 days per request (longer ranges are split). countSum
 * is an int64, hence a JSON string. Assumptions where the reference is silent: the order of
 * rollupDataPoints (we sort by day), and a day without data being either absent or without a
 * `steps` value (both are left out of the result: no data is not zero steps).
 */

export interface DailySteps {
  /** The member's civil day, yyyy-MM-dd. */
  day: string;
  steps: number;
}

export interface GoogleHealthClient {
  /** Step totals per day for the inclusive range [from, to] (yyyy-MM-dd), oldest first. */
  dailySteps(accessToken: string, range: { from: string; to: string }): Promise<DailySteps[]>;
}

const MAX_RANGE_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

interface GoogleDate {
  year: number;
  month: number;
  day: number;
}

function parseDay(day: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : NaN;
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day) throw new RangeError(`not a yyyy-MM-dd day: ${day}`);
  return time;
}

const toGoogleDate = (time: number): GoogleDate => {
  const date = new Date(time);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};

const fromGoogleDate = (date: GoogleDate) =>
  `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;

interface RollupResponse {
  rollupDataPoints?: Array<{ civilStartTime?: { date?: GoogleDate }; steps?: { countSum?: string | number } }>;
  nextPageToken?: string;
}

export function createGoogleHealthClient(
  config: Pick<GoogleHealthConfig, 'apiUrl'>,
  options: { timeoutMs?: number } = {},
): GoogleHealthClient {
  // Resolved under the configured root, keeping any path prefix it has.
  const root = config.apiUrl.endsWith('/') ? config.apiUrl : `${config.apiUrl}/`;
  const endpoint = new URL('v4/users/me/dataTypes/steps/dataPoints:dailyRollUp', root).toString();

  async function rollupPage(accessToken: string, body: object): Promise<RollupResponse> {
    let response: Response;
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw unreachable('Google Health API', error);
    }
    const payload = (await response.json().catch(() => ({}))) as RollupResponse & { error?: { message?: string; status?: string } };
    if (response.ok) return payload;
    const code = payload.error?.status;
    const details = { status: response.status, code, retryAfterSeconds: retryAfterSeconds(response) };
    const message = `Google Health API refused the steps rollup (${response.status} ${code ?? ''}): ${payload.error?.message ?? ''}`;
    // 401: the access token is expired or the grant revoked. 403: a scope we need was not
    // granted. Either way the member has to connect again, and should be told so.
    if (response.status === 401 || response.status === 403) throw new GoogleHealthError('grant_invalid', message, details);
    if (response.status === 429 || response.status >= 500) throw new GoogleHealthError('retryable', message, details);
    throw new GoogleHealthError('failed', message, details);
  }

  return {
    async dailySteps(accessToken, { from, to }) {
      const first = parseDay(from);
      const last = parseDay(to);
      if (last < first) throw new RangeError(`the range ends (${to}) before it starts (${from})`);
      const byDay = new Map<string, number>();
      for (let start = first; start <= last; start += MAX_RANGE_DAYS * DAY_MS) {
        const end = Math.min(start + MAX_RANGE_DAYS * DAY_MS, last + DAY_MS);
        const days = Math.round((end - start) / DAY_MS);
        let pageToken: string | undefined;
        do {
          const page = await rollupPage(accessToken, {
            range: { start: { date: toGoogleDate(start) }, end: { date: toGoogleDate(end) } },
            windowSizeDays: 1,
            pageSize: days,
            ...(pageToken ? { pageToken } : {}),
          });
          for (const point of page.rollupDataPoints ?? []) {
            const date = point.civilStartTime?.date;
            const count = point.steps?.countSum;
            if (!date || count === undefined) continue;
            const steps = Number(count);
            if (!Number.isSafeInteger(steps) || steps < 0) continue;
            byDay.set(fromGoogleDate(date), steps);
          }
          pageToken = page.nextPageToken || undefined;
        } while (pageToken);
      }
      return [...byDay]
        .filter(([day]) => day >= from && day <= to)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([day, steps]) => ({ day, steps }));
    },
  };
}
