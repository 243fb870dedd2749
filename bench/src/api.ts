import { bffBrowser } from './bff-browser';
import type { AddressInfo } from 'node:net';
import { buildApp } from '@sukoyaka/bff/src/app';
import { loadConfig } from '@sukoyaka/bff/src/config';
import { openDatabase } from '@sukoyaka/bff/src/db/client';
import { DEMO_MEMBER, seedDemo } from '@sukoyaka/bff/src/db/seed';
import { startServices } from '@sukoyaka/bff/src/services';

/* API latency over real HTTP on loopback (embedded PGlite, or DATABASE_URL), bounded in count. */

const BUDGETS = {
  listP95Ms: 50,
  saveP95Ms: 80,
  /** PGlite is PostgreSQL compiled to WebAssembly, in-process: it reserves far more than a client pool */
  rssMb: { pglite: 600, postgres: 250 },
};

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(count: number, run: (i: number) => Promise<void>): Promise<{ p50: number; p95: number; perSecond: number }> {
  const durations: number[] = [];
  const started = performance.now();
  for (let i = 0; i < count; i += 1) {
    const t = performance.now();
    await run(i);
    durations.push(performance.now() - t);
  }
  const total = performance.now() - started;
  return { p50: percentile(durations, 50), p95: percentile(durations, 95), perSecond: (count / total) * 1000 };
}

export async function apiBench(): Promise<string[]> {
  const config = loadConfig(
    { ...process.env, NODE_ENV: 'test' },
    { dataDir: 'memory://', seedDemo: true, port: 0, checkCallOutputs: false },
  );
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedDemo(database.db);
  const services = await startServices(config);
  const app = await buildApp({ config, db: database.db, services });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const failures: string[] = [];
  try {
    const { call, signIn } = bffBrowser(base);
    await signIn(DEMO_MEMBER.email, DEMO_MEMBER.password);
    const save = await timed(300, async (i) => {
      await call('POST', 'saveBloodPressure', {
        measuredAt: new Date(Date.now() - i * 60_000).toISOString(),
        systolic: 110 + (i % 40),
        diastolic: 70 + (i % 20),
        pulse: 60 + (i % 30),
      });
    });
    const list = await timed(300, async () => {
      await call('GET', 'listBloodPressures?limit=20');
    });
    const rssMb = process.memoryUsage().rss / 1024 / 1024;
    console.log(
      `saveBloodPressure  p50 ${save.p50.toFixed(1)} ms  p95 ${save.p95.toFixed(1)} ms  ${save.perSecond.toFixed(0)} req/s (budget p95 ${BUDGETS.saveP95Ms} ms)`,
    );
    console.log(
      `listBloodPressures p50 ${list.p50.toFixed(1)} ms  p95 ${list.p95.toFixed(1)} ms  ${list.perSecond.toFixed(0)} req/s (budget p95 ${BUDGETS.listP95Ms} ms)`,
    );
    const rssBudget = BUDGETS.rssMb[database.kind];
    console.log(`resident memory after the run: ${rssMb.toFixed(0)} MB on ${database.kind} (budget ${rssBudget} MB)`);
    if (save.p95 > BUDGETS.saveP95Ms) failures.push(`saveBloodPressure p95 ${save.p95.toFixed(1)} ms > ${BUDGETS.saveP95Ms} ms`);
    if (list.p95 > BUDGETS.listP95Ms) failures.push(`listBloodPressures p95 ${list.p95.toFixed(1)} ms > ${BUDGETS.listP95Ms} ms`);
    if (rssMb > rssBudget) failures.push(`memory ${rssMb.toFixed(0)} MB > ${rssBudget} MB`);
  } finally {
    await app.close();
    await services.close();
    await database.close();
  }
  return failures;
}
