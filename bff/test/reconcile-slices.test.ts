import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/client';
import { createProgram } from '../src/incentives/operator';
import { reconcile } from '../src/incentives/reconcile';
import { createMember, grant, testContextForFile } from './helpers';

/*
 * Issue 28: reconcile checks the ledger in slices of each table's ids, as many as the table's size
 * asks for (50,000 rows a statement), so no statement reads the whole ledger. Here the tables
 * claim a million rows each (the planner's estimate, pg_class.reltuples), so every check runs in
 * 20 slices; a break in any slice is still found, and the whole ledger still sums to zero.
 */

const ctx = testContextForFile();

test('a million rows claimed: every check runs in slices, each statement limited to one, and a break is still found', async () => {
  const members = await Promise.all(Array.from({ length: 6 }, () => createMember(ctx.db)));
  const programId = await createProgram(ctx.db, { associationId: members[0]!.associationId, name: '照合ポイント' });
  for (const member of members) {
    await grant(ctx.db, member.id, programId, 10);
  }
  const tables = [
    'ledger_transfers',
    'ledger_entries',
    'ledger_accounts',
    'point_lots',
    'user_gifts',
    'gift_challenge_draws',
    'prize_competition_entries',
  ];
  await ctx.db.execute(
    sql.raw(`update pg_class set reltuples = 1000000 where relname in (${tables.map((name) => `'${name}'`).join(', ')})`),
  );

  // Reconcile sees only this executor: the statements it sends, and no background job's.
  const dialect = new PgDialect();
  const sent: string[] = [];
  const recordingOf = (executor: Pick<Database, 'execute'>): Database =>
    ({
      execute: (query: SQL) => {
        sent.push(dialect.sqlToQuery(query).sql);
        return executor.execute(query);
      },
      transaction: <T>(work: (tx: Database) => Promise<T>) => ctx.db.transaction((tx) => work(recordingOf(tx))),
    }) as unknown as Database;
  const clean = await reconcile(recordingOf(ctx.db));
  expect(clean.breaks).toEqual([]);
  // The gift orders' refunds are checked one association at a time, not in slices of a table
  // (reconcile-gift-refunds.ts, decision 0019): its statements are counted apart.
  const giftRefundChecks = sent.filter((text) => text.includes('gift_order:'));
  const associationCount = new Set(members.map((member) => member.associationId)).size;
  expect(giftRefundChecks.length).toBeGreaterThanOrEqual(associationCount + 1);
  const checks = sent.filter(
    (text) =>
      !text.includes('pg_class') && !text.includes('gift_order:') && !/^select id from associations$|^set local jit/.test(text.trim()),
  );
  // 14 invariants, 17 checks (three are both ways), 20 slices each; every one limited to its slice.
  expect(checks).toHaveLength(17 * 20);
  for (const text of checks) expect(text).toMatch(/>= \$\d+::uuid/);

  // A cached balance off by one, wherever its account's id falls.
  const [account] = (
    (await ctx.db.execute(sql`select id from ledger_accounts where user_id = ${members[5]!.id} and program_id is not null`)) as unknown as {
      rows: Array<{ id: string }>;
    }
  ).rows;
  await ctx.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${account!.id}`);
  const broken = await reconcile(ctx.db);
  expect(broken.breaks.find((item) => item.invariant === "a member's cached balance equals the sum of their entries")?.examples).toEqual([
    expect.objectContaining({ id: account!.id }),
  ]);
  await ctx.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${account!.id}`);
});
