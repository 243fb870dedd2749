import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { DRIZZLE_TEXT_TYPES, EMBEDDED_PGLITE_SETTINGS, rowsOf, type DatabaseHandle } from '../src/db/client';
import { openTestPglite } from './helpers';

/*
 * openDatabase sets Drizzle's text parsers on the PGlite instance once and drops the copy Drizzle
 * sends with every statement (db/client.ts, parseTextTypesOnce). What a statement returns must be
 * what Drizzle's own per-statement parsers gave: PostgreSQL's text for these types.
 */
describe('PGlite with Drizzle: dates, times and intervals', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestPglite();
  });
  afterAll(() => handle?.close());

  const select = sql`select
    '2026-01-02 03:04:05'::timestamp as "timestamp",
    '2026-01-02 03:04:05+00'::timestamptz as "timestamptz",
    '2026-01-02'::date as "date",
    '1 day 02:00:00'::interval as "interval",
    array['2026-01-02 03:04:05'::timestamp] as "timestamps",
    array['2026-01-02 03:04:05+00'::timestamptz] as "timestamptzs",
    array['2026-01-02'::date] as "dates",
    array['1 day'::interval] as "intervals",
    array[1.50]::numeric[] as "numerics",
    array[1, 2]::int[] as "integers",
    '{"a": 1}'::jsonb as "json"`;

  const expected = {
    timestamp: '2026-01-02 03:04:05',
    timestamptz: '2026-01-02 03:04:05+00',
    date: '2026-01-02',
    interval: '1 day 02:00:00',
    timestamps: '{"2026-01-02 03:04:05"}',
    timestamptzs: '{"2026-01-02 03:04:05+00"}',
    dates: '{2026-01-02}',
    intervals: '{"1 day"}',
    numerics: '{1.50}',
    // Other types are parsed by PGlite as before.
    integers: [1, 2],
    json: { a: 1 },
  };

  it('come back as PostgreSQL text, as from Drizzle’s own parsers, outside and inside a transaction', async () => {
    await handle.db.execute(sql`set time zone 'UTC'`);
    const firstRow = (result: unknown) => (result as { rows: unknown[] }).rows[0];
    expect(firstRow(await handle.db.execute(select))).toEqual(expected);
    const inTransaction = await handle.db.transaction(async (tx) => firstRow(await tx.execute(select)));
    expect(inTransaction).toEqual(expected);
  });

  it('are exactly the types Drizzle’s PGlite driver sends parsers for, and a query’s other parsers still apply', async () => {
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const ours = client.query;
    const sent: string[][] = [];
    client.query = ((text, params, options) => {
      sent.push(Object.keys(options?.parsers ?? {}));
      return ours(text, params, options);
    }) as PGlite['query'];
    try {
      await handle.db.execute(sql`select 1`);
    } finally {
      client.query = ours;
    }
    // A Drizzle that kept another type as text would send its parser too: then this fails, as the
    // parsers would no longer be the instance's (db/client.ts drops only a copy of exactly these).
    expect(sent.map((types) => types.map(Number).sort())).toEqual([[...DRIZZLE_TEXT_TYPES].sort()]);
    const { rows } = await client.query<{ n: string }>('select 42 as n', [], { parsers: { 23: (value: string) => `n${value}` } });
    expect(rows).toEqual([{ n: 'n42' }]);
  });
});

describe('the embedded database’s settings', () => {
  it('runs with a 32 MB buffer pool (EMBEDDED_PGLITE_SETTINGS); a caller’s own setting wins', async () => {
    const shown = async (settings: Record<string, string>) => {
      const handle = await openTestPglite(settings);
      try {
        const [row] = rowsOf<{ shared_buffers: string }>(await handle.db.execute(sql`show shared_buffers`));
        return row!.shared_buffers;
      } finally {
        await handle.close();
      }
    };
    expect(EMBEDDED_PGLITE_SETTINGS).toEqual({ shared_buffers: '32MB' });
    expect(await shown({})).toBe('32MB');
    expect(await shown({ shared_buffers: '16MB' })).toBe('16MB');
  });
});
