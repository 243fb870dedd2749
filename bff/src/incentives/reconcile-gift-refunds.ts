// Reconciliation of cancelled gift orders (issue 27): an operator's cancellation gives the points
// back through the ledger (gift-orders.ts, a grant referenced `gift_order:<id>`), so each order an
// operator cancelled has exactly one such refund, of what was paid, to its member, and no other
// order has one (shipped, waiting, a coin prize, or cancelled by the member's leaving, whose points
// were forfeited). Kept apart from reconcile.ts's whole-ledger queries: it runs one association at
// a time, each on the orders' association index and the refunds' partial index on `reference`, so
// at a million members it reads one association's orders per query, never the ledger's every row.
import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { ReconcileBreak } from './reconcile';

export const CANCELLED_ORDER_REFUNDED_ONCE = 'each gift order an operator cancelled has exactly one refund of what was paid, to its member';
export const NO_REFUND_OTHERWISE = 'no gift order shipped, waiting or cancelled by leaving has a refund';

/** The invariants this file checks, as reconcile's report names them. */
export const giftRefundInvariants = [CANCELLED_ORDER_REFUNDED_ONCE, NO_REFUND_OTHERWISE];

interface Offending {
  association_id: string | null;
  order_number: string;
  delivery_state: string;
  expected: number;
  refunds: number;
}

/** The orders of one association (null: orders no association took) whose refunds are wrong. */
export function offendingOrders(associationId: string | null): SQL {
  return offendingOrdersWhere(associationId === null ? sql`o.association_id is null` : sql`o.association_id = ${associationId}`);
}

/**
 * The orders whose refunds may have changed since `since`: cancelled since, or named by a refund
 * written since (its reference is `gift_order:<id>`). Index ranges of what changed (migration 0028).
 */
function ordersChangedSince(since: Date): SQL {
  return sql`o.id in (select id from gift_orders where cancelled_at is not null and cancelled_at >= ${since}
                      union select substr(t.reference, 12)::uuid from ledger_transfers t
                      where t.created_at >= ${since} and t.reference like 'gift_order:%')`;
}

function offendingOrdersWhere(which: SQL): SQL {
  return sql`
    select o.association_id, o.order_number, ug.delivery_state, x.expected, coalesce(r.refunds, 0)::int as refunds
    from gift_orders o
    join user_gifts ug on ug.id = o.user_gift_id
    left join ledger_transfers paid on paid.id = ug.transfer_id
    cross join lateral (
      select case when ug.delivery_state = 'cancelled' and o.cancelled_by is not null
                       and ug.source = 'redemption' and ug.transfer_id is not null then 1 else 0 end as expected
    ) x
    left join lateral (
      -- The LIKE repeats the partial index's predicate so the planner can use it.
      select count(*)::int as refunds,
             bool_and(t.kind = 'grant' and t.user_id = ug.user_id and t.amount = paid.amount
                      and t.program_id is not distinct from paid.program_id) as exact
      from ledger_transfers t
      where t.reference like 'gift_order:%' and t.reference = 'gift_order:' || o.id::text
    ) r on true
    where ${which}
      and (coalesce(r.refunds, 0) <> x.expected or (r.refunds > 0 and not r.exact))`;
}

function rowsOf(result: unknown): Offending[] {
  return (Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? [])) as Offending[];
}

/**
 * Every association's orders checked, one association per query, or (with `since`) the orders
 * changed since then in one; answers the breaks found.
 */
export async function reconcileGiftRefunds(db: Executor, since?: Date): Promise<ReconcileBreak[]> {
  const found: Offending[] = [];
  const ids = since
    ? []
    : (rowsOf(await db.execute(sql`select id from associations`)) as unknown as Array<{ id: string }>).map((row) => row.id);
  const queries = since ? [offendingOrdersWhere(ordersChangedSince(since))] : [...ids, null].map((id) => offendingOrders(id));
  for (const query of queries) {
    // Each query is small (one association's orders, one index lookup each), but the planner prices
    // the refund lookups high and would JIT-compile it: on PostgreSQL that took longer than the query
    // (100 ms a query, 40% of the whole check at 100,000 orders). One short transaction per
    // association, so a long check holds no snapshot open across them.
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return rowsOf(await tx.execute(query));
    });
    found.push(...rows);
  }
  const breaks: ReconcileBreak[] = [];
  for (const [invariant, rows] of [
    [CANCELLED_ORDER_REFUNDED_ONCE, found.filter((row) => row.expected === 1)],
    [NO_REFUND_OTHERWISE, found.filter((row) => row.expected === 0)],
  ] as const) {
    if (rows.length > 0) breaks.push({ invariant, count: rows.length, examples: rows.slice(0, 5) });
  }
  return breaks;
}
