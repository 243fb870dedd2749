import { calls } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import { DEFAULT_POOL, openDatabase, type Database } from '@sukoyaka/bff/src/db/client';
import { users } from '@sukoyaka/bff/src/db/schema';
import { healthHandlers } from '@sukoyaka/bff/src/health';
import { encodeCursor } from '@sukoyaka/bff/src/platform/cursor';
import type { CallContext } from '@sukoyaka/bff/src/platform/handlers';
import { BENCH_SERVER_URL, median, withBenchDatabase } from './bench-database';

/*
 * Issue 9: a page deep in a long list costs what a page of a short list costs. One member has
 * 1,000,000 readings, another 1,000; the page after row 900,000 of the first and after row 900 of
 * the second are read through the real list service, interleaved, and their medians compared.
 */

const GOAL_RATIO = 1.5;
const RUNS = 300;
const PAGE = 20;

async function member(db: Database, email: string): Promise<string> {
  // The list service needs only the id: no association, no password.
  const [user] = await db.insert(users).values({ email, passwordHash: '-', nickname: 'ベンチ' }).returning({ id: users.id });
  return user!.id;
}

/** Readings one minute apart, two to each minute so the id breaks ties as in real data. */
async function seed(db: Database, userId: string, count: number): Promise<void> {
  await db.execute(sql`
    insert into blood_pressures (user_id, measured_at, systolic, diastolic, pulse)
    select ${userId}::uuid, timestamptz '2020-01-01' + (g / 2) * interval '1 minute', 100 + g % 60, 60 + g % 30, 60 + g % 40
    from generate_series(1, ${count}) as g`);
}

/** The call's input as the route hands it to the handler: parsed by the contract. */
export const listInput = (cursor?: string) => calls.listBloodPressures.input.parse({ limit: String(PAGE), ...(cursor ? { cursor } : {}) });

/** The list service as the route calls it (the handler), for a member. */
export const listPage = (db: Database, userId: string, input: ReturnType<typeof listInput>) =>
  healthHandlers.listBloodPressures(input, { db, member: { id: userId } } as unknown as CallContext<'member'>);

/** The cursor a client holds after reading `rows` rows of the member's list. */
async function cursorAfter(db: Database, userId: string, rows: number): Promise<string> {
  const result = (await db.execute(sql`
    select measured_at, id from blood_pressures where user_id = ${userId}::uuid
    order by measured_at desc, id desc offset ${rows - 1} limit 1`)) as unknown as { rows: { measured_at: string | Date; id: string }[] };
  const row = result.rows[0]!;
  return encodeCursor({ at: new Date(row.measured_at), id: row.id });
}

export async function deepPageBench(): Promise<string[]> {
  console.log(`PostgreSQL at ${new URL(BENCH_SERVER_URL).host} (BENCH_DATABASE_URL), a database of its own`);
  return withBenchDatabase('deep', async (databaseUrl) => {
    // No statement timeout: seeding a million rows on a busy machine may take longer than a call may.
    const database = await openDatabase({ databaseUrl, dataDir: 'memory://', pool: { ...DEFAULT_POOL, statementTimeoutMs: 0 } });
    try {
      const db = database.db;
      const big = await member(db, 'deep-page-big@bench.example');
      const small = await member(db, 'deep-page-small@bench.example');
      const seeding = performance.now();
      await seed(db, big, 1_000_000);
      await seed(db, small, 1_000);
      await db.execute(sql`vacuum analyze blood_pressures`);
      console.log(`seeded 1,001,000 readings in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

      const deep = listInput(await cursorAfter(db, big, 900_000));
      const shallow = listInput(await cursorAfter(db, small, 900));
      const deepMs: number[] = [];
      const shallowMs: number[] = [];
      const time = async (userId: string, input: typeof deep, into: number[]) => {
        const started = performance.now();
        const page = await listPage(db, userId, input);
        into.push(performance.now() - started);
        if (page.items.length !== PAGE) throw new Error(`expected a full page, got ${page.items.length} rows`);
      };
      // Warm-up (the prepared statements, the index pages), then interleaved so drift hits both.
      for (let i = 0; i < 20; i += 1) {
        await time(big, deep, []);
        await time(small, shallow, []);
      }
      for (let i = 0; i < RUNS; i += 1) {
        await time(big, deep, deepMs);
        await time(small, shallow, shallowMs);
      }
      const ratio = median(deepMs) / median(shallowMs);
      console.log(
        `page after row 900,000 of 1,000,000: ${median(deepMs).toFixed(3)} ms; after row 900 of 1,000: ${median(shallowMs).toFixed(3)} ms (medians of ${RUNS})`,
      );
      console.log(`ratio ${ratio.toFixed(2)}× (goal ≤ ${GOAL_RATIO}×)`);
      return ratio > GOAL_RATIO ? [`deep page ${ratio.toFixed(2)}× the shallow one > ${GOAL_RATIO}×`] : [];
    } finally {
      await database.close();
    }
  });
}
