import { bffBrowser } from './bff-browser';
import { cpuMsOfPid } from './process-cpu';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp } from '@sukoyaka/bff/src/app';
import { loadConfig } from '@sukoyaka/bff/src/config';
import { openDatabase, type Database } from '@sukoyaka/bff/src/db/client';
import { DEMO_MEMBER, seedDemo } from '@sukoyaka/bff/src/db/seed';
import { encodeCursor } from '@sukoyaka/bff/src/platform/cursor';
import { SESSION_CACHE_MS, SESSION_COOKIE } from '@sukoyaka/bff/src/platform/plugins/session';
import { findSessionAndMember } from '@sukoyaka/bff/src/platform/sessions';
import { startServices } from '@sukoyaka/bff/src/services';
import { BENCH_SERVER_URL, median, withBenchDatabase } from './bench-database';
import { listInput, listPage } from './deep-page';
import { pacedLoad } from './paced-load';

/*
 * Issues 9 and 28: the authenticated listBloodPressures call against a bare Fastify route that runs
 * the same page query with `pg` alone, in the same run, on PostgreSQL. Each server runs in a
 * process of its own (this bundle, started with SERVE_FLAG), as a deployment runs the bff, so the
 * load generator never shares a process with them: the saturating load comes from an autocannon
 * worker thread, the half-rate load from an evenly paced one (paced-load.ts), both in this process.
 */

const GOALS = {
  /** The call's saturated req/s as a share of the bare route's (issue 28). */
  ratio: 0.8,
  /** p99 at half of the call's saturating rate (issue 28). */
  p99Ms: 25,
};

/** `node dist/bench.js SERVE_FLAG <kind> <databaseUrl or, for demo, data folder> [userId]`: one server of this bench, in its own process. */
export const SERVE_FLAG = '--bench-serve';

/**
 * `demo` (api.ts): the bff with the demo seed, as `npm start` runs it: on the embedded PGlite in
 * the data folder given instead of a database URL, or on DATABASE_URL when this process has one.
 */
type ServedKind = 'app' | 'uncached' | 'bare' | 'demo';

/** The message a server's process answers with its resident memory in bytes, where it is, and its database's kind. */
export const MEMORY_QUESTION = 'memory?';

/**
 * Where a process's resident memory is, in MB: each of V8's heap spaces as committed (the young
 * generation is `new_space`), and what lies outside the heap (buffers, the native parts).
 */
function memoryParts(): Record<string, number> {
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  const { rss, external } = process.memoryUsage();
  const spaces = Object.fromEntries(
    v8.getHeapSpaceStatistics().map((space) => [space.space_name.replace(/_space$/, ''), mb(space.physical_space_size)]),
  );
  const heap = v8.getHeapStatistics();
  // Linux: what of the resident memory is mapped from files (node's own code, libraries), not allocated.
  const status = existsSync('/proc/self/status') ? readFileSync('/proc/self/status', 'utf8') : '';
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return {
    ...spaces,
    'heap used': mb(heap.used_heap_size),
    external: mb(external),
    'outside the heap': mb(rss - heap.total_physical_size),
    'mapped from files': mb(kb('RssFile')),
  };
}

/**
 * In a server's process: the bff as production builds it (`app`: with its cache of sessions;
 * `uncached`: every call reading its session; `demo`: as `npm start` runs it) or the bare route, on
 * a free port, which the parent is told over IPC; it ends with the parent.
 */
export async function serveForBench(args: string[]): Promise<void> {
  const [kind, databaseUrl, userId] = args as [ServedKind, string, string | undefined];
  // process.exit (not a signal's default) so that a CPU profile asked for is written.
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => process.exit(0));
  let databaseKind = 'postgres';
  process.on('message', (message) => {
    if (message === MEMORY_QUESTION) process.send!({ rss: process.memoryUsage().rss, databaseKind, parts: memoryParts() });
  });
  let server: FastifyInstance;
  if (kind === 'bare') {
    server = (await bareServer(databaseUrl, userId!)).app;
  } else {
    const demo = kind === 'demo';
    // As production writes answers: the compiled writer alone, without the suites' zod check (call-output.ts).
    const config = loadConfig(
      { ...process.env, NODE_ENV: 'test', ...(demo ? {} : { DATABASE_URL: databaseUrl }) },
      { seedDemo: demo, port: 0, checkCallOutputs: false, ...(demo ? { dataDir: databaseUrl } : {}) },
    );
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pool: config.databasePool });
    databaseKind = database.kind;
    if (demo) await seedDemo(database.db);
    const services = await startServices(config);
    server = await buildApp({ config, db: database.db, services, sessionCacheMs: kind === 'uncached' ? 0 : SESSION_CACHE_MS });
    await server.listen({ host: '127.0.0.1', port: 0 });
  }
  process.send!({ port: (server.server.address() as AddressInfo).port });
}

/** glibc's malloc settings, as package.json's `serve` script and the Dockerfile set them (decision 0035). */
const SERVE_MALLOC = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' } as const;

/** Starts one server in a process of its own and answers its address (`demo`: a data folder for the address). */
export async function startServer(kind: ServedKind, databaseUrl: string, userId?: string): Promise<{ base: string; child: ChildProcess }> {
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it ends (where its time goes).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`, `--cpu-prof-name=${kind}.cpuprofile`]
    : [];
  const child = fork(process.argv[1]!, [SERVE_FLAG, kind, databaseUrl, ...(userId ? [userId] : [])], {
    execArgv: [...process.execArgv, ...profile],
    // As `npm run serve` and the image start the bff (docs/decisions/0035-malloc-arenas.md); a
    // variable already set in the bench's environment wins (to measure another setting).
    env: { ...SERVE_MALLOC, ...process.env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the bench's ${kind} server ended (${code}) before it listened`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

export async function stopServer(server: { child: ChildProcess } | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const ended = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await ended;
}

const LOAD = { connections: 32, warmupSeconds: 2, rounds: 3, roundSeconds: 3, steadySeconds: 8 };
const PAGE = 20;

/** The page query as a hand-written route would run it: pg, one statement, no framework. */
const PAGE_SQL = `select id, measured_at, systolic, diastolic, pulse, created_at from blood_pressures
  where user_id = $1 order by measured_at desc, id desc limit $2`;

interface PageRow {
  id: string;
  measured_at: Date;
  systolic: number;
  diastolic: number;
  pulse: number | null;
  created_at: Date;
}

async function bareServer(databaseUrl: string, userId: string): Promise<{ app: FastifyInstance; pool: Pool }> {
  // The same pool size as the app's.
  const pool = new Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  app.get('/list', async () => {
    const { rows } = await pool.query<PageRow>({ name: 'bare_page', text: PAGE_SQL, values: [userId, PAGE + 1] });
    const page = rows.slice(0, PAGE);
    const last = page[page.length - 1];
    return {
      items: page.map((row) => ({
        id: row.id,
        measuredAt: row.measured_at.toISOString(),
        systolic: row.systolic,
        diastolic: row.diastolic,
        pulse: row.pulse,
        createdAt: row.created_at.toISOString(),
      })),
      nextCursor: rows.length > PAGE && last ? encodeCursor({ at: last.measured_at, id: last.id }) : null,
    };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, pool };
}

async function load(url: string, headers: Record<string, string>, options: { seconds: number; connections: number }) {
  // Loaded here, not with the bundle: the servers run from this bundle too, and their memory is the bff's.
  const { default: autocannon } = await import('autocannon');
  const result = await autocannon({
    url,
    headers,
    connections: options.connections,
    duration: options.seconds,
    workers: 1,
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`);
  return { requests: result.requests.total, seconds: result.duration, p50: result.latency.p50, p99: result.latency.p99 };
}

type Measured = Awaited<ReturnType<typeof load>> & { cpuMs: number };

/** A round of load, with the CPU time the server's process spent on it. */
async function withCpu(server: { child: ChildProcess }, run: () => ReturnType<typeof load>): Promise<Measured> {
  const before = cpuMsOfPid(server.child.pid!);
  const measured = await run();
  return { ...measured, cpuMs: cpuMsOfPid(server.child.pid!) - before };
}

/**
 * Rounds of one target as one figure: all requests over all the time; the worst round's latencies;
 * the server's CPU time per request (what the machine's load does not change much).
 */
function combine(rounds: Measured[]) {
  const requests = rounds.reduce((sum, round) => sum + round.requests, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.seconds, 0);
  const cpuUs = (rounds.reduce((sum, round) => sum + round.cpuMs, 0) / requests) * 1000;
  return { perSecond: requests / seconds, p50: Math.max(...rounds.map((r) => r.p50)), p99: Math.max(...rounds.map((r) => r.p99)), cpuUs };
}

/** Mean milliseconds of `run`, called one at a time. */
async function meanMs(count: number, run: () => Promise<unknown>): Promise<number> {
  const durations: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  return median(durations);
}

export async function apiThroughputBench(): Promise<string[]> {
  console.log(
    `PostgreSQL at ${new URL(BENCH_SERVER_URL).host} (BENCH_DATABASE_URL), a database of its own; each server in its own process`,
  );
  return withBenchDatabase('api', async (databaseUrl) => {
    const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl }, { seedDemo: true, port: 0 });
    const database = await openDatabase({ databaseUrl, dataDir: config.dataDir, pool: config.databasePool });
    await seedDemo(database.db);
    // This process's own connection, for the page query through pg alone below.
    const pool = new Pool({ connectionString: databaseUrl, max: 1 });
    const servers: Array<{ child: ChildProcess } | undefined> = [];
    try {
      // As in production (the cache of sessions on), and with every call reading its session.
      const app = await startServer('app', databaseUrl);
      servers.push(app);
      const { cookie, session, userId } = await signIn(app.base);
      await seedReadings(database.db, userId, 1000);
      const uncached = await startServer('uncached', databaseUrl);
      servers.push(uncached);
      const bare = await startServer('bare', databaseUrl, userId);
      servers.push(bare);
      const callUrl = `${app.base}/api/bff/listBloodPressures?limit=20`;
      const uncachedUrl = `${uncached.base}/api/bff/listBloodPressures?limit=20`;
      const bareUrl = `${bare.base}/list`;
      const headers = { cookie };

      // Warm both (prepared statements, JIT), then saturate them in alternating rounds: whatever
      // else the machine is doing then weighs on both alike.
      await load(callUrl, headers, { seconds: LOAD.warmupSeconds, connections: LOAD.connections });
      await load(bareUrl, {}, { seconds: LOAD.warmupSeconds, connections: LOAD.connections });
      await load(uncachedUrl, headers, { seconds: LOAD.warmupSeconds, connections: LOAD.connections });
      const callRounds: Measured[] = [];
      const uncachedRounds: Measured[] = [];
      const bareRounds: Measured[] = [];
      for (let round = 0; round < LOAD.rounds; round += 1) {
        callRounds.push(await withCpu(app, () => load(callUrl, headers, { seconds: LOAD.roundSeconds, connections: LOAD.connections })));
        uncachedRounds.push(
          await withCpu(uncached, () => load(uncachedUrl, headers, { seconds: LOAD.roundSeconds, connections: LOAD.connections })),
        );
        bareRounds.push(await withCpu(bare, () => load(bareUrl, {}, { seconds: LOAD.roundSeconds, connections: LOAD.connections })));
      }
      const call = combine(callRounds);
      const cold = combine(uncachedRounds);
      const plain = combine(bareRounds);
      const halfRate = Math.max(1, Math.floor(call.perSecond / 2));
      // Evenly paced (open loop), latency from when each request was due: see paced-load.ts.
      const steady = await pacedLoad(callUrl, headers, { rate: halfRate, seconds: LOAD.steadySeconds, connections: LOAD.connections });
      if (steady.failed > 0) throw new Error(`listBloodPressures at ${halfRate} req/s: ${steady.failed} of ${steady.sent} requests failed`);
      // The bare route at the same rate: what the machine and this generator allow a p99 to be.
      const bareSteady = await pacedLoad(bareUrl, {}, { rate: halfRate, seconds: LOAD.steadySeconds, connections: LOAD.connections });
      const ratio = call.perSecond / plain.perSecond;

      console.log(
        `listBloodPressures (signed in) ${call.perSecond.toFixed(0)} req/s  p50 ${call.p50} ms  p99 ${call.p99} ms  ${call.cpuUs.toFixed(0)} µs CPU a call`,
      );
      console.log(
        `  the same, every call reading its session (cache off) ${cold.perSecond.toFixed(0)} req/s  p50 ${cold.p50} ms  p99 ${cold.p99} ms` +
          ` ${cold.cpuUs.toFixed(0)} µs CPU a call (${((cold.perSecond / plain.perSecond) * 100).toFixed(0)} % of the bare route)`,
      );
      console.log(
        `bare Fastify + pg, same query  ${plain.perSecond.toFixed(0)} req/s  p50 ${plain.p50} ms  p99 ${plain.p99} ms  ${plain.cpuUs.toFixed(0)} µs CPU a call`,
      );
      console.log(`ratio ${(ratio * 100).toFixed(0)} % (goal ≥ ${GOALS.ratio * 100} %)`);
      console.log(
        `at half the saturating rate, evenly paced (${halfRate} req/s for ${LOAD.steadySeconds} s, ${steady.perSecond.toFixed(0)} answered/s):` +
          ` p50 ${steady.p50} ms  p99 ${steady.p99} ms  max ${steady.max} ms (goal p99 ≤ ${GOALS.p99Ms} ms)`,
      );
      console.log(`  the bare route at the same rate: p50 ${bareSteady.p50} ms  p99 ${bareSteady.p99} ms  max ${bareSteady.max} ms`);

      // Where one call's time goes, one call at a time (medians of 300).
      const whole = await meanMs(300, async () => (await fetch(callUrl, { headers })).arrayBuffer());
      const bareWhole = await meanMs(300, async () => (await fetch(bareUrl)).arrayBuffer());
      const sessionQuery = await meanMs(300, () => findSessionAndMember(database.db, session, new Date()));
      const pageQuery = await meanMs(300, () => listPage(database.db, userId, listInput()));
      const rawPage = await meanMs(300, () => pool.query({ name: 'bare_page', text: PAGE_SQL, values: [userId, PAGE + 1] }));
      console.log(
        `one call alone: ${whole.toFixed(2)} ms (bare route ${bareWhole.toFixed(2)} ms) = session and member ${sessionQuery.toFixed(2)} ms` +
          ` + page through Drizzle ${pageQuery.toFixed(2)} ms (pg alone ${rawPage.toFixed(2)} ms)` +
          ` + the rest ${(whole - sessionQuery - pageQuery).toFixed(2)} ms (HTTP, hooks, zod)`,
      );

      const failures: string[] = [];
      if (ratio < GOALS.ratio)
        failures.push(`listBloodPressures at ${(ratio * 100).toFixed(0)} % of the bare route's req/s < ${GOALS.ratio * 100} %`);
      if (steady.p99 > GOALS.p99Ms) failures.push(`listBloodPressures p99 ${steady.p99} ms at ${halfRate} req/s > ${GOALS.p99Ms} ms`);
      return failures;
    } finally {
      for (const server of servers) await stopServer(server);
      await pool.end();
      await database.close();
    }
  });
}

async function signIn(base: string): Promise<{ cookie: string; session: string; userId: string }> {
  const browser = bffBrowser(base);
  const signedIn = await browser.signIn(DEMO_MEMBER.email, DEMO_MEMBER.password);
  return { cookie: browser.cookieHeader(), session: browser.cookie(SESSION_COOKIE)!, userId: String(signedIn.userId) };
}

async function seedReadings(db: Database, userId: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into blood_pressures (user_id, measured_at, systolic, diastolic, pulse)
    select ${userId}::uuid, now() - g * interval '10 minutes', 100 + g % 60, 60 + g % 30, 60 + g % 40
    from generate_series(1, ${count}) as g`);
  await db.execute(sql`analyze blood_pressures`);
}
