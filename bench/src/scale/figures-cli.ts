import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@sukoyaka/bff/src/db/client';
import { MIGRATIONS_FOLDER } from '@sukoyaka/bff/src/paths';
import { measureCoinHistory, measureOperatorHealthStats, measureOperatorPointStats, measureReconcile, seedFigures } from './figures';

/*
 * Issue 28's rows alone, on a database of their own (until `npm run bench -- scale` prints them):
 *   npx tsx bench/src/scale/figures-cli.ts postgres://postgres@127.0.0.1:5432/<empty database> <members>
 * Seeds (minutes at a million), then prints each figure.
 */
async function main(): Promise<void> {
  const [url, count = '1000'] = process.argv.slice(2);
  if (!url) throw new Error('usage: figures-cli.ts <postgres url of an empty database> [members]');
  // Reconcile is measured whole here; the server's statement timeout is the bff's (15 s).
  const handle = await openDatabase({
    databaseUrl: url,
    dataDir: '',
    pool: { max: 4, connectionTimeoutMs: 60_000, idleTimeoutMs: 30_000, statementTimeoutMs: 15_000 },
  });
  const db = handle.db;
  const migration = readFileSync(`${MIGRATIONS_FOLDER}/0025_figures_and_list_ranges.sql`, 'utf8');
  const backfill = migration.slice(migration.lastIndexOf('DO $$'));
  const seeded = (await db.execute(sql`select count(*)::int as n from users`)) as unknown as { rows: Array<{ n: number }> };
  const seed =
    seeded.rows[0]!.n > 0
      ? {
          large: 'a0000000-0000-4000-8000-000000000001',
          single: 'a0000000-0000-4000-8000-000000000002',
          member: 'b0000000-0000-4000-8000-000000000001',
          backfillMs: NaN,
        }
      : await seedFigures(db, Number(count), backfill);
  const period = { from: '2026-10-28', to: '2026-11-26' };
  const line = (name: string, ms: number) => console.log(`${name.padEnd(48)} ${ms.toFixed(1).padStart(9)} ms`);
  line('health roll-up backfill (migration 0025)', seed.backfillMs);
  line('getOperatorHealthStats, 30 days, large', await measureOperatorHealthStats(db, seed.large, period));
  line('getOperatorPointStats, 30 days, 1-member association', await measureOperatorPointStats(db, seed.single, period));
  line('getOperatorPointStats, 30 days, large', await measureOperatorPointStats(db, seed.large, period));
  line('listCoinTransactions first page', await measureCoinHistory(db, seed.member));
  const reconciled = await measureReconcile(db);
  line(`reconcile (${reconciled.ok ? 'ok' : 'breaks found'})`, reconciled.ms);
  await handle.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
