import { calls } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { DEFAULT_POOL, openDatabase, type Database } from '@sukoyaka/bff/src/db/client';
import { users } from '@sukoyaka/bff/src/db/schema';
import { healthHandlers } from '@sukoyaka/bff/src/health';
import type { CallContext } from '@sukoyaka/bff/src/platform/handlers';
import { BENCH_SERVER_URL, withBenchDatabase } from './bench-database';

/*
 * Issue 10: a member with five years of weights (three a day) among 200 others with five years
 * each (one a day, 365,000 rows) opens the weight chart's year: listWeights with a year's period,
 * every page of it, through the real handler. p95 of one page and of the whole year, beside their
 * goals. On PostgreSQL when BENCH_DATABASE_URL (or the local default) answers, else on PGlite.
 */

const GOALS = { pageP95Ms: 50, yearP95Ms: 300 };
const RUNS = 60;
const PAGE = 100;
const OTHERS = 200;

function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}

async function serverAnswers(): Promise<boolean> {
  const client = new Client({ connectionString: BENCH_SERVER_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

async function seed(db: Database): Promise<string> {
  const insertMember = async (email: string) => {
    const [user] = await db.insert(users).values({ email, passwordHash: '-', nickname: 'ベンチ' }).returning({ id: users.id });
    return user!.id;
  };
  const member = await insertMember('vitals-year@bench.example');
  // Three readings a day for five years, 07:00, 12:00 and 22:00 UTC-ish, weights 60–75 kg.
  await db.execute(sql`
    insert into weights (user_id, measured_at, weight, body_fat)
    select ${member}::uuid, timestamptz '2021-06-01T07:00:00+09:00' + (g / 3) * interval '1 day' + (g % 3) * interval '5 hours',
      60 + (g % 150) / 10.0, 20 + (g % 50) / 10.0
    from generate_series(0, 5 * 365 * 3 - 1) as g`);
  const others: string[] = [];
  for (let i = 0; i < OTHERS; i += 1) others.push(await insertMember(`vitals-year-${i}@bench.example`));
  await db.execute(sql`
    insert into weights (user_id, measured_at, weight)
    select u.id, timestamptz '2021-06-01T07:00:00+09:00' + g * interval '1 day', 55 + (g % 200) / 10.0
    from users u cross join generate_series(0, 5 * 365 - 1) as g
    where u.email like 'vitals-year-%@bench.example'`);
  await db.execute(sql`analyze weights`);
  return member;
}

async function measure(db: Database, userId: string): Promise<string[]> {
  const context = { db, member: { id: userId } } as unknown as CallContext<'member'>;
  const pageMs: number[] = [];
  const yearMs: number[] = [];
  let rows = 0;
  const walkYear = async (record: boolean) => {
    const started = performance.now();
    let cursor: string | undefined;
    rows = 0;
    do {
      const input = calls.listWeights.input.parse({
        from: '2025-05-31',
        to: '2026-05-30',
        limit: String(PAGE),
        ...(cursor ? { cursor } : {}),
      });
      const pageStarted = performance.now();
      const page = await healthHandlers.listWeights(input, context);
      if (record) pageMs.push(performance.now() - pageStarted);
      rows += page.items.length;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    if (record) yearMs.push(performance.now() - started);
  };
  for (let i = 0; i < 5; i += 1) await walkYear(false);
  for (let i = 0; i < RUNS; i += 1) await walkYear(true);
  const page = p95(pageMs);
  const year = p95(yearMs);
  console.log(`a year of weights: ${rows} readings in ${Math.ceil(rows / PAGE)} pages of ${PAGE}, ${RUNS} runs`);
  console.log(`  one page p95 ${page.toFixed(1)} ms   (goal ≤ ${GOALS.pageP95Ms} ms)`);
  console.log(`  the year p95 ${year.toFixed(1)} ms   (goal ≤ ${GOALS.yearP95Ms} ms)`);
  const failures: string[] = [];
  if (rows !== 365 * 3) failures.push(`a year of weights listed ${rows} readings, not ${365 * 3}`);
  if (page > GOALS.pageP95Ms) failures.push(`listWeights page p95 ${page.toFixed(1)} ms > ${GOALS.pageP95Ms} ms`);
  if (year > GOALS.yearP95Ms) failures.push(`listWeights year p95 ${year.toFixed(1)} ms > ${GOALS.yearP95Ms} ms`);
  return failures;
}

export async function vitalsYearBench(): Promise<string[]> {
  const run = async (databaseUrl: string | undefined) => {
    const database = await openDatabase({ databaseUrl, dataDir: 'memory://', pool: { ...DEFAULT_POOL, statementTimeoutMs: 0 } });
    try {
      const seeding = performance.now();
      const member = await seed(database.db);
      console.log(`seeded ${5 * 365 * (3 + OTHERS)} weights in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      return await measure(database.db, member);
    } finally {
      await database.close();
    }
  };
  if (await serverAnswers()) {
    console.log(`PostgreSQL at ${new URL(BENCH_SERVER_URL).host} (BENCH_DATABASE_URL), a database of its own`);
    return withBenchDatabase('vitals', run);
  }
  console.log('PGlite in memory (no PostgreSQL answered at BENCH_DATABASE_URL)');
  return run(undefined);
}
