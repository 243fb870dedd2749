// Reconciliation: every invariant of the ledger checked, each break reported with a few examples.
// Read-only. Over the whole database by the operator CLI (`npm run incentives -- reconcile`), and
// over what changed since its last pass by the incentives job (job.ts).
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { giftRefundInvariants, reconcileGiftRefunds } from './reconcile-gift-refunds';

export interface ReconcileBreak {
  invariant: string;
  count: number;
  /** Up to five offending rows, as the query found them. */
  examples: unknown[];
}

export interface ReconcileReport {
  ok: boolean;
  checked: string[];
  breaks: ReconcileBreak[];
}

/**
 * The rows of each driving table an incremental pass re-checks: those written since `since`, and
 * those whose state a transfer since then changed (the accounts it moved, the lots it took from).
 * Each is an index range of what changed (migration 0028), never a read of the whole table.
 * Transfers, entries, uses, gifts, draws and competition entries are only ever inserted; a lot's
 * `remaining` and an account's balance change only with a transfer, which names them.
 */
const NEW_TRANSFERS = (since: Date) => sql`select id from ledger_transfers where created_at >= ${since}`;
const CHANGED_SINCE = {
  ledger_transfers: (column, since) => sql`${column} in (${NEW_TRANSFERS(since)})`,
  ledger_entries: (column, since) => sql`${column} in (select e.id from ledger_entries e where e.transfer_id in (${NEW_TRANSFERS(since)}))`,
  ledger_accounts: (column, since) =>
    sql`${column} in (select debit_account_id from ledger_transfers where created_at >= ${since}
                      union select credit_account_id from ledger_transfers where created_at >= ${since})`,
  point_lots: (column, since) =>
    sql`${column} in (select l.id from point_lots l where l.grant_transfer_id in (${NEW_TRANSFERS(since)})
                      union select u.lot_id from point_lot_uses u where u.transfer_id in (${NEW_TRANSFERS(since)}))`,
  user_gifts: (column, since) => sql`${column} in (select id from user_gifts where created_at >= ${since})`,
  gift_challenge_draws: (column, since) => sql`${column} in (select id from gift_challenge_draws where created_at >= ${since})`,
  prize_competition_entries: (column, since) => sql`${column} in (select id from prize_competition_entries where entered_at >= ${since})`,
} satisfies Record<string, (column: SQL, since: Date) => SQL>;

/**
 * Each invariant as queries over slices of one table's ids (issue 28): `in(column)` limits the
 * driving table to one slice, and everything else a row is checked against is read by index for
 * that row (a lateral subquery or a join on a key), so each statement reads its slice's share,
 * whatever the size of the ledger: 42 s and a 12.6 s statement at a million members as whole-table
 * queries, against the 15 s statement timeout. A check that two tables match each other both
 * ways (a full join before) is two queries, one driven by each table. "The sum of all entries"
 * sums each slice and adds them here.
 */
type Slice = (column: SQL) => SQL;
interface Check {
  /**
   * The table whose ids are sliced: its size sets the number of slices, and what changed in it
   * the rows of an incremental pass.
   */
  table: keyof typeof CHANGED_SINCE;
  rows: (slice: Slice) => SQL;
  /** The query answers one `total` per slice, and the invariant is that they add up to zero. */
  sumsToZero?: true;
}

const INVARIANTS: Array<[string, Check[]]> = [
  [
    'each transfer has one debit and one credit entry of its amount',
    [
      {
        table: 'ledger_transfers',
        rows: (inSlice) => sql`select t.id from ledger_transfers t
          cross join lateral (select count(*) as entries,
                                     count(*) filter (where e.account_id = t.debit_account_id and e.amount = -t.amount) as debits,
                                     count(*) filter (where e.account_id = t.credit_account_id and e.amount = t.amount) as credits
                              from ledger_entries e where e.transfer_id = t.id) x
          where ${inSlice(sql`t.id`)} and (x.debits = 0 or x.credits = 0 or x.entries <> 2)`,
      },
    ],
  ],
  [
    'the sum of all entries is zero',
    [
      {
        table: 'ledger_entries',
        sumsToZero: true,
        rows: (inSlice) => sql`select coalesce(sum(amount), 0)::text as total from ledger_entries where ${inSlice(sql`id`)}`,
      },
    ],
  ],
  [
    'a transfer moves one currency: both accounts belong to its program (or both to coins)',
    [
      {
        table: 'ledger_transfers',
        rows: (inSlice) => sql`select t.id from ledger_transfers t
          join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
          where ${inSlice(sql`t.id`)} and (d.program_id is distinct from t.program_id or c.program_id is distinct from t.program_id)`,
      },
    ],
  ],
  [
    'no member balance below zero (cached or summed)',
    [
      {
        table: 'ledger_accounts',
        rows: (inSlice) => sql`select a.id, a.balance, x.entries from ledger_accounts a
          cross join lateral (select coalesce(sum(e.amount), 0) as entries from ledger_entries e where e.account_id = a.id) x
          where ${inSlice(sql`a.id`)} and a.kind = 'member' and (a.balance < 0 or x.entries < 0)`,
      },
    ],
  ],
  [
    "a member's cached balance equals the sum of their entries",
    [
      {
        table: 'ledger_accounts',
        rows: (inSlice) => sql`select a.id, a.balance, x.entries from ledger_accounts a
          cross join lateral (select coalesce(sum(e.amount), 0) as entries from ledger_entries e where e.account_id = a.id) x
          where ${inSlice(sql`a.id`)} and a.kind = 'member' and a.balance <> x.entries`,
      },
    ],
  ],
  [
    "a point account's lots hold its balance",
    [
      {
        table: 'ledger_accounts',
        rows: (inSlice) => sql`select a.id, a.balance, x.lots from ledger_accounts a
          cross join lateral (select coalesce(sum(l.remaining), 0) as lots from point_lots l where l.account_id = a.id) x
          where ${inSlice(sql`a.id`)} and a.kind = 'member' and a.program_id is not null and a.balance <> x.lots`,
      },
    ],
  ],
  [
    'each lot was granted by a credit of its amount to its account, and holds its amount less its uses',
    [
      {
        table: 'point_lots',
        rows: (inSlice) => sql`select l.id from point_lots l join ledger_transfers t on t.id = l.grant_transfer_id
          where ${inSlice(sql`l.id`)} and (t.credit_account_id <> l.account_id or t.amount <> l.amount
             or l.remaining <> l.amount - coalesce((select sum(u.amount) from point_lot_uses u where u.lot_id = l.id), 0))`,
      },
    ],
  ],
  [
    'each point credit to a member created one lot',
    [
      {
        table: 'ledger_transfers',
        // point_lots_grant_transfer_idx (migration 0025) counts a transfer's lots.
        rows: (inSlice) => sql`select t.id from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
          where ${inSlice(sql`t.id`)} and a.kind = 'member' and a.program_id is not null
            and (select count(*) from point_lots l where l.grant_transfer_id = t.id) <> 1`,
      },
    ],
  ],
  [
    "each point debit from a member took its amount from that member's lots",
    [
      {
        table: 'ledger_transfers',
        rows: (inSlice) => sql`select t.id from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
          where ${inSlice(sql`t.id`)} and a.kind = 'member' and a.program_id is not null
            and t.amount <> coalesce((select sum(u.amount) from point_lot_uses u join point_lots l on l.id = u.lot_id
                                      where u.transfer_id = t.id and l.account_id = a.id), 0)`,
      },
    ],
  ],
  [
    'an expiry took only lots that were due',
    [
      {
        table: 'ledger_transfers',
        rows: (inSlice) => sql`select u.lot_id, u.transfer_id from ledger_transfers t join point_lot_uses u on u.transfer_id = t.id
          join point_lots l on l.id = u.lot_id where ${inSlice(sql`t.id`)} and t.kind = 'expire' and l.expires_at > t.created_at`,
      },
    ],
  ],
  [
    'each redeemed gift has its redemption transfer from the same member, and each redemption its gift',
    [
      {
        table: 'user_gifts',
        rows: (inSlice) => sql`select g.id::text as id from user_gifts g
          left join ledger_transfers t on t.id = g.transfer_id and t.kind = 'redeem'
          where ${inSlice(sql`g.id`)} and g.source = 'redemption' and (t.id is null or g.user_id is distinct from t.user_id)`,
      },
      {
        table: 'ledger_transfers',
        rows: (inSlice) => sql`select t.id::text as id from ledger_transfers t
          where ${inSlice(sql`t.id`)} and t.kind = 'redeem' and not exists (select 1 from user_gifts g where g.transfer_id = t.id)`,
      },
    ],
  ],
  [
    'each draw was paid by a challenge transfer of the member, and each challenge transfer is a draw',
    [
      {
        table: 'gift_challenge_draws',
        rows: (inSlice) => sql`select d.id::text as id from gift_challenge_draws d
          left join ledger_transfers t on t.id = d.transfer_id and t.kind = 'challenge'
          where ${inSlice(sql`d.id`)} and (t.id is null or d.user_id is distinct from t.user_id)`,
      },
      {
        table: 'ledger_transfers',
        rows: (inSlice) => sql`select t.id::text as id from ledger_transfers t
          where ${inSlice(sql`t.id`)} and t.kind = 'challenge' and not exists (select 1 from gift_challenge_draws d where d.transfer_id = t.id)`,
      },
    ],
  ],
  [
    'each competition transfer has exactly one coin entry of the same member and its cost, and each coin entry its transfer',
    [
      {
        table: 'ledger_transfers',
        // prize_competition_entries_transfer_idx (migration 0025) finds a transfer's entries.
        rows: (inSlice) => sql`select t.id::text as id from ledger_transfers t
          cross join lateral (select count(*) as entries, min(e.user_id::text) as user_id, min(c.coin_cost) as cost
                              from prize_competition_entries e join prize_competitions c on c.id = e.competition_id
                              where e.transfer_id = t.id and c.entry_kind = 'coins') x
          where ${inSlice(sql`t.id`)} and t.kind = 'competition'
            and (x.entries <> 1 or x.user_id is distinct from t.user_id::text or x.cost <> t.amount or t.program_id is not null)`,
      },
      {
        table: 'prize_competition_entries',
        rows: (inSlice) => sql`select coalesce(e.transfer_id::text, 'entry without transfer') as id
          from prize_competition_entries e join prize_competitions c on c.id = e.competition_id
          where ${inSlice(sql`e.id`)} and c.entry_kind = 'coins'
            and not exists (select 1 from ledger_transfers t where t.id = e.transfer_id and t.kind = 'competition')`,
      },
    ],
  ],
  [
    'each digital gift handed out has exactly one code',
    [
      {
        table: 'user_gifts',
        rows: (inSlice) => sql`select ug.id from user_gifts ug join gifts g on g.id = ug.gift_id
          where ${inSlice(sql`ug.id`)} and g.kind = 'digital_code' and (select count(*) from gift_codes c where c.user_gift_id = ug.id) <> 1`,
      },
    ],
  ],
];

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}

/** About this many rows of the driving table per statement. */
const ROWS_PER_SLICE = 50_000;
const MAX_SLICES = 4096;

/**
 * The slices of a table's uuid ids: equal ranges of the id's first 32 bits, as many as its size
 * (the planner's estimate) asks for. Random (v4) ids spread evenly over them.
 */
async function slicesOf(db: Executor, table: string): Promise<Slice[]> {
  const [row] = rowsOf(
    await db.execute(sql`select greatest(reltuples, 0)::bigint as n from pg_class where oid = ${table}::regclass`),
  ) as Array<{
    n: string | number;
  }>;
  const count = Math.min(MAX_SLICES, Math.max(1, Math.ceil(Number(row?.n ?? 0) / ROWS_PER_SLICE)));
  if (count === 1) return [() => sql`true`];
  const bound = (index: number) =>
    `${Math.floor((index * 2 ** 32) / count)
      .toString(16)
      .padStart(8, '0')}-0000-0000-0000-000000000000`;
  return Array.from(
    { length: count },
    (_, index) => (column: SQL) =>
      index === count - 1
        ? sql`${column} >= ${bound(index)}::uuid`
        : sql`${column} >= ${bound(index)}::uuid and ${column} < ${bound(index + 1)}::uuid`,
  );
}

export interface ReconcileOptions {
  /**
   * Only what changed since this moment (the reconcile job's pass, job.ts): each
   * invariant checked over the rows written or moved since, at the cost of those rows. Without
   * it, the whole ledger, in slices (the operators' `npm run incentives -- reconcile`).
   */
  since?: Date;
}

export async function reconcile(db: Executor, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const { since } = options;
  const breaks: ReconcileBreak[] = [];
  const slices = new Map<string, Slice[]>();
  for (const [invariant, checks] of INVARIANTS) {
    const found: unknown[] = [];
    let total = 0n;
    for (const check of checks) {
      if (!slices.has(check.table))
        slices.set(check.table, since ? [(column) => CHANGED_SINCE[check.table](column, since)] : await slicesOf(db, check.table));
      for (const inSlice of slices.get(check.table)!) {
        const rows = rowsOf(await db.execute(check.rows(inSlice)));
        if (check.sumsToZero) total += BigInt(String((rows[0] as { total: string }).total));
        else found.push(...rows);
      }
      if (check.sumsToZero && total.toString() !== '0') found.push({ total: total.toString() });
    }
    if (found.length > 0) breaks.push({ invariant, count: found.length, examples: found.slice(0, 5) });
  }
  // Gift orders' refunds: per association, in their own file (reconcile-gift-refunds.ts).
  breaks.push(...(await reconcileGiftRefunds(db, since)));
  return { ok: breaks.length === 0, checked: [...INVARIANTS.map(([name]) => name), ...giftRefundInvariants], breaks };
}
