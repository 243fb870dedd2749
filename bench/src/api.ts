import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_MEMBER } from '@sukoyaka/bff/src/db/seed';
import { MEMORY_QUESTION, startServer, stopServer } from './api-throughput';
import { bffBrowser } from './bff-browser';

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

/** The resident memory of a server's process in MB, and its database's kind, as it answers over IPC. */
type Resident = { rssMb: number; databaseKind: keyof typeof BUDGETS.rssMb; parts: Record<string, number> };

async function residentMbOf(child: ChildProcess): Promise<Resident> {
  const answer = new Promise<Resident>((resolve) => {
    const onMessage = (message: unknown) => {
      const { rss, databaseKind, parts } = message as { rss?: unknown; databaseKind?: unknown; parts?: Record<string, number> };
      if (typeof rss !== 'number') return;
      child.off('message', onMessage);
      resolve({ rssMb: rss / 1024 / 1024, databaseKind: databaseKind === 'pglite' ? 'pglite' : 'postgres', parts: parts ?? {} });
    };
    child.on('message', onMessage);
  });
  child.send(MEMORY_QUESTION);
  return answer;
}

/*
 * The bff runs in a process of its own, as `npm start` runs it: its first start on an empty data
 * folder (a temporary one), or on DATABASE_URL when set. Its memory is the server's alone: it runs
 * from this bundle, which loads Playwright (about 70 MB) and autocannon (28 MB) only in the benches
 * that use them (site.ts, api-throughput.ts), not as it starts.
 */
export async function apiBench(): Promise<string[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sukoyaka-api-bench-'));
  const server = await startServer('demo', dataDir);
  const failures: string[] = [];
  try {
    const { call, signIn } = bffBrowser(server.base);
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
    const { rssMb, databaseKind, parts } = await residentMbOf(server.child);
    console.log(
      `saveBloodPressure  p50 ${save.p50.toFixed(1)} ms  p95 ${save.p95.toFixed(1)} ms  ${save.perSecond.toFixed(0)} req/s (budget p95 ${BUDGETS.saveP95Ms} ms)`,
    );
    console.log(
      `listBloodPressures p50 ${list.p50.toFixed(1)} ms  p95 ${list.p95.toFixed(1)} ms  ${list.perSecond.toFixed(0)} req/s (budget p95 ${BUDGETS.listP95Ms} ms)`,
    );
    const rssBudget = BUDGETS.rssMb[databaseKind];
    console.log(`resident memory of the bff's process after the run: ${rssMb.toFixed(0)} MB on ${databaseKind} (budget ${rssBudget} MB)`);
    console.log(
      `  of which, MB: ${Object.entries(parts)
        .map(([part, mb]) => `${part} ${mb}`)
        .join(', ')}`,
    );
    if (save.p95 > BUDGETS.saveP95Ms) failures.push(`saveBloodPressure p95 ${save.p95.toFixed(1)} ms > ${BUDGETS.saveP95Ms} ms`);
    if (list.p95 > BUDGETS.listP95Ms) failures.push(`listBloodPressures p95 ${list.p95.toFixed(1)} ms > ${BUDGETS.listP95Ms} ms`);
    if (rssMb > rssBudget) failures.push(`memory ${rssMb.toFixed(0)} MB > ${rssBudget} MB`);
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  return failures;
}
