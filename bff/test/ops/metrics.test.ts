import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import { registerIntervalJob } from '../../src/platform/jobs';
import { metricsPlugin } from '../../src/platform/ops/metrics';
import { activityEvents } from '../../src/db/schema';
import { runEarning } from '../../src/incentives/programs';
import { foldHealthFigures } from '../../src/health/figures';
import { Agent, createMember, createTestContext, type TestContext } from '../helpers';
import { expositionProblems, familiesWithoutSamples } from './exposition';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Prometheus metrics at /metrics (issue 15)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // The health figures' job on (tests have it off), its first pass an hour away: its lag is shown.
    ctx = await createTestContext({ healthFigures: { everyMs: 3_600_000 } });
  });
  afterAll(() => ctx.close());

  const scrape = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    return response.body;
  };

  it('counts requests, errors and latency per call by its name (never the URL), and the outbox backlog', async () => {
    const agent = new Agent(ctx.app);
    await agent.get('ping');
    await agent.get('ping');
    // A read with a bad query: 400, counted under its call's name with its status.
    await agent.get('listWeights', { limit: 'many' });
    const text = await scrape();
    expect(text).toMatch(/^sukoyaka_http_requests_total\{call="ping",method="GET",status="200"\} 2$/m);
    expect(text).toMatch(/^sukoyaka_http_requests_total\{call="listWeights",method="GET",status="(400|401)"\} 1$/m);
    expect(text).toMatch(/^sukoyaka_http_request_duration_seconds_bucket\{le="\+Inf",call="ping",method="GET"\} 2$/m);
    expect(text).toMatch(/^sukoyaka_http_request_duration_seconds_count\{call="ping",method="GET"\} 2$/m);
    expect(text).not.toContain('limit=many');
    expect(text).toMatch(/^sukoyaka_outbox_pending \d+$/m);
    expect(text).toContain('# TYPE sukoyaka_http_errors_total counter');
    expect(text).toContain('sukoyaka_process_cpu_seconds_total');
  });

  it('issue 25 #5: keeps the rules `promtool check metrics` holds it to (promtool itself: npm run test:peers)', async () => {
    // The app listens, as in production: its server is an active handle (the handles' gauge by
    // type below has a sample; it used to come from the local fakes' servers, no longer started).
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const agent = new Agent(ctx.app);
    await agent.get('ping');
    await ctx.app.inject({ method: 'GET', url: '/no/such/page' });
    const text = await scrape();
    expect(expositionProblems(text)).toEqual([]);
    // prom-client's gauges named like counters are left out; their gauges by type stay.
    expect(text).not.toMatch(/^# TYPE sukoyaka_nodejs_active_\w+_total /m);
    expect(text).toMatch(/^sukoyaka_nodejs_active_handles\{type="\w+"\} \d+$/m);
    // Declared, nothing measured yet: only what this run cannot have (no 5xx, no job, no pool on PGlite).
    expect(familiesWithoutSamples(text)).not.toContain('sukoyaka_http_requests_total');
    expect(familiesWithoutSamples(text)).not.toContain('sukoyaka_http_request_duration_seconds');
  });

  it('issue 25 #5: the structural check finds what promtool would refuse', () => {
    const bad = [
      '# HELP app_requests Requests',
      '# TYPE app_requests counter',
      'app_requests 3',
      '# HELP app_open_total Open things',
      '# TYPE app_open_total gauge',
      'app_open_total 2',
      '# TYPE app_latency_milliseconds gauge',
      'app_latency_milliseconds{callName="x"} 12',
      '# HELP app_wait_seconds Waits',
      '# TYPE app_wait_seconds histogram',
      'app_wait_seconds_bucket{le="1"} 3',
      'app_wait_seconds_bucket{le="+Inf"} 2',
      'app_wait_seconds_count 4',
      'app_orphan 1',
    ].join('\n');
    expect(expositionProblems(bad)).toEqual([
      'line 14: app_orphan: a sample without # HELP and # TYPE',
      'app_requests: counter metrics should have "_total" suffix',
      'app_open_total: non-counter metrics should not have "_total" suffix',
      'app_latency_milliseconds: no help text',
      'app_latency_milliseconds: use base unit "seconds" instead of "milliseconds"',
      "app_latency_milliseconds: label names should be written in 'snake_case' not 'camelCase' (callName)",
      'app_wait_seconds: {}: buckets not cumulative',
      "app_wait_seconds: {}: _count 4 is not the +Inf bucket's 2",
      'app_wait_seconds: {}: no _sum',
    ]);
  });

  it('answers loopback only, unless a token is configured', async () => {
    const remote = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(404);

    const app = Fastify();
    await app.register(metricsPlugin, { db: ctx.db, token: 'metrics-token-0123456789' });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    const withToken = await app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.7',
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    expect(withToken.statusCode).toBe(200);
    await app.close();
  });

  it('issue 24 #9: a proxy on the same host does not make /metrics public', async () => {
    const scrapeFrom = async (app: ReturnType<typeof Fastify>, headers: Record<string, string> = {}) =>
      (await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers })).statusCode;

    // Production: the Bearer token is the only way in; without one configured, nobody gets in.
    const production = Fastify({ trustProxy: 'loopback' });
    await production.register(metricsPlugin, { db: ctx.db, token: undefined, production: true });
    await production.ready();
    expect(await scrapeFrom(production)).toBe(404);
    expect(await scrapeFrom(production, { 'x-forwarded-for': '203.0.113.7' })).toBe(404);
    await production.close();

    const withToken = Fastify({ trustProxy: 'loopback' });
    await withToken.register(metricsPlugin, { db: ctx.db, token: 'metrics-token-0123456789', production: true });
    await withToken.ready();
    expect(await scrapeFrom(withToken)).toBe(404);
    expect(await scrapeFrom(withToken, { authorization: 'Bearer metrics-token-0123456789' })).toBe(200);
    expect(await scrapeFrom(withToken, { authorization: 'Bearer metrics-token-0123456780' })).toBe(404);
    await withToken.close();

    // Development: loopback only, judged by the client the trusted proxy names, not the proxy's own address.
    const development = Fastify({ trustProxy: 'loopback' });
    await development.register(metricsPlugin, { db: ctx.db, token: undefined });
    await development.ready();
    expect(await scrapeFrom(development, { 'x-forwarded-for': '203.0.113.7' })).toBe(404);
    expect(await scrapeFrom(development, { 'x-forwarded-for': '127.0.0.1' })).toBe(200);
    expect(await scrapeFrom(development)).toBe(200);
    await development.close();
  });

  it('counts the scheduled jobs’ runs by outcome', async () => {
    const app = Fastify();
    await app.register(metricsPlugin, { db: ctx.db, token: undefined });
    let passes = 0;
    registerIntervalJob(app, { name: 'steady', everyMs: 10, pass: async () => (passes += 1) });
    registerIntervalJob(app, {
      name: 'broken',
      everyMs: 10,
      pass: async () => {
        throw new Error('always fails');
      },
    });
    await app.ready();
    await sleep(120);
    await app.close();
    const text = await app.metrics.registry.metrics();
    const runs = (job: string, outcome: string) =>
      Number(new RegExp(`^sukoyaka_job_runs_total\\{job="${job}",outcome="${outcome}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    expect(runs('steady', 'ok')).toBe(passes);
    expect(passes).toBeGreaterThan(0);
    expect(runs('broken', 'failed')).toBeGreaterThan(0);
  });

  it('issue 28: says per job how far behind it is — the earning queue, the unfinished fan-outs, the health figures’ deltas — and each falls to 0 once the job has run', async () => {
    const member = await createMember(ctx.db);
    const recordedAt = new Date(Date.now() - 10 * 60_000);
    // Two events no write settled (an import): they wait for the incentives job.
    for (const kind of ['vital_recorded:weight', 'vital_recorded:bloodPressure'])
      await ctx.db.insert(activityEvents).values({ userId: member.id, kind, day: '2026-01-01', createdAt: recordedAt });
    const gauge = (text: string, name: string, job: string) =>
      Number(new RegExp(`^${name}\\{job="${job}"\\} ([\\d.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN);
    let text = await scrape();
    expect(gauge(text, 'sukoyaka_job_backlog', 'incentives')).toBe(2);
    expect(gauge(text, 'sukoyaka_job_lag_seconds', 'incentives')).toBeGreaterThanOrEqual(600);
    expect(gauge(text, 'sukoyaka_job_backlog', 'content-notifications')).toBe(0);
    expect(text).toMatch(/^# TYPE sukoyaka_job_lag_seconds gauge$/m);
    // A reading's day: the health figures' deltas wait for their fold.
    await ctx.db.execute(sql`insert into steps (user_id, day, steps) values (${member.id}, '2026-01-02', 4000)`);
    expect(gauge(await scrape(), 'sukoyaka_job_backlog', 'health-figures')).toBeGreaterThan(0);
    await runEarning(ctx.db, new Date());
    await foldHealthFigures(ctx.db);
    text = await scrape();
    expect(gauge(text, 'sukoyaka_job_backlog', 'incentives')).toBe(0);
    expect(gauge(text, 'sukoyaka_job_lag_seconds', 'incentives')).toBe(0);
    expect(gauge(text, 'sukoyaka_job_backlog', 'health-figures')).toBe(0);
    expect(expositionProblems(text)).toEqual([]);
  });
});
