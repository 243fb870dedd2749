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
 *
 * Sleep sessions (issue 29) from the `sleep` data type's list, in the same protocol family:
 *
 *   GET {apiUrl}/v4/users/me/dataTypes/sleep/dataPoints?pageSize=25&pageToken=…
 *       &filter=sleep.interval.start_time >= "2026-11-19T03:00:00Z" AND sleep.interval.start_time < "…"
 *   Authorization: Bearer {access token} (scope googlehealth.sleep.readonly)
 *   200 { "dataPoints": [ { "name": "users/me/dataTypes/sleep/dataPoints/…",
 *           "sleep": { "interval": { "startTime", "startUtcOffset", "endTime", "endUtcOffset" },
 *                      "type": "STAGES" | "CLASSIC",
 *                      "stages": [ { "startTime", "endTime", "type": "LIGHT" | … } ],
 *                      "summary": { "minutesAsleep": "412", "minutesAwake": "38", "minutesInSleepPeriod",
 *                                   "stagesSummary": [ { "type": "DEEP", "minutes": "81", "count": "4" } ] } } } ],
 *       "nextPageToken"? }
 *
 * Sources: the REST reference of users.dataTypes.dataPoints.list (developers.google.com/health/
 * reference/rest/v4/users.dataTypes.dataPoints/list: the GET, `filter` on
 * `{data_type}.interval.start_time` with >= and < and RFC 3339 literals, "for exercise and sleep
 * … the maximum page size is 25"), the Sleep, SleepSummary and StageSummary schemas of the
 * generated v4 clients (googleapis health_v4: `interval`, `type` CLASSIC | STAGES, `stages`,
 * `summary.minutesAsleep` "for stages sleep the sum of LIGHT, REM and DEEP", `stagesSummary` with
 * `type` and `minutes`), and the scope list (developers.google.com/health/scopes). Assumptions
 * where the reference is silent or we could not read it: the interval's field names
 * (`startTime`/`endTime`, as the SleepStage message has them), the scope's name
 * (`googlehealth.sleep.readonly`, cut off in the table we read), int64 minutes as JSON strings (as
 * for countSum), and the order of the points (we sort by wake time). Stages are kept only for a
 * STAGES session (CLASSIC has AWAKE/RESTLESS/ASLEEP, not our four); from `stagesSummary`, or
 * summed from `stages` when the summary is absent. A session without an interval, ending before
 * it starts or longer than 24 hours is left out.
 */

export interface DailySteps {
  /** The member's civil day, yyyy-MM-dd. */
  day: string;
  steps: number;
}

/** One sleep session as the client returns it. */
export interface SleepSession {
  /** The data point's name: the session's identity across reads. */
  id: string;
  /** Bedtime and waking, ISO 8601 instants. */
  startedAt: string;
  endedAt: string;
  minutesAsleep: number;
  /** Minutes per stage for a STAGES session; null for a CLASSIC one. */
  stages: { awake: number; light: number; deep: number; rem: number } | null;
}

export interface GoogleHealthClient {
  /** Step totals per day for the inclusive range [from, to] (yyyy-MM-dd), oldest first. */
  dailySteps(accessToken: string, range: { from: string; to: string }): Promise<DailySteps[]>;
  /** Sleep sessions starting in [from, until), oldest waking first. */
  sleepSessions(accessToken: string, range: { from: Date; until: Date }): Promise<SleepSession[]>;
}

/** The sleep list's largest page (the reference: 25 for exercise and sleep). */
export const SLEEP_PAGE_SIZE = 25;
const MAX_SLEEP_MINUTES = 24 * 60;

type Minutes = string | number | undefined;
interface SleepPoint {
  name?: string;
  sleep?: {
    interval?: { startTime?: string; endTime?: string };
    type?: string;
    stages?: Array<{ startTime?: string; endTime?: string; type?: string }>;
    summary?: { minutesAsleep?: Minutes; stagesSummary?: Array<{ type?: string; minutes?: Minutes }> };
  };
}
interface SleepListResponse {
  dataPoints?: SleepPoint[];
  nextPageToken?: string;
}

const STAGE_KEYS = { AWAKE: 'awake', LIGHT: 'light', DEEP: 'deep', REM: 'rem' } as const;

function minutesOf(value: Minutes): number | null {
  if (value === undefined) return null;
  const minutes = Number(value);
  return Number.isFinite(minutes) && minutes >= 0 ? Math.min(Math.round(minutes), MAX_SLEEP_MINUTES) : null;
}

/** A data point as a session, or null when it is not one we can keep (see the header). */
export function toSleepSession(point: SleepPoint): SleepSession | null {
  const sleep = point.sleep;
  const start = Date.parse(sleep?.interval?.startTime ?? '');
  const end = Date.parse(sleep?.interval?.endTime ?? '');
  if (!point.name || !sleep || Number.isNaN(start) || Number.isNaN(end) || end <= start || end - start > MAX_SLEEP_MINUTES * 60_000)
    return null;
  let stages: SleepSession['stages'] = null;
  if (sleep.type === 'STAGES') {
    const sums = { awake: 0, light: 0, deep: 0, rem: 0 };
    if (sleep.summary?.stagesSummary) {
      for (const stage of sleep.summary.stagesSummary) {
        const key = STAGE_KEYS[stage.type as keyof typeof STAGE_KEYS];
        if (key) sums[key] = Math.min(sums[key] + (minutesOf(stage.minutes) ?? 0), MAX_SLEEP_MINUTES);
      }
    } else {
      for (const stage of sleep.stages ?? []) {
        const key = STAGE_KEYS[stage.type as keyof typeof STAGE_KEYS];
        const length = Date.parse(stage.endTime ?? '') - Date.parse(stage.startTime ?? '');
        if (key && length > 0) sums[key] = Math.min(sums[key] + Math.round(length / 60_000), MAX_SLEEP_MINUTES);
      }
    }
    stages = sums;
  }
  const minutesAsleep =
    minutesOf(sleep.summary?.minutesAsleep) ??
    (stages ? Math.min(stages.light + stages.deep + stages.rem, MAX_SLEEP_MINUTES) : Math.round((end - start) / 60_000));
  return { id: point.name, startedAt: new Date(start).toISOString(), endedAt: new Date(end).toISOString(), minutesAsleep, stages };
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
  const sleepEndpoint = new URL('v4/users/me/dataTypes/sleep/dataPoints', root).toString();

  const rollupPage = (accessToken: string, body: object) =>
    call<RollupResponse>(accessToken, 'the steps rollup', endpoint, { method: 'POST', body: JSON.stringify(body) });

  async function call<T>(accessToken: string, what: string, url: string, init: { method: 'GET' | 'POST'; body?: string }): Promise<T> {
    let response: Response;
    try {
      response = await fetch(url, {
        method: init.method,
        headers: {
          authorization: `Bearer ${accessToken}`,
          accept: 'application/json',
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw unreachable('Google Health API', error);
    }
    const payload = (await response.json().catch(() => ({}))) as T & { error?: { message?: string; status?: string } };
    if (response.ok) return payload;
    const code = payload.error?.status;
    const details = { status: response.status, code, retryAfterSeconds: retryAfterSeconds(response) };
    const message = `Google Health API refused ${what} (${response.status} ${code ?? ''}): ${payload.error?.message ?? ''}`;
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

    async sleepSessions(accessToken, { from, until }) {
      if (!(until.getTime() > from.getTime())) throw new RangeError('the range ends before it starts');
      const filter = `sleep.interval.start_time >= "${from.toISOString()}" AND sleep.interval.start_time < "${until.toISOString()}"`;
      const byId = new Map<string, SleepSession>();
      let pageToken: string | undefined;
      do {
        const query = new URLSearchParams({ pageSize: String(SLEEP_PAGE_SIZE), filter, ...(pageToken ? { pageToken } : {}) });
        const page = await call<SleepListResponse>(accessToken, 'the sleep list', `${sleepEndpoint}?${query}`, { method: 'GET' });
        for (const point of page.dataPoints ?? []) {
          const session = toSleepSession(point);
          if (session) byId.set(session.id, session);
        }
        pageToken = page.nextPageToken || undefined;
      } while (pageToken);
      return [...byId.values()].sort((a, b) => Date.parse(a.endedAt) - Date.parse(b.endedAt));
    },
  };
}
