import { sql } from 'drizzle-orm';
import type { Database } from '@sukoyaka/bff/src/db/client';
import { healthStats } from '@sukoyaka/bff/src/health/operator-stats';
import { listTransactions } from '@sukoyaka/bff/src/incentives/history';
import { pointStats } from '@sukoyaka/bff/src/incentives/operator-handlers';
import { reconcile } from '@sukoyaka/bff/src/incentives/reconcile';
import { median } from '../bench-database';

/*
 * Issue 28's operator rows, one measure function each, for `npm run bench -- scale` (which seeds
 * the million-member association and prints each row beside its goal and its 1 k figure). Each
 * takes the seeded database and the ids it needs and answers milliseconds (the median of `runs`,
 * after one warm-up), never a verdict: the bench compares. `seedFigures` is the seed these
 * functions were first measured on (docs/performance.md), for running them alone.
 */

async function timed(runs: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return median(times);
}

export interface Period {
  from: string;
  to: string;
}

/** getOperatorHealthStats' service for one association and period (the dashboard's default: 30 days). */
export function measureOperatorHealthStats(db: Database, associationId: string, period: Period, runs = 5): Promise<number> {
  return timed(runs, () => healthStats(db, associationId, period));
}

/** getOperatorPointStats' service (the issue's row: an association of one member beside the large one). */
export function measureOperatorPointStats(db: Database, associationId: string, period: Period, runs = 5): Promise<number> {
  return timed(runs, () => pointStats(db, associationId, period));
}

/**
 * listCoinTransactions' service for one member: the first page, and a deep one (the page after
 * the member's `depth`-th newest coin transfer, by its keyset cursor).
 */
export async function measureCoinHistory(db: Database, userId: string, depth = 0, runs = 9): Promise<number> {
  let cursor: string | undefined;
  if (depth > 0) {
    let page = await listTransactions(db, userId, null, { limit: Math.min(depth, 100) });
    for (let read = page.transactions.length; read < depth && page.nextCursor; read += page.transactions.length) {
      page = await listTransactions(db, userId, null, { cursor: page.nextCursor, limit: Math.min(depth - read, 100) });
    }
    cursor = page.nextCursor ?? undefined;
  }
  return timed(runs, () => listTransactions(db, userId, null, { ...(cursor ? { cursor } : {}), limit: 20 }));
}

/** The whole reconciliation (npm run incentives -- reconcile); one run: it is minutes at worst. */
export async function measureReconcile(db: Database): Promise<{ ms: number; ok: boolean }> {
  const start = performance.now();
  const report = await reconcile(db);
  return { ms: performance.now() - start, ok: report.ok };
}

export interface FiguresSeed {
  large: string;
  single: string;
  /** A member of the large association with `coinsPerMember` coin transfers. */
  member: string;
  members: number;
}

/**
 * One association of `members` members and one of a single member, set based (generate_series):
 * five blood pressures a member over the last year and one steps day, a coin account with
 * `coinsPerMember` earnings and a point account with one earning (and its lot) each, all balanced,
 * so reconcile finds nothing. Triggers are skipped while seeding (session_replication_role) and
 * the health roll-up is then built by migration 0025's own batched backfill, whose time is answered.
 */
export async function seedFigures(
  db: Database,
  members: number,
  backfill: string,
  coinsPerMember = 2,
): Promise<FiguresSeed & { backfillMs: number }> {
  await db.transaction(async (tx) => {
    const exec = (text: string) => tx.execute(sql.raw(text));
    await exec(`set local session_replication_role = replica`);
    await exec(`set local statement_timeout = 0`);
    await exec(
      `insert into associations (id, name) values ('a0000000-0000-4000-8000-000000000001', '大規模健保'), ('a0000000-0000-4000-8000-000000000002', '小規模健保')`,
    );
    await exec(`insert into users (id, email, password_hash, nickname, association_id, created_at)
      select ('b0000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0'))::uuid, 'm' || i || '@example.jp', 'x', '会員' || i,
             case when i = 0 then 'a0000000-0000-4000-8000-000000000002'::uuid else 'a0000000-0000-4000-8000-000000000001'::uuid end,
             '2025-01-01'::timestamptz
      from generate_series(0, ${members}) i`);
    await exec(`insert into blood_pressures (user_id, measured_at, systolic, diastolic)
      select u.id, '2026-11-26T12:00:00+09:00'::timestamptz - ((h * 73 + (hashtext(u.id::text) & 65535) % 73) || ' days')::interval, 120, 80
      from users u cross join generate_series(0, 4) h`);
    await exec(
      `insert into steps (user_id, day, steps) select id, '2026-11-26'::date - (hashtext(id::text) & 65535) % 365, 8000 from users`,
    );
    await exec(`insert into point_programs (id, association_id, name) values
      ('c0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000001', 'けんこうポイント'),
      ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000002', 'けんこうポイント')`);
    await exec(`insert into ledger_accounts (key, kind, program_id) values ('coin:issuing', 'issuing', null),
      ('point:c0000000-0000-4000-8000-000000000001:issuing', 'issuing', 'c0000000-0000-4000-8000-000000000001'),
      ('point:c0000000-0000-4000-8000-000000000002:issuing', 'issuing', 'c0000000-0000-4000-8000-000000000002')`);
    await exec(`insert into ledger_accounts (key, kind, user_id, program_id, balance)
      select 'coin:member:' || u.id, 'member', u.id, null, 10 * ${coinsPerMember} from users u
      union all select 'point:' || p.id || ':member:' || u.id, 'member', u.id, p.id, 50
      from users u join point_programs p on p.association_id = u.association_id`);
    await exec(`create temporary table seed_transfers on commit drop as
      select gen_random_uuid() as id, a.id as account, a.user_id, a.program_id, case when a.program_id is null then 10 else 50 end as amount,
             '2026-11-26T12:00:00+09:00'::timestamptz - ((n * 17 + (hashtext(a.id::text) & 65535) % 300) || ' hours')::interval as at, n
      from ledger_accounts a cross join lateral generate_series(1, case when a.program_id is null then ${coinsPerMember} else 1 end) n
      where a.kind = 'member'`);
    await exec(`insert into ledger_transfers (id, debit_account_id, credit_account_id, amount, kind, user_id, program_id, description, idempotency_key, created_at)
      select t.id, i.id, t.account, t.amount, 'earn', t.user_id, t.program_id, '記録', 'seed:' || t.id, t.at
      from seed_transfers t join ledger_accounts i on i.kind = 'issuing' and i.program_id is not distinct from t.program_id`);
    await exec(`insert into ledger_entries (transfer_id, account_id, amount)
      select t.id, i.id, -t.amount from seed_transfers t join ledger_accounts i on i.kind = 'issuing' and i.program_id is not distinct from t.program_id
      union all select t.id, t.account, t.amount from seed_transfers t`);
    await exec(`insert into point_lots (account_id, grant_transfer_id, amount, remaining, expires_at, created_at)
      select t.account, t.id, t.amount, t.amount, t.at + interval '3 years', t.at from seed_transfers t where t.program_id is not null`);
  });
  const start = performance.now();
  // As the migrator runs it: one statement (the bff's 15 s statement timeout does not apply to migrations run by hand).
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = 0`));
    await tx.execute(sql.raw(backfill));
  });
  const backfillMs = performance.now() - start;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = 0`));
    await tx.execute(sql.raw(`analyze`));
  });
  return {
    large: 'a0000000-0000-4000-8000-000000000001',
    single: 'a0000000-0000-4000-8000-000000000002',
    member: 'b0000000-0000-4000-8000-000000000001',
    members,
    backfillMs,
  };
}
