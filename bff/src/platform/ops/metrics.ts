import { API_PREFIX } from '@sukoyaka/contract';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import { safeEqual } from '../../lib/tokens';

export interface Metrics {
  registry: Registry;
  /** One pass of a scheduled job (platform/jobs.ts); skipped: another instance held its lease. */
  jobRun(job: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number): void;
}

/**
 * How far behind a job is: the items waiting for it (counted up to a cap, so a scrape stays an
 * index range however large a backlog grows) and since when the oldest has waited (null: none).
 */
export interface JobLag {
  backlog: number;
  oldestAt: Date | null;
}

/** The most items a backlog gauge counts: beyond it the job is simply far behind. */
export const BACKLOG_COUNT_CAP = 100_000;

// Jobs register before the metrics plugin (app.ts), so their lag functions wait here per app.
const lagSources = new WeakMap<FastifyInstance, Map<string, () => Promise<JobLag>>>();

/** A job's lag, read at each scrape of /metrics (platform/jobs.ts calls this for a job that has one). */
export function registerJobLag(app: FastifyInstance, job: string, lag: () => Promise<JobLag>): void {
  let sources = lagSources.get(app);
  if (!sources) lagSources.set(app, (sources = new Map()));
  sources.set(job, lag);
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** The call a request is for: the contract call's name, else the route's pattern, never the raw URL. */
function callLabel(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route && route.startsWith(`${API_PREFIX}/`)) return route.slice(API_PREFIX.length + 1);
  if (route) return route;
  // The not-found handler: the page shell (deep links), or a 404.
  return request.method === 'GET' || request.method === 'HEAD' ? 'page' : 'not_found';
}

export interface MetricsOptions {
  db: Database;
  /** METRICS_TOKEN: the scraper's bearer token. */
  token: string | undefined;
  /** Production: without a token, /metrics is served to no one. */
  production?: boolean;
}

const isLoopback = (address: string | undefined) => {
  const plain = (address ?? '').replace(/^::ffff:/, '');
  return plain === '::1' || plain.startsWith('127.');
};

/**
 * Prometheus metrics at /metrics: per call (label = the call's name) the request count by status,
 * the errors and a latency histogram; the database pool (PostgreSQL), the outbox backlog, the
 * scheduled jobs' runs, and Node's process metrics. With a METRICS_TOKEN configured, served only to
 * `Authorization: Bearer <METRICS_TOKEN>`; without one, never in production (a proxy on the same
 * host would make any loopback rule public), and elsewhere to a loopback client only, judged by the
 * client address (request.ip, which follows TRUST_PROXY), not by the connection's.
 */
export const metricsPlugin = fp(async (app: FastifyInstance, options: MetricsOptions) => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'sukoyaka_' });
  // prom-client's gauges of all active handles, requests and resources end in `_total`, a
  // counter's suffix (`promtool check metrics` refuses them): the gauges by type beside them
  // add up to the same (`sum without (type) (…)`).
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) {
    registry.removeSingleMetric(`sukoyaka_${name}`);
  }
  const requests = new Counter({
    name: 'sukoyaka_http_requests_total',
    help: 'Requests answered, by call and status code',
    labelNames: ['call', 'method', 'status'] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'sukoyaka_http_errors_total',
    help: 'Requests answered with a 5xx, by call',
    labelNames: ['call'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'sukoyaka_http_request_duration_seconds',
    help: 'Time to answer, by call',
    labelNames: ['call', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'sukoyaka_job_runs_total',
    help: 'Passes of the scheduled jobs, by job and outcome',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'sukoyaka_job_run_duration_seconds',
    help: 'Duration of a scheduled job pass',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const client = (options.db as unknown as { $client?: { totalCount?: number; idleCount?: number; waitingCount?: number } }).$client;
  new Gauge({
    name: 'sukoyaka_db_pool_connections',
    help: 'PostgreSQL pool connections by state (total, idle, waiting callers); absent on PGlite',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      if (!client || typeof client.totalCount !== 'number') return;
      this.set({ state: 'total' }, client.totalCount);
      this.set({ state: 'idle' }, client.idleCount ?? 0);
      this.set({ state: 'waiting' }, client.waitingCount ?? 0);
    },
  });
  new Gauge({
    name: 'sukoyaka_outbox_pending',
    help: 'Mails and SMS waiting in the outbox',
    registers: [registry],
    async collect() {
      const [row] = await options.db.select({ pending: count() }).from(outboxMessages).where(eq(outboxMessages.status, 'pending'));
      this.set(Number(row?.pending ?? 0));
    },
  });

  // Each job's lag (a few index lookups), read by each of the two gauges at a scrape.
  const readLags = () =>
    Promise.all(
      [...(lagSources.get(app) ?? new Map<string, () => Promise<JobLag>>())].map(async ([job, lag]) => [job, await lag()] as const),
    );
  new Gauge({
    name: 'sukoyaka_job_backlog',
    help: `Items waiting for a scheduled job, by job (counted up to ${BACKLOG_COUNT_CAP})`,
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      for (const [job, lag] of await readLags()) this.set({ job }, lag.backlog);
    },
  });
  new Gauge({
    name: 'sukoyaka_job_lag_seconds',
    help: 'How long the oldest item waiting for a scheduled job has waited, by job (0: none waiting)',
    labelNames: ['job'] as const,
    registers: [registry],
    async collect() {
      const now = Date.now();
      for (const [job, lag] of await readLags()) this.set({ job }, lag.oldestAt ? Math.max(0, (now - lag.oldestAt.getTime()) / 1000) : 0);
    },
  });

  app.decorate('metrics', {
    registry,
    jobRun(job: string, outcome: 'ok' | 'failed' | 'skipped', seconds: number) {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
  } satisfies Metrics);

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const call = callLabel(request);
    if (call === '/metrics') return;
    requests.inc({ call, method: request.method, status: String(reply.statusCode) });
    if (reply.statusCode >= 500) errors.inc({ call });
    latency.observe({ call, method: request.method }, reply.elapsedTime / 1000);
  });

  app.get('/metrics', async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    const allowed = options.token ? Boolean(given) && safeEqual(given, options.token) : !options.production && isLoopback(request.ip);
    if (!allowed) return reply.status(404).send({ code: 'not_found', message: 'お探しのページは見つかりませんでした。' });
    return reply
      .type(registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
});
