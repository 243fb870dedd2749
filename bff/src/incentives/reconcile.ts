// Reconciliation: every invariant of the ledger checked over the whole database, each break
// reported with a few examples. Read-only; the operator CLI runs it (`npm run incentives -- reconcile`).
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

/** Each invariant as a query returning the rows that break it. */
const INVARIANTS: Array<[string, SQL]> = [
  [
    'each transfer has one debit and one credit entry of its amount',
    sql`select t.id from ledger_transfers t
        left join ledger_entries d on d.transfer_id = t.id and d.account_id = t.debit_account_id and d.amount = -t.amount
        left join ledger_entries c on c.transfer_id = t.id and c.account_id = t.credit_account_id and c.amount = t.amount
        where d.id is null or c.id is null or (select count(*) from ledger_entries e where e.transfer_id = t.id) <> 2`,
  ],
  ['the sum of all entries is zero', sql`select sum(amount) as total from ledger_entries having coalesce(sum(amount), 0) <> 0`],
  [
    'a transfer moves one currency: both accounts belong to its program (or both to coins)',
    sql`select t.id from ledger_transfers t
        join ledger_accounts d on d.id = t.debit_account_id join ledger_accounts c on c.id = t.credit_account_id
        where d.program_id is distinct from t.program_id or c.program_id is distinct from t.program_id`,
  ],
  [
    'no member balance below zero (cached or summed)',
    sql`select a.id, a.balance, coalesce(sum(e.amount), 0) as entries from ledger_accounts a
        left join ledger_entries e on e.account_id = a.id where a.kind = 'member'
        group by a.id having a.balance < 0 or coalesce(sum(e.amount), 0) < 0`,
  ],
  [
    "a member's cached balance equals the sum of their entries",
    sql`select a.id, a.balance, coalesce(sum(e.amount), 0) as entries from ledger_accounts a
        left join ledger_entries e on e.account_id = a.id where a.kind = 'member'
        group by a.id having a.balance <> coalesce(sum(e.amount), 0)`,
  ],
  [
    "a point account's lots hold its balance",
    sql`select a.id, a.balance, coalesce(sum(l.remaining), 0) as lots from ledger_accounts a
        left join point_lots l on l.account_id = a.id where a.kind = 'member' and a.program_id is not null
        group by a.id having a.balance <> coalesce(sum(l.remaining), 0)`,
  ],
  [
    'each lot was granted by a credit of its amount to its account, and holds its amount less its uses',
    sql`select l.id from point_lots l join ledger_transfers t on t.id = l.grant_transfer_id
        where t.credit_account_id <> l.account_id or t.amount <> l.amount
           or l.remaining <> l.amount - coalesce((select sum(u.amount) from point_lot_uses u where u.lot_id = l.id), 0)`,
  ],
  [
    'each point credit to a member created one lot',
    // Lots counted once per grant (a grouped join), not by a subquery per transfer: linear however
    // large the ledger (a correlated count has no index on grant_transfer_id to use).
    sql`select t.id from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
        left join (select grant_transfer_id, count(*) as lots from point_lots group by grant_transfer_id) l
          on l.grant_transfer_id = t.id
        where a.kind = 'member' and a.program_id is not null and coalesce(l.lots, 0) <> 1`,
  ],
  [
    "each point debit from a member took its amount from that member's lots",
    // Uses summed once per transfer and account (a grouped join), not by a subquery per debit:
    // that one hashed the member's every lot for each debit, 7 s at 100,000 operations and past
    // the statement timeout when the machine was busy.
    sql`select t.id from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
        left join (select u.transfer_id, l.account_id, sum(u.amount) as used
                   from point_lot_uses u join point_lots l on l.id = u.lot_id group by u.transfer_id, l.account_id) x
          on x.transfer_id = t.id and x.account_id = a.id
        where a.kind = 'member' and a.program_id is not null and t.amount <> coalesce(x.used, 0)`,
  ],
  [
    'an expiry took only lots that were due',
    sql`select u.lot_id, u.transfer_id from point_lot_uses u join point_lots l on l.id = u.lot_id
        join ledger_transfers t on t.id = u.transfer_id where t.kind = 'expire' and l.expires_at > t.created_at`,
  ],
  [
    'each redeemed gift has its redemption transfer from the same member, and each redemption its gift',
    sql`select coalesce(g.id::text, t.id::text) as id from user_gifts g
        full join (select * from ledger_transfers where kind = 'redeem') t on t.id = g.transfer_id
        where (g.source = 'redemption' or g.id is null)
          and (t.id is null or g.id is null or g.user_id is distinct from t.user_id)`,
  ],
  [
    'each draw was paid by a challenge transfer of the member, and each challenge transfer is a draw',
    sql`select coalesce(d.id::text, t.id::text) as id from gift_challenge_draws d
        full join (select * from ledger_transfers where kind = 'challenge') t on t.id = d.transfer_id
        where t.id is null or d.id is null or d.user_id is distinct from t.user_id`,
  ],
  [
    'each competition transfer has exactly one coin entry of the same member and its cost, and each coin entry its transfer',
    // Entries grouped once per transfer (a coin entry without a transfer groups under null and
    // finds none), then one full join with the competition transfers: linear in both tables.
    sql`select coalesce(t.id::text, x.transfer_id::text, 'entry without transfer') as id from
        (select e.transfer_id, count(*) as entries, min(e.user_id::text) as user_id, min(c.coin_cost) as cost
           from prize_competition_entries e join prize_competitions c on c.id = e.competition_id
          where c.entry_kind = 'coins' group by e.transfer_id) x
        full join (select id, user_id, amount, program_id from ledger_transfers where kind = 'competition') t
          on t.id = x.transfer_id
        where t.id is null or x.transfer_id is null or x.entries <> 1 or x.user_id is distinct from t.user_id::text
           or x.cost <> t.amount or t.program_id is not null`,
  ],
  [
    'each digital gift handed out has exactly one code',
    sql`select ug.id from user_gifts ug join gifts g on g.id = ug.gift_id
        where g.kind = 'digital_code' and (select count(*) from gift_codes c where c.user_gift_id = ug.id) <> 1`,
  ],
];

function rowsOf(result: unknown): unknown[] {
  return Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
}

export async function reconcile(db: Executor): Promise<ReconcileReport> {
  const breaks: ReconcileBreak[] = [];
  for (const [invariant, query] of INVARIANTS) {
    const rows = rowsOf(await db.execute(query));
    if (rows.length > 0) breaks.push({ invariant, count: rows.length, examples: rows.slice(0, 5) });
  }
  // Gift orders' refunds: per association, in their own file (reconcile-gift-refunds.ts).
  breaks.push(...(await reconcileGiftRefunds(db)));
  return { ok: breaks.length === 0, checked: [...INVARIANTS.map(([name]) => name), ...giftRefundInvariants], breaks };
}
