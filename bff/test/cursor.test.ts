import { calls } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import { healthHandlers } from '../src/health';
import { decodeCursor, encodeCursor, keysetPage } from '../src/platform/cursor';
import { HttpError } from '../src/platform/errors';
import { type Agent, createMember, createTestContext, signedInMember, type TestContext } from './helpers';
import { loggingDatabase, planText } from './query-plans';

const ID = '0b5a4a2e-7f3c-4d6e-9a1b-2c3d4e5f6a7b';
const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Malformed cursors, each as the client would send it. */
const MALFORMED: [string, string][] = [
  ['an empty string', ''],
  ['garbage that is not base64url', '!!!not*base64'],
  ['base64url with trailing bits this server never writes', `${b64(`2024-05-01T00:00:00.000Z|${ID}`)}x`],
  ['base64url of text without a separator', b64('not-a-cursor')],
  ['an empty time', b64(`|${ID}`)],
  ['an empty id', b64('2024-05-01T00:00:00.000Z|')],
  ['both parts empty', b64('|')],
  ['three parts', b64(`2024-05-01T00:00:00.000Z|${ID}|x`)],
  ['year +275760', b64(`+275760-09-13T00:00:00.000Z|${ID}`)],
  ['year -271821', b64(`-271821-04-20T00:00:00.000Z|${ID}`)],
  ['year 0000', b64(`0000-01-01T00:00:00.000Z|${ID}`)],
  ['February 30th', b64(`2024-02-30T00:00:00.000Z|${ID}`)],
  ['a time with an offset', b64(`2024-05-01T09:00:00+09:00|${ID}`)],
  ['a date only', b64(`2024-05-01|${ID}`)],
  ['36 dashes as id', b64(`2024-05-01T00:00:00.000Z|${'-'.repeat(36)}`)],
  ['36 "a"s as id', b64(`2024-05-01T00:00:00.000Z|${'a'.repeat(36)}`)],
  ['an upper-case UUID', b64(`2024-05-01T00:00:00.000Z|${ID.toUpperCase()}`)],
  ['a number as id', b64('2024-05-01T00:00:00.000Z|42')],
];

describe('the cursor helper', () => {
  it('round-trips a position', () => {
    const position = { at: new Date('2024-05-01T12:34:56.789Z'), id: ID };
    const cursor = encodeCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(cursor)).toEqual(position);
  });

  it.each(MALFORMED)('refuses %s with a 400 naming cursor', (_name, cursor) => {
    let thrown: unknown;
    try {
      decodeCursor(cursor);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(HttpError);
    expect((thrown as HttpError).statusCode).toBe(400);
    expect((thrown as HttpError).toBody()).toEqual({
      code: 'invalid_parameters',
      message: 'カーソルの形式が正しくありません',
      fields: { cursor: ['カーソルの形式が正しくありません'] },
    });
  });

  it('cuts a page from limit + 1 rows and names its last row', () => {
    const rows = [3, 2, 1].map((n) => ({ at: new Date(Date.UTC(2024, 0, n)), id: ID }));
    expect(keysetPage(rows, 3, (row) => row)).toEqual({ rows, nextCursor: null });
    const cut = keysetPage(rows, 2, (row) => row);
    expect(cut.rows).toEqual(rows.slice(0, 2));
    expect(decodeCursor(cut.nextCursor!)).toEqual(rows[1]);
  });
});

describe('a malformed cursor over HTTP', () => {
  let ctx: TestContext;
  let agent: Agent;
  beforeAll(async () => {
    ctx = await createTestContext();
    ({ agent } = await signedInMember(ctx));
  });
  afterAll(async () => {
    await ctx.close();
  });

  // The empty string is the contract's to refuse (its regex), with the same message.
  it.each(MALFORMED.filter(([, cursor]) => cursor !== ''))('listBloodPressures answers 400 for %s', async (_name, cursor) => {
    const response = await agent.get('listBloodPressures', { cursor });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_parameters', fields: { cursor: ['カーソルの形式が正しくありません'] } });
  });

  it('a cursor the list handed out is accepted', async () => {
    const cursor = encodeCursor({ at: new Date('2024-05-01T00:00:00.000Z'), id: ID });
    const response = await agent.get('listBloodPressures', { cursor });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ items: [], nextCursor: null });
  });
});

// PGlite is PostgreSQL too, so the plan is checked on either database (TEST_DATABASE_URL for the server).
describe('the keyset condition in the database', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is an index range on blood_pressures_user_measured_idx, not a filter on measured_at', async () => {
    const member = await createMember(ctx.db);
    const other = await createMember(ctx.db);
    // Enough rows of two members that a sequential scan is not the cheaper plan.
    for (const userId of [member.id, other.id]) {
      await ctx.db.execute(sql`
        insert into blood_pressures (user_id, measured_at, systolic, diastolic)
        select ${userId}::uuid, timestamptz '2024-01-01' + g * interval '1 minute', 120, 80
        from generate_series(1, 20000) as g`);
    }
    await ctx.db.execute(sql`analyze blood_pressures`);

    // The list service's own statement, as it runs after a cursor: captured on a logging
    // database over the same connection, then explained with its values in place.
    const logged = loggingDatabase(ctx.db);
    const cursor = encodeCursor({ at: new Date('2024-01-10T00:00:00.000Z'), id: ID });
    const input = calls.listBloodPressures.input.parse({ cursor, limit: '20' });
    const page = await healthHandlers.listBloodPressures(input as never, { db: logged.db, member: { id: member.id } } as never);
    expect(page.items).toHaveLength(20);
    const statement = logged.statements.find(({ text }) => /from "blood_pressures"/.test(text));
    expect(statement).toBeDefined();

    const plan = await planText(ctx.db, statement!, { asChosen: true });
    expect(plan).toMatch(/Index Scan using blood_pressures_user_measured_idx/);
    expect(plan).toMatch(/Index Cond: .*ROW\(measured_at, id\) < ROW\(/);
    expect(plan).not.toMatch(/Filter:.*measured_at/);
    expect(plan).not.toMatch(/Sort/);
  });
});
