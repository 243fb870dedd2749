import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { familiesWithoutSamples } from '../../ops/exposition';
import { Agent, createTestContext, type TestContext } from '../../helpers';

/*
 * Issue 25 #5: the metrics checked by Prometheus' own tool. /metrics of the running app, after
 * traffic that gives its families samples, is piped to `promtool check metrics` (Debian's
 * prometheus package; `.ci/run` installs it before `npm run test:peers`), which must exit 0 with
 * nothing to say: no parse error, no lint warning. The same rules without promtool:
 * bff/test/ops/metrics.test.ts.
 */

/** promtool: $PROMTOOL, else on the PATH (Debian puts it in /usr/bin). Missing, the run fails saying so. */
function findPromtool(): string {
  const candidates = [
    process.env.PROMTOOL,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'promtool')),
    '/usr/bin/promtool',
  ];
  const found = candidates.find((file) => file && existsSync(file));
  if (!found) {
    throw new Error(
      'promtool is not installed: `npm run test:peers` checks /metrics with Prometheus’ promtool. ' +
        'Install it with `apt-get install --no-install-recommends prometheus` (Debian), or name it in PROMTOOL.',
    );
  }
  return found;
}

const checkMetrics = (exposition: string) => {
  const run = spawnSync(findPromtool(), ['check', 'metrics'], { input: exposition, encoding: 'utf8', timeout: 30_000 });
  if (run.error) throw run.error;
  return { status: run.status, output: `${run.stdout}${run.stderr}`.trim() };
};

describe('/metrics against promtool check metrics (issue 25 #5)', () => {
  let ctx: TestContext;
  let webRoot: string;
  beforeAll(async () => {
    // A web root with no build: the page answers 503, so the 5xx counter has a sample too.
    webRoot = mkdtempSync(path.join(tmpdir(), 'sukoyaka-unbuilt-'));
    // The My Number import job every 50 ms: the job counters and their histogram get samples.
    ctx = await createTestContext({ webRoot, mynaImport: { everyMs: 50 } }, {}, { fakes: ['mynaPortal'] });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const scrape = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('finds nothing to say about the app’s metrics once every family has samples', async () => {
    const agent = new Agent(ctx.app);
    await agent.get('ping');
    await agent.get('listWeights', { limit: 'many' });
    expect((await ctx.app.inject({ method: 'GET', url: '/vitals' })).statusCode).toBe(503);
    await ctx.app.inject({ method: 'GET', url: '/import-map.json' });
    // Every family measured. Only these may be empty: the pool exists on PostgreSQL alone, and
    // a libuv request (a DNS lookup, a file read) in flight at the scrape is chance.
    const mayBeEmpty = ['sukoyaka_nodejs_active_requests', ...(process.env.TEST_DATABASE_URL ? [] : ['sukoyaka_db_pool_connections'])];
    const unmeasured = (exposition: string) => familiesWithoutSamples(exposition).filter((name) => !mayBeEmpty.includes(name));
    // The job's passes come every 50 ms; a garbage collection comes with garbage.
    let text = await scrape();
    for (let tries = 0; tries < 100 && unmeasured(text).length > 0; tries += 1) {
      // Some 16 MB that are garbage at once: a young-generation collection follows.
      expect(Array.from({ length: 2000 }, (_, i) => new Array<number>(1000).fill(i)).length).toBe(2000);
      await new Promise((resolve) => setTimeout(resolve, 50));
      text = await scrape();
    }
    expect(unmeasured(text)).toEqual([]);
    expect(text).toMatch(/^sukoyaka_http_errors_total\{call="page"\} 1$/m);
    expect(text).toMatch(/^sukoyaka_job_runs_total\{job="My Number import",outcome="ok"\} \d+$/m);

    expect(checkMetrics(text)).toEqual({ status: 0, output: '' });
  });

  it('is a check that can fail: promtool refuses a gauge named like a counter and a counter without _total', () => {
    const refused = checkMetrics(
      [
        '# HELP sukoyaka_open_total Open things',
        '# TYPE sukoyaka_open_total gauge',
        'sukoyaka_open_total 2',
        '# HELP sukoyaka_requests Requests',
        '# TYPE sukoyaka_requests counter',
        'sukoyaka_requests 3',
        '',
      ].join('\n'),
    );
    expect(refused.status).not.toBe(0);
    expect(refused.output).toContain('sukoyaka_open_total non-counter metrics should not have "_total" suffix');
    expect(refused.output).toContain('sukoyaka_requests counter metrics should have "_total" suffix');
  });
});
