// The one writer of the ledger tables (ledger_accounts, ledger_transfers, ledger_entries,
// point_lots, point_lot_uses). Every change of a balance is a transfer between two accounts of one
// currency (coins, or one program's points) with a debit and a credit entry of the same amount.
// A member's account row is locked (SELECT … FOR UPDATE) for the whole transaction of any change
// to it, so concurrent spends of one member run one after the other and the cached balance, kept
// >= 0 by a CHECK, always equals the sum of the entries (reconcile.ts verifies it).
import { DEFAULT_POINT_EXPIRY_MONTHS, pointLotExpiry } from '@sukoyaka/contract';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Executor, type Transaction } from '../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransfers, pointLots, pointLotUses, pointPrograms } from '../db/schema';
import { newRowId } from '../lib/row-ids';

/** null: coins; otherwise a point program's id. */
export type ProgramId = string | null;
export type SystemAccountKind = 'issuing' | 'redemption' | 'expiry' | 'adjustment';
export type TransferKind = 'earn' | 'grant' | 'revoke' | 'redeem' | 'expire' | 'challenge' | 'prize' | 'competition';

const currencyOf = (programId: ProgramId) => (programId === null ? 'coin' : `point:${programId}`);
export const memberAccountKey = (userId: string, programId: ProgramId) => `${currencyOf(programId)}:member:${userId}`;
export const systemAccountKey = (kind: SystemAccountKind, programId: ProgramId) => `${currencyOf(programId)}:${kind}`;

/** Not enough balance for a spend: nothing was written. */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly balance: number,
    readonly needed: number,
  ) {
    super(`insufficient balance: ${balance} < ${needed}`);
    this.name = 'InsufficientBalanceError';
  }
}

/** A system account's id, created on first use (a concurrent creator's row is taken as it is). */
export async function systemAccount(tx: Executor, kind: SystemAccountKind, programId: ProgramId): Promise<string> {
  const key = systemAccountKey(kind, programId);
  const [found] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.key, key));
  if (found) return found.id;
  await tx.insert(ledgerAccounts).values({ key, kind, programId }).onConflictDoNothing({ target: ledgerAccounts.key });
  const [created] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.key, key));
  return created!.id;
}

/** The member's account, created if missing, locked until the transaction ends. */
export async function lockMemberAccount(tx: Transaction, userId: string, programId: ProgramId): Promise<{ id: string; balance: number }> {
  const { id, balance } = await lockAccount(tx, userId, programId, null);
  return { id, balance };
}

/**
 * The member's account, created if missing, locked; with the id of a system account read in the
 * same statement (null when that account does not exist yet, or none was asked for). The system
 * account is safe to read there: it never changes once made, so the snapshot the statement took
 * before waiting for the lock reads it right.
 */
async function lockAccount(
  tx: Transaction,
  userId: string,
  programId: ProgramId,
  systemKey: string | null,
): Promise<{ id: string; balance: number; system: string | null }> {
  const key = memberAccountKey(userId, programId);
  const system =
    systemKey === null ? sql<string | null>`null::uuid` : sql<string | null>`(select id from ${ledgerAccounts} where key = ${systemKey})`;
  const select = () =>
    tx
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, system })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.key, key))
      .for('update');
  let [row] = await select();
  if (!row) {
    await tx
      .insert(ledgerAccounts)
      .values({ key, kind: 'member', userId, programId, balance: 0 })
      .onConflictDoNothing({ target: ledgerAccounts.key });
    [row] = await select();
  }
  return { id: row!.id, balance: Number(row!.balance), system: row!.system };
}

/** The member's account without a lock, for reads; null when the member never had a movement. */
export async function findMemberAccount(
  db: Executor,
  userId: string,
  programId: ProgramId,
): Promise<{ id: string; balance: number } | null> {
  const [row] = await db
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.key, memberAccountKey(userId, programId)));
  return row ? { id: row.id, balance: Number(row.balance) } : null;
}

/** A transfer's values; its accounts as ids, or as SQL that names them in the statement. */
interface TransferRow<Account = string> {
  debitAccountId: Account;
  creditAccountId: Account;
  amount: number;
  kind: TransferKind;
  userId: string | null;
  programId: ProgramId;
  description: string;
  reference: string | null;
  idempotencyKey: string;
  now: Date;
}

/**
 * The common table expressions `transfer`, `entries` and `moved` of a statement that writes one
 * transfer, its two entries (from the transfer's own row) and the member account's cached balance
 * (+ credited, − debited). The transfer's row is selected `from` what the statement has before
 * (empty: the values alone); a key already used writes none of the three.
 */
function transferWrites(id: string, row: TransferRow<SQL>, member: { accountId: SQL; delta: number }, from: SQL): SQL {
  return sql`transfer as (
        insert into ${ledgerTransfers} (id, debit_account_id, credit_account_id, amount, kind, user_id, program_id, description, reference, idempotency_key, created_at)
        select ${id}::uuid, ${row.debitAccountId}, ${row.creditAccountId}, ${row.amount}::bigint, ${row.kind}, ${row.userId}::uuid, ${row.programId}::uuid,
               ${row.description}, ${row.reference}, ${row.idempotencyKey}, ${row.now.toISOString()}::timestamptz ${from}
        on conflict (idempotency_key) do nothing
        returning id, debit_account_id, credit_account_id, amount
      ), entries as (
        insert into ${ledgerEntries} (transfer_id, account_id, amount)
        select transfer.id, side.account_id, side.amount from transfer,
          lateral (values (transfer.debit_account_id, -transfer.amount), (transfer.credit_account_id, transfer.amount)) as side(account_id, amount)
      ), moved as (
        update ${ledgerAccounts} set balance = balance + ${member.delta}::bigint
        where id = ${member.accountId} and exists (select from transfer)
      )`;
}

/**
 * Writes one transfer and its two entries, and moves the member account's cached balance by the
 * same amount (+ credited, − debited): one statement, the transfer's id made here (issue 28: a
 * redemption's round trips). The caller holds the member account's lock. A key already used
 * writes nothing and answers null: the key's unique index decides, which sees what a movement of
 * the same key committed while this one waited for the lock (a read in the locking statement
 * would not; decision 0009).
 */
async function writeTransfer(tx: Executor, row: TransferRow, member: { accountId: string; delta: number }): Promise<string | null> {
  const id = newRowId();
  const accounts = { debitAccountId: sql`${row.debitAccountId}::uuid`, creditAccountId: sql`${row.creditAccountId}::uuid` };
  const writes = transferWrites(
    id,
    { ...row, ...accounts },
    { accountId: sql`${member.accountId}::uuid`, delta: member.delta },
    sql.empty(),
  );
  const [written] = rowsOf<{ id: string }>(await tx.execute(sql`with ${writes} select id from transfer`));
  return written ? id : null;
}

/**
 * The member's account locked and the system account on the other side (created on first use),
 * in one statement: whether the key was used already is left to the transfer's write.
 */
async function lockForMovement(
  tx: Transaction,
  movement: Movement,
  kind: SystemAccountKind,
): Promise<{ account: { id: string; balance: number }; systemAccountId: string }> {
  const { id, balance, system } = await lockAccount(tx, movement.userId, movement.programId, systemAccountKey(kind, movement.programId));
  return { account: { id, balance }, systemAccountId: system ?? (await systemAccount(tx, kind, movement.programId)) };
}

/** The transfer row of a member's movement between their account and a system account. */
const transferOf = <Account>(
  movement: Movement & { kind: TransferKind },
  accounts: { debitAccountId: Account; creditAccountId: Account },
): TransferRow<Account> => ({
  ...accounts,
  amount: movement.amount,
  kind: movement.kind,
  userId: movement.userId,
  programId: movement.programId,
  description: movement.description,
  reference: movement.reference ?? null,
  idempotencyKey: movement.idempotencyKey,
  now: movement.now,
});

export interface Movement {
  userId: string;
  programId: ProgramId;
  amount: number;
  description: string;
  reference?: string | null;
  /** Unique per movement: the same key again returns the first transfer and writes nothing. */
  idempotencyKey: string;
  now: Date;
}

export interface MovementResult {
  transferId: string;
  /** True when the key had been used: nothing new was written. */
  replayed: boolean;
  /** The member's balance after the movement (for a replay: now). */
  balance: number;
}

/** When points granted now expire: the program's months later (3 years by default). */
export async function lotExpiry(tx: Executor, programId: string, now: Date): Promise<Date> {
  const [program] = await tx.select({ months: pointPrograms.expiryMonths }).from(pointPrograms).where(eq(pointPrograms.id, programId));
  // The rule is the contract's, as the pages and the FAQ explain it.
  return pointLotExpiry(now, program?.months ?? DEFAULT_POINT_EXPIRY_MONTHS);
}

/**
 * Credits a member from the currency's issuing account (earn, prize) or adjustment account
 * (grant); points become a lot expiring at `expiresAt` (default: the program's expiry).
 */
export async function credit(
  tx: Transaction,
  movement: Movement & { kind: 'earn' | 'grant' | 'prize'; expiresAt?: Date },
): Promise<MovementResult> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) throw new Error('a credit must be a positive whole number');
  const { account, systemAccountId } = await lockForMovement(tx, movement, movement.kind === 'grant' ? 'adjustment' : 'issuing');
  const transferId = await writeTransfer(tx, transferOf(movement, { debitAccountId: systemAccountId, creditAccountId: account.id }), {
    accountId: account.id,
    delta: movement.amount,
  });
  if (transferId === null) return replayOf(tx, movement, account);
  if (movement.programId !== null) {
    const expiresAt = movement.expiresAt ?? (await lotExpiry(tx, movement.programId, movement.now));
    await tx.insert(pointLots).values({
      accountId: account.id,
      grantTransferId: transferId,
      amount: movement.amount,
      remaining: movement.amount,
      expiresAt,
      createdAt: movement.now,
    });
  }
  return { transferId, replayed: false, balance: account.balance + movement.amount };
}

/** The movement's key used before, if it was: its first transfer, and the balance as the lock read it. */
async function earlierMovement(tx: Executor, movement: Movement, account: { balance: number }): Promise<MovementResult | null> {
  const [row] = await tx
    .select({ id: ledgerTransfers.id })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, movement.idempotencyKey));
  return row ? { transferId: row.id, replayed: true, balance: account.balance } : null;
}

/** A movement whose transfer the key's unique index refused: the key's first movement. */
async function replayOf(tx: Executor, movement: Movement, account: { balance: number }): Promise<MovementResult> {
  const earlier = await earlierMovement(tx, movement, account);
  if (!earlier) throw new Error('replayOf: the key has no transfer');
  return earlier;
}

/**
 * Many members' accounts (created if missing) locked until the transaction ends, in two
 * statements; locked in key order, so two batches locking overlapping members never deadlock.
 * Keyed by memberAccountKey.
 */
export async function lockMemberAccounts(
  tx: Transaction,
  pairs: Array<{ userId: string; programId: ProgramId }>,
): Promise<Map<string, { id: string; balance: number }>> {
  const unique = [...new Map(pairs.map((pair) => [memberAccountKey(pair.userId, pair.programId), pair] as const))];
  const locked = new Map<string, { id: string; balance: number }>();
  if (unique.length === 0) return locked;
  await tx
    .insert(ledgerAccounts)
    .values(unique.map(([key, pair]) => ({ key, kind: 'member' as const, userId: pair.userId, programId: pair.programId, balance: 0 })))
    .onConflictDoNothing({ target: ledgerAccounts.key });
  const rows = await tx
    .select({ id: ledgerAccounts.id, key: ledgerAccounts.key, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(
      inArray(
        ledgerAccounts.key,
        unique.map(([key]) => key),
      ),
    )
    .orderBy(asc(ledgerAccounts.key))
    .for('update');
  for (const row of rows) locked.set(row.key, { id: row.id, balance: Number(row.balance) });
  return locked;
}

/**
 * Earnings credited together (the earning job's batch), in a few statements whatever their
 * number: the member accounts must be locked by the caller (lockMemberAccounts). Each is what
 * credit() of kind 'earn' writes: a transfer from the currency's issuing account with its two
 * entries, the balance, and for points a lot expiring by the program's rule. A key already used
 * writes nothing and answers its first transfer. Answers the transfer id per idempotency key.
 */
export async function creditEarnings(
  tx: Transaction,
  movements: Array<Movement & { expiryMonths?: number }>,
  accounts: Map<string, { id: string; balance: number }>,
): Promise<Map<string, string>> {
  const transferIds = new Map<string, string>();
  if (movements.length === 0) return transferIds;
  for (const movement of movements)
    if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) throw new Error('a credit must be a positive whole number');
  const previous = await tx
    .select({ id: ledgerTransfers.id, key: ledgerTransfers.idempotencyKey })
    .from(ledgerTransfers)
    .where(
      inArray(
        ledgerTransfers.idempotencyKey,
        movements.map((movement) => movement.idempotencyKey),
      ),
    );
  for (const row of previous) transferIds.set(row.key, row.id);
  const fresh = movements.filter((movement) => !transferIds.has(movement.idempotencyKey));
  if (fresh.length === 0) return transferIds;
  const issuing = new Map<ProgramId, string>();
  for (const programId of new Set(fresh.map((movement) => movement.programId)))
    issuing.set(programId, await systemAccount(tx, 'issuing', programId));
  const rows = fresh.map((movement) => {
    const account = accounts.get(memberAccountKey(movement.userId, movement.programId));
    if (!account) throw new Error('creditEarnings: the member account is not locked');
    return { movement, id: newRowId(), accountId: account.id, source: issuing.get(movement.programId)! };
  });
  await tx.insert(ledgerTransfers).values(
    rows.map(({ movement, id, accountId, source }) => ({
      id,
      debitAccountId: source,
      creditAccountId: accountId,
      amount: movement.amount,
      kind: 'earn' as const,
      userId: movement.userId,
      programId: movement.programId,
      description: movement.description,
      reference: movement.reference ?? null,
      idempotencyKey: movement.idempotencyKey,
      createdAt: movement.now,
    })),
  );
  await tx.insert(ledgerEntries).values(
    rows.flatMap(({ movement, id, accountId, source }) => [
      { transferId: id, accountId: source, amount: -movement.amount },
      { transferId: id, accountId, amount: movement.amount },
    ]),
  );
  const deltas = new Map<string, number>();
  for (const { movement, accountId } of rows) deltas.set(accountId, (deltas.get(accountId) ?? 0) + movement.amount);
  await tx.execute(sql`
    update ${ledgerAccounts} set balance = ${ledgerAccounts.balance} + v.delta
    from (values ${sql.join(
      [...deltas].map(([id, delta]) => sql`(${id}::uuid, ${delta}::bigint)`),
      sql`, `,
    )}) as v(id, delta)
    where ${ledgerAccounts.id} = v.id`);
  const lots = rows.filter(({ movement }) => movement.programId !== null);
  if (lots.length > 0)
    await tx.insert(pointLots).values(
      lots.map(({ movement, id, accountId }) => ({
        accountId,
        grantTransferId: id,
        amount: movement.amount,
        remaining: movement.amount,
        expiresAt: pointLotExpiry(movement.now, movement.expiryMonths ?? DEFAULT_POINT_EXPIRY_MONTHS),
        createdAt: movement.now,
      })),
    );
  for (const { movement, id } of rows) transferIds.set(movement.idempotencyKey, id);
  return transferIds;
}

/** Takes `amount` from the account's lots, soonest expiry first, recording each use. */
async function consumeLots(
  tx: Executor,
  accountId: string,
  amount: number,
  transferId: string,
  now: Date,
  dueOnly: boolean,
): Promise<number> {
  const lots = await tx
    .select({ id: pointLots.id, remaining: pointLots.remaining })
    .from(pointLots)
    .where(
      and(
        eq(pointLots.accountId, accountId),
        gt(pointLots.remaining, 0),
        dueOnly ? lte(pointLots.expiresAt, now) : gt(pointLots.expiresAt, now),
      ),
    )
    .orderBy(asc(pointLots.expiresAt), asc(pointLots.id));
  let left = amount;
  for (const lot of lots) {
    if (left === 0) break;
    const take = Math.min(left, Number(lot.remaining));
    await tx
      .update(pointLots)
      .set({ remaining: sql`${pointLots.remaining} - ${take}` })
      .where(eq(pointLots.id, lot.id));
    await tx.insert(pointLotUses).values({ lotId: lot.id, transferId, amount: take });
    left -= take;
  }
  return amount - left;
}

/**
 * Expires the locked account's lots that are due (expires_at <= now): one transfer of their
 * remaining points to the program's expiry account. Returns the amount expired.
 */
async function expireLocked(
  tx: Transaction,
  account: { id: string; balance: number },
  userId: string,
  programId: string,
  now: Date,
): Promise<number> {
  const [due] = await tx
    .select({ total: sql<string>`coalesce(sum(${pointLots.remaining}), 0)` })
    .from(pointLots)
    .where(and(eq(pointLots.accountId, account.id), gt(pointLots.remaining, 0), lte(pointLots.expiresAt, now)));
  const amount = Number(due?.total ?? 0);
  if (amount === 0) return 0;
  const transferId = await writeTransfer(
    tx,
    {
      debitAccountId: account.id,
      creditAccountId: await systemAccount(tx, 'expiry', programId),
      amount,
      kind: 'expire',
      userId,
      programId,
      description: 'ポイントの有効期限切れ',
      reference: null,
      idempotencyKey: `expire:${account.id}:${randomUUID()}`,
      now,
    },
    { accountId: account.id, delta: -amount },
  );
  // The key is new each time: a null would be a broken unique index, not a replay.
  if (transferId === null) throw new Error('expireLocked: the expiry transfer was not written');
  await consumeLots(tx, account.id, amount, transferId, now, true);
  account.balance -= amount;
  return amount;
}

/**
 * Debits a member to the redemption account (redeem, challenge, competition: a coin competition
 * entry) or the adjustment account (revoke). Points: due lots expire first, then the spend takes the lots that expire soonest.
 * Throws InsufficientBalanceError (nothing written) when the balance does not cover it.
 */
export async function debit(
  tx: Transaction,
  movement: Movement & { kind: 'redeem' | 'revoke' | 'challenge' | 'competition' },
): Promise<MovementResult> {
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) throw new Error('a debit must be a positive whole number');
  const { account, systemAccountId } = await lockForMovement(tx, movement, movement.kind === 'revoke' ? 'adjustment' : 'redemption');
  if (movement.programId !== null) {
    // Points: a replay writes nothing, not even the expiry of due lots, so its key is read first.
    const earlier = await earlierMovement(tx, movement, account);
    if (earlier) return earlier;
    await expireLocked(tx, account, movement.userId, movement.programId, movement.now);
  }
  if (account.balance < movement.amount) {
    // Coins: a replay's first movement may be what spent the balance.
    const earlier = movement.programId === null ? await earlierMovement(tx, movement, account) : null;
    if (earlier) return earlier;
    throw new InsufficientBalanceError(account.balance, movement.amount);
  }
  const transferId = await writeTransfer(tx, transferOf(movement, { debitAccountId: account.id, creditAccountId: systemAccountId }), {
    accountId: account.id,
    delta: -movement.amount,
  });
  if (transferId === null) return replayOf(tx, movement, account);
  if (movement.programId !== null) await consumeLots(tx, account.id, movement.amount, transferId, movement.now, false);
  return { transferId, replayed: false, balance: account.balance - movement.amount };
}

/**
 * What a coin spend buys, written in the spend's own statement (spendCoins). `take` is the body
 * of a CTE named `taken`: a select that reads or locks what is bought (at most one row), from the
 * CTE `funded` (one row when the balance covers the spend, none otherwise), and writes nothing.
 * `give` is one or more further CTEs (`name as (…)`, comma-separated) that write the purchase,
 * from the CTE `transfer` (the spend's transfer: one row when it was written) and `taken`.
 */
export interface CoinPurchase {
  /**
   * A condition the purchase must still meet, checked in the statement (a gift read from memory
   * has not changed since): when it does not, nothing is written and the spend answers 'stale'.
   */
  still?: SQL;
  take: SQL;
  give: SQL;
}

export type CoinSpend<Taken> =
  | { outcome: 'spent'; transferId: string; balance: number; taken: Taken }
  | { outcome: 'replayed'; transferId: string; balance: number }
  | { outcome: 'nothing-taken' }
  | { outcome: 'stale' };

/**
 * Spends a member's coins on a purchase, in one statement (issue 28: a coin redemption had three
 * round trips inside its transaction: the lock, the transfer, the hand-out): the member's account
 * locked, the balance checked, the purchase taken only when the balance covers it, the transfer
 * with its entries and the balance written only when something was taken, then the purchase
 * written. In a caller's transaction, that transaction holds the lock to its end, as debit()'s
 * callers do; on the database itself the statement is its own transaction (a purchase with
 * nothing else to write: begin and commit are two round trips fewer).
 *
 * The lock's row is the newest version (FOR UPDATE waits for the member's other spend and
 * re-reads the row), and the balance's update applies to that version too; the transfer's key is
 * decided by its unique index, which sees a transfer of the same key committed meanwhile
 * (decision 0009). Throws InsufficientBalanceError when the balance does not cover the spend, and
 * answers 'nothing-taken' when `take` found nothing (neither writes anything); the same key again
 * answers its first spend ('replayed', nothing written). When the purchase's `still` no longer
 * holds, it answers 'stale' before anything else, having written nothing.
 */
export async function spendCoins<Taken>(
  tx: Executor,
  movement: Movement & { kind: 'redeem' },
  purchase: CoinPurchase,
): Promise<CoinSpend<Taken>> {
  if (movement.programId !== null) throw new Error('spendCoins: coins only');
  if (!Number.isSafeInteger(movement.amount) || movement.amount <= 0) throw new Error('a debit must be a positive whole number');
  const id = newRowId();
  const spend = () =>
    tx.execute(sql`
      with account as (
        select id, balance from ${ledgerAccounts} where key = ${memberAccountKey(movement.userId, null)} for update
      ), system as (
        select id from ${ledgerAccounts} where key = ${systemAccountKey('redemption', null)}
      ), still as (
        select ${purchase.still ?? sql`true`} as holds
      ), funded as (
        select account.id, system.id as system_id from account, system, still where account.balance >= ${movement.amount}::bigint and still.holds
      ), taken as materialized (${purchase.take}),
      ${transferWrites(
        id,
        transferOf(movement, { debitAccountId: sql`funded.id`, creditAccountId: sql`funded.system_id` }),
        { accountId: sql`(select id from funded)`, delta: -movement.amount },
        sql`from funded where exists (select from taken)`,
      )}, ${purchase.give}
      select (select balance from account) as balance, (select id from system) as system_id,
        (select id from transfer) as transfer_id, (select to_jsonb(taken) from taken) as taken, (select holds from still) as still`);
  type Row = { balance: string | null; system_id: string | null; transfer_id: string | null; taken: Taken | null; still: boolean };
  let [row] = rowsOf<Row>(await spend());
  if (row!.system_id === null) {
    // The currency's redemption account is made on its first spend; nothing was taken or written.
    await systemAccount(tx, 'redemption', null);
    [row] = rowsOf<Row>(await spend());
  }
  const { balance, transfer_id: transferId, taken } = row!;
  const before = Number(balance ?? 0);
  if (transferId !== null) return { outcome: 'spent', transferId, balance: before - movement.amount, taken: taken! };
  if (!row!.still) return { outcome: 'stale' };
  // Nothing written: the key's first spend (a replay), or a short balance, or nothing to take.
  const earlier = await earlierMovement(tx, movement, { balance: before });
  if (earlier) return { outcome: 'replayed', transferId: earlier.transferId, balance: earlier.balance };
  if (before < movement.amount) throw new InsufficientBalanceError(before, movement.amount);
  return { outcome: 'nothing-taken' };
}

/** Expires one member's due points in one program (the job runs this per account). */
export async function expireMember(tx: Transaction, userId: string, programId: string, now: Date): Promise<number> {
  const account = await lockMemberAccount(tx, userId, programId);
  return expireLocked(tx, account, userId, programId, now);
}

/**
 * The expiry job: every account with due lots, each in its own short transaction (a member's
 * spend waits for at most one account's expiry). Safe to run twice or on two instances at once:
 * the second finds nothing due under the lock. Returns the accounts and points expired.
 */
export async function runExpiry(db: Database, now: Date): Promise<{ accounts: number; points: number }> {
  const due = await db
    .selectDistinct({ userId: ledgerAccounts.userId, programId: ledgerAccounts.programId })
    .from(pointLots)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, pointLots.accountId))
    .where(and(gt(pointLots.remaining, 0), lte(pointLots.expiresAt, now)));
  let points = 0;
  let accounts = 0;
  for (const row of due) {
    const expired = await db.transaction((tx) => expireMember(tx, row.userId!, row.programId!, now));
    if (expired > 0) accounts += 1;
    points += expired;
  }
  return { accounts, points };
}

/** Points still spendable (not yet due), by expiry date: what the member sees "expires when". */
export async function upcomingExpiries(db: Executor, accountId: string, now: Date): Promise<Array<{ expiresAt: Date; points: number }>> {
  const rows = await db
    .select({ expiresAt: pointLots.expiresAt, points: sql<string>`sum(${pointLots.remaining})` })
    .from(pointLots)
    .where(and(eq(pointLots.accountId, accountId), gt(pointLots.remaining, 0), gt(pointLots.expiresAt, now)))
    .groupBy(pointLots.expiresAt)
    .orderBy(asc(pointLots.expiresAt));
  return rows.map((row) => ({ expiresAt: row.expiresAt, points: Number(row.points) }));
}

/** The spendable balance: the cached balance less lots already due but not yet expired by the job. */
export async function spendableBalance(db: Executor, userId: string, programId: ProgramId, now: Date): Promise<number> {
  const account = await findMemberAccount(db, userId, programId);
  if (!account) return 0;
  if (programId === null) return account.balance;
  const [due] = await db
    .select({ total: sql<string>`coalesce(sum(${pointLots.remaining}), 0)` })
    .from(pointLots)
    .where(and(eq(pointLots.accountId, account.id), gt(pointLots.remaining, 0), lte(pointLots.expiresAt, now)));
  return account.balance - Number(due?.total ?? 0);
}
