import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../src/db/client';
import { credit } from '../src/incentives/ledger';
import { createProgram } from '../src/incentives/operator';
import { reconcile } from '../src/incentives/reconcile';
import { createMember, createTestContext, type TestContext } from './helpers';

/*
 * Issue 28: reconcile checks the ledger in slices of each table's ids, as many as the table's size
 * asks for (50,000 rows a statement), so no statement reads the whole ledger. Here the tables
 * claim a million rows each (the planner's estimate, pg_class.reltuples), so every check runs in
 * 20 slices; a break in any slice is still found, and the whole ledger still sums to zero.
 */

jest.setTimeout(120_000);

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

test('a million rows claimed: every check runs in slices, each statement limited to one, and a break is still found', async () => {
  const members = await Promise.all(Array.from({ length: 6 }, () => createMember(ctx.db)));
  const programId = await createProgram(ctx.db, { associationId: members[0]!.associationId, name: '照合ポイント' });
  for (const member of members) {
    await ctx.db.transaction((tx) =>
      credit(tx, {
        kind: 'grant',
        userId: member.id,
        programId,
        amount: 10,
        description: '付与',
        idempotencyKey: `slices-${member.id}`,
        now: new Date(),
      }),
    );
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
  const recording = {
    execute: (query: SQL) => {
      sent.push(dialect.sqlToQuery(query).sql);
      return ctx.db.execute(query);
    },
  } as unknown as Database;
  const clean = await reconcile(recording);
  expect(clean.breaks).toEqual([]);
  const checks = sent.filter((text) => !text.includes('pg_class'));
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
