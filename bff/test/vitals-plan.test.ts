import { fillPlaceholders, sql } from 'drizzle-orm';
import { weightService } from '../src/health/weights';
import { testContextForFile, createMember } from './helpers';
import { planText } from './query-plans';

/*
 * A list with a period is one index range on (user_id, measured_at DESC, id DESC): the period's
 * bounds and the cursor's row comparison are in the index condition, nothing is filtered row by
 * row and nothing is sorted. PGlite is PostgreSQL too (TEST_DATABASE_URL for the server).
 */

const ctx = testContextForFile();

it('listWeights with a period and a cursor is an index range on weights_user_measured_idx', async () => {
  const member = await createMember(ctx.db);
  const other = await createMember(ctx.db);
  for (const userId of [member.id, other.id]) {
    await ctx.db.execute(sql`
      insert into weights (user_id, measured_at, weight)
      select ${userId}::uuid, timestamptz '2024-01-01' + g * interval '1 hour', 60 + (g % 100) / 10.0
      from generate_series(1, 20000) as g`);
  }
  await ctx.db.execute(sql`analyze weights`);
  const query = weightService.listQuery(ctx.db, true, true).toSQL();
  const values: Record<string, unknown> = {
    userId: member.id,
    limit: 21,
    from: '2024-06-01T00:00:00.000Z',
    until: '2025-06-01T00:00:00.000Z',
    afterAt: '2025-01-10T00:00:00.000Z',
    afterId: '3f1d9c2e-8b7a-4c6d-9e0f-1a2b3c4d5e6f',
  };
  const plan = await planText(ctx.db, { text: query.sql, params: fillPlaceholders(query.params, values) }, { asChosen: true });
  expect(plan).toMatch(/Index Scan using weights_user_measured_idx/);
  expect(plan).toMatch(/Index Cond: .*measured_at >= .*measured_at < .*ROW\(measured_at, id\) < ROW\(/s);
  expect(plan).not.toMatch(/Filter:/);
  expect(plan).not.toMatch(/Sort/);
});

it('a list reads only the columns its answer shows: not the owner, the app record id or the time of a correction (issue 28)', () => {
  const { sql: text } = weightService.listQuery(ctx.db, false, false).toSQL();
  const selected = text.slice(0, text.indexOf(' from '));
  expect(selected).toMatch(/"measured_at"/);
  expect(selected).not.toMatch(/"user_id"|"client_record_id"|"updated_at"/);
});
