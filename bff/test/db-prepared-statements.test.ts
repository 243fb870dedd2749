import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf } from '../src/db/client';
import { MAX_NAMED_PARAMETERS, MAX_NAMED_PER_CONNECTION, statementName } from '../src/db/prepared-statements';
import { users } from '../src/db/schema';
import { createMember, testContextForFile } from './helpers';

/*
 * Decision 0034: on a PostgreSQL server each statement the bff sends again runs as a named
 * prepared statement, parsed and planned once per connection. Which statements get a name is
 * tested always; that the server keeps and reuses them, on PostgreSQL (TEST_DATABASE_URL, as CI's
 * API suite runs).
 */

describe('which statements run under a name', () => {
  it('the same text has the same name on every connection; another text another name', () => {
    const first = new Set<string>();
    const second = new Set<string>();
    const name = statementName('select 1 where $1::int = 1', [1], first);
    expect(name).toMatch(/^sukoyaka_\d+$/);
    expect(statementName('select 1 where $1::int = 1', [2], second)).toBe(name);
    expect(statementName('select 2 where $1::int = 1', [1], first)).not.toBe(name);
  });

  it('a statement without values, or with more than the limit, runs unnamed', () => {
    const named = new Set<string>();
    expect(statementName('begin', [], named)).toBeUndefined();
    expect(statementName('create table t (id int)', undefined, named)).toBeUndefined();
    const many = Array.from({ length: MAX_NAMED_PARAMETERS + 1 }, (_, i) => i);
    expect(statementName(`select ${many.map((i) => `$${i + 1}`).join(', ')}`, many, named)).toBeUndefined();
    expect(named.size).toBe(0);
  });

  it('a connection keeps at most its limit of named statements; the ones it has keep their names', () => {
    const named = new Set<string>();
    const texts = Array.from({ length: MAX_NAMED_PER_CONNECTION + 5 }, (_, i) => `select ${i} where $1::int = 1 /* cap */`);
    const names = texts.map((text) => statementName(text, [1], named));
    expect(names.slice(0, MAX_NAMED_PER_CONNECTION).every(Boolean)).toBe(true);
    expect(names.slice(MAX_NAMED_PER_CONNECTION)).toEqual(Array(5).fill(undefined));
    expect(named.size).toBe(MAX_NAMED_PER_CONNECTION);
    expect(statementName(texts[0]!, [1], named)).toBe(names[0]);
  });
});

if (process.env.TEST_DATABASE_URL) {
  describe('on PostgreSQL', () => {
    const ctx = testContextForFile();

    it("a statement sent again on a connection runs as the server's prepared statement, with each run's values", async () => {
      const member = await createMember(ctx.db);
      const other = await createMember(ctx.db);
      // A transaction keeps one connection, so the server's list is that connection's.
      const found = await ctx.db.transaction(async (tx) => {
        const emails: string[] = [];
        for (const id of [member.id, other.id, member.id]) {
          const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
          emails.push(row!.email);
        }
        const many = Array.from({ length: MAX_NAMED_PARAMETERS + 1 }, (_, i) => (i === 0 ? member.id : randomUUID()));
        await tx.select({ id: users.id }).from(users).where(inArray(users.id, many));
        const prepared = rowsOf<{ statement: string }>(
          await tx.execute(sql`select statement from pg_prepared_statements where name like 'sukoyaka\\_%'`),
        ).map((row) => row.statement);
        return { emails, prepared };
      });
      expect(found.emails).toEqual([member.email, other.email, member.email]);
      expect(found.prepared.filter((text) => /from "users" where "users"\."id" = \$1/.test(text))).toHaveLength(1);
      // The long IN list ran unnamed.
      expect(found.prepared.filter((text) => /"users"\."id" in \(/.test(text))).toEqual([]);
    });
  });
}
