import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext, scheduledJobsOff } from '../helpers';
import { LOCAL_FAKES } from '../../src/services';
import { exampleFor } from './examples';
import {
  changedTables,
  fingerprint,
  installChangeCapture,
  literal,
  mayWrite,
  query,
  signedInMember,
  takeChangedTables,
  tables,
} from './support';

/*
 * Issue 26: the contract fuzz decides "a refused request changed nothing" from the change capture
 * (support.ts) instead of a fingerprint of every row after each request. This proves the capture
 * says what the fingerprint said: at every step below both are taken, and must name the same
 * tables — and the tables the step is known to change.
 */

let ctx: TestContext;
let before: Record<string, string>;

/** The tables changed since the last step, by the capture; checked against the fingerprint. */
async function step(): Promise<string[]> {
  const captured = await takeChangedTables(ctx);
  const after = await fingerprint(ctx);
  expect(captured).toEqual(changedTables(before, after).sort());
  before = after;
  return captured;
}

beforeAll(async () => {
  ctx = await createTestContext(scheduledJobsOff(), {}, { fakes: LOCAL_FAKES });
  // A table of the test's own, made before the capture is installed, so it is watched like the
  // application's tables: it can be truncated freely (nothing refers to it).
  await query(ctx, 'create table capture_probe (id int primary key, label text not null)');
  await installChangeCapture(ctx);
  await takeChangedTables(ctx);
  before = await fingerprint(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

describe('change capture: exactly the tables whose rows changed, as the fingerprint said', () => {
  it('watches every application table, and only those', async () => {
    const watched = await query<{ name: string }>(
      ctx,
      "select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'test_note_row_change' order by 1",
    );
    const application = (await tables(ctx)).filter((table) => table !== 'auth_throttle_attempts');
    expect(watched.map((row) => row.name)).toEqual(application);
    expect(application).toContain('capture_probe');
    expect(application.length).toBeGreaterThan(20);
  });

  it('an insert, a real update and a delete are seen; a no-op update is not', async () => {
    expect(await step()).toEqual([]);
    await query(ctx, "insert into capture_probe values (1, 'one'), (2, 'two')");
    expect(await step()).toEqual(['capture_probe']);
    await query(ctx, "update capture_probe set label = 'uno' where id = 1");
    expect(await step()).toEqual(['capture_probe']);
    await query(ctx, 'update capture_probe set label = label');
    expect(await step()).toEqual([]);
    await query(ctx, 'delete from capture_probe where id = 2');
    expect(await step()).toEqual(['capture_probe']);
  });

  it('a row put in and taken out again, a row changed and changed back, and a rolled-back write are no change', async () => {
    await query(ctx, "insert into capture_probe values (3, 'three')");
    await query(ctx, 'delete from capture_probe where id = 3');
    await query(ctx, "update capture_probe set label = 'ichi' where id = 1");
    await query(ctx, "update capture_probe set label = 'uno' where id = 1");
    expect(await step()).toEqual([]);
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.execute(sql`insert into capture_probe values (4, 'four')`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await step()).toEqual([]);
  });

  it('a truncate is seen when the table had rows', async () => {
    await query(ctx, 'truncate capture_probe');
    expect(await step()).toEqual(['capture_probe']);
    await query(ctx, 'truncate capture_probe');
    expect(await step()).toEqual([]);
  });

  it("the fingerprint's volatile columns and bookkeeping tables are left out as before; other columns of the same rows are not", async () => {
    const member = await signedInMember(ctx);
    await step();
    await query(ctx, `update sessions set last_seen_at = now() - interval '1 second' where user_id = ${literal(member.example.userId)}`);
    await query(
      ctx,
      "insert into auth_throttle_attempts (key, attempts, last_allowed, updated_at) values ('capture-test', '{1}', true, now())",
    );
    expect(await step()).toEqual([]);
    await query(ctx, `update sessions set created_at = created_at - interval '1 second' where user_id = ${literal(member.example.userId)}`);
    expect(await step()).toEqual(['sessions']);
  });

  it('a refused request changes nothing, an accepted one is seen, and a write between two requests is caught', async () => {
    const member = await signedInMember(ctx);
    await step();
    const refused = await member.browser.post('saveBloodPressure', {
      ...exampleFor('saveBloodPressure', member.example),
      systolic: 'high',
    });
    expect(refused.status).toBe(400);
    expect(await step()).toEqual([]);
    const accepted = await member.browser.post('saveBloodPressure', exampleFor('saveBloodPressure', member.example));
    expect(accepted.status).toBe(200);
    expect(await step()).toContain('blood_pressures');
    // What the fuzz must catch: a row written behind a refused request's back.
    const again = await member.browser.post('saveBloodPressure', {});
    expect(again.status).toBe(400);
    await query(ctx, `update users set nickname = ${literal('書き換え')} where id = ${literal(member.example.userId)}`);
    expect(await step()).toEqual(['users']);
  });
});

describe('the take is skipped only while nothing but reads went out (mayWrite)', () => {
  it('counts every statement that may change a row as a write', () => {
    for (const read of [
      'select 1',
      '  SELECT "id" from "users" where "updated_at" > $1',
      'show timezone',
      'begin',
      'COMMIT',
      'savepoint a',
    ]) {
      expect([read, mayWrite(read)]).toEqual([read, false]);
    }
    for (const write of [
      'insert into users values (1)',
      'update users set nickname = $1',
      'delete from sessions',
      'with taken as (delete from x returning *) select * from taken',
      'select id from users where id = $1 for update',
      'select health_activity_figures_add($1, $2)',
      'select nextval($1)',
      'truncate capture_probe',
      'create table t (id int)',
      'call something()',
    ]) {
      expect([write, mayWrite(write)]).toEqual([write, true]);
    }
  });

  it('after a read-only request nothing is taken, and a write after it still is', async () => {
    const member = await signedInMember(ctx);
    await step();
    expect((await member.browser.get('getUserInfo')).status).toBe(200);
    expect(await step()).toEqual([]);
    await query(ctx, `update users set nickname = ${literal('読んだあと')} where id = ${literal(member.example.userId)}`);
    expect(await step()).toEqual(['users']);
  });
});
