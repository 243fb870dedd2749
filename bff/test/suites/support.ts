import { randomBytes } from 'node:crypto';
import { callPath, calls, isOperatorAccess, type CallDefinition, type CallName } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { createMember, createTestOperator, totpCodeAt, type TestContext } from '../helpers';
import type { ExampleContext } from './examples';

/*
 * What the generated suites share: a browser of their own (cookie jar, authenticity token, and a
 * new client address per request so the per-address throttle of the authentication calls never
 * hides what a call does with its input), raw-SQL fingerprints of every table and triggers noting
 * every table a request writes, and members set up
 * with everything the examples need. Only `@sukoyaka/contract`, `../helpers` and raw SQL: the
 * suites survive the bff's files moving.
 */

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  headers: Record<string, unknown>;
}

let addressCounter = 0;
function nextAddress(): string {
  addressCounter += 1;
  return `10.200.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export class Browser {
  private readonly cookies = new Map<string, string>();
  token: string | undefined;
  /** The operator session's authenticity token: operator calls are checked against it, never the member's. */
  operatorToken: string | undefined;

  constructor(private readonly ctx: TestContext) {}

  async send(options: { method: string; url: string; body?: string; headers?: Record<string, string> }): Promise<Answer> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.ctx.app.inject({
      method: options.method as 'GET',
      url: options.url,
      ...(options.body === undefined ? {} : { payload: options.body }),
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
      remoteAddress: nextAddress(),
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) as string[]) {
      const pair = line.split(';')[0]!;
      const index = pair.indexOf('=');
      const value = pair.slice(index + 1);
      if (!value || /max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair.slice(0, index));
      else this.cookies.set(pair.slice(0, index), value);
    }
    // A new session hands its new token along (sign-in rotates the session); an operator
    // session in its own header.
    const rotated = response.headers['x-csrf-token'];
    if (typeof rotated === 'string') this.token = rotated;
    const operatorRotated = response.headers['x-operator-csrf-token'];
    if (typeof operatorRotated === 'string') this.operatorToken = operatorRotated;
    let body: unknown = response.body;
    try {
      body = JSON.parse(response.body);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.statusCode, body, text: response.body, headers: response.headers };
  }

  async get(name: CallName, query: Record<string, unknown> = {}): Promise<Answer> {
    return this.send({ method: 'GET', url: withQuery(callPath(name), query) });
  }

  async post(name: CallName, input: unknown = {}): Promise<Answer> {
    if (!this.tokenFor(name)) {
      if (isOperatorAccess(definition(name).access)) await this.get('getOperatorSession');
      else await this.fetchToken();
    }
    return this.send({
      method: 'POST',
      url: callPath(name),
      body: JSON.stringify(input),
      headers: { 'content-type': 'application/json', 'x-csrf-token': this.tokenFor(name)! },
    });
  }

  /** The token a POST of this call carries: the operator session's for operator calls. */
  tokenFor(name: CallName): string | undefined {
    return isOperatorAccess(definition(name).access) ? this.operatorToken : this.token;
  }

  /** A call with its input as the contract wants it: GETs in the query, POSTs as JSON. */
  call(name: CallName, input: Record<string, unknown>): Promise<Answer> {
    return (calls[name] as CallDefinition).method === 'GET' ? this.get(name, input) : this.post(name, input);
  }

  async fetchToken(): Promise<string> {
    const answer = await this.get('getAuthenticityTokenForClient');
    this.token = (answer.body as { authenticityToken: string }).authenticityToken;
    return this.token;
  }
}

/** Query values as a browser sends them: strings, arrays as repeated parameters. */
export function withQuery(path: string, query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

// ---- the database, seen through raw SQL -------------------------------------------------------

type Rows<T> = { rows: T[] };

export async function query<T>(ctx: TestContext, text: string): Promise<T[]> {
  return ((await ctx.db.execute(sql.raw(text))) as unknown as Rows<T>).rows;
}

/** A string literal for raw SQL (the suites only quote values they made themselves). */
export const literal = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * Columns that change on requests that are otherwise rejected, and rightly so: reading a session
 * slides its expiry (`last_seen_at`, `expires_at` of `sessions`, touched at most once a minute by
 * design). Nothing else is excluded: a rejected request must leave every other column alone.
 */
// outbox_messages: the outbox worker sends earlier calls' mail in the background (a new row still counts).
const VOLATILE_COLUMNS: Record<string, string[]> = {
  sessions: ['last_seen_at', 'expires_at'],
  // The operator session's sliding idle time, touched the same way (platform/operator-sessions.ts).
  operator_sessions: ['last_seen_at'],
  // Issue 24: the worker also drops a sent mail's sealed content and its claim.
  outbox_messages: ['status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at', 'subject', 'body', 'attempt_id', 'claimed_by'],
};

/**
 * Tables left out of the fingerprint altogether: the sign-in throttle records every request to
 * an authentication call, refused or not, before anything else runs (that is what it counts), in
 * auth_throttle_attempts (platform/auth-throttle-store.ts).
 */
const BOOKKEEPING_TABLES = new Set(['auth_throttle_attempts']);

/** Where the triggers below note what a request changed (the test's database only). */
const CHANGES_TABLE = 'test_row_changes';

/**
 * Read once per test context: each test file has its own database, and files grouped into one
 * jest file share this module (groups/files.cjs), so a list kept for the module would be another
 * file's (change-capture.test.ts makes a table of its own first).
 */
const tableNames = new WeakMap<TestContext, string[]>();
export async function tables(ctx: TestContext): Promise<string[]> {
  let names = tableNames.get(ctx);
  if (!names) {
    names = (
      await query<{ name: string }>(
        ctx,
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> '${CHANGES_TABLE}' order by 1`,
      )
    ).map((row) => row.name);
    tableNames.set(ctx, names);
  }
  return names;
}

function rowText(table: string, alias: string): string {
  const drop = (VOLATILE_COLUMNS[table] ?? []).map((column) => ` - ${literal(column)}`).join('');
  return `(to_jsonb(${alias})${drop})::text`;
}

/** Row count and an md5 of the rows (sorted) of every table, optionally only rows matching `where`. */
export async function fingerprint(
  ctx: TestContext,
  where: (table: string) => string | null = () => 'true',
): Promise<Record<string, string>> {
  const parts: string[] = [];
  for (const table of await tables(ctx)) {
    const condition = BOOKKEEPING_TABLES.has(table) ? null : where(table);
    if (condition === null) continue;
    const text = rowText(table, 'x');
    parts.push(
      `select ${literal(table)} as t, count(*)::int as n, coalesce(md5(string_agg(${text}, ',' order by ${text})), '') as h from "${table}" x where ${condition}`,
    );
  }
  const rows = await query<{ t: string; n: number; h: string }>(ctx, parts.join(' union all '));
  return Object.fromEntries(rows.map((row) => [row.t, `${row.n}:${row.h}`]));
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys({ ...before, ...after }).filter((table) => before[table] !== after[table]);
}

/*
 * The exact, cheap form of "did this request change a row" (issue 26): an md5 over every row of
 * every table after each request took most of the fuzz's time. Instead, triggers on every
 * application table (the bookkeeping ones left out) note each row a write takes away (-1) or puts
 * in (+1), as the fingerprint's text of it (to_jsonb, VOLATILE_COLUMNS dropped), and the suite
 * takes (reads and clears) the notes after each request: a table changed if some row text's notes
 * do not sum to 0. So it is the fingerprint's own comparison — the multiset of row texts per
 * table — and nothing else: a no-op update, or a row put in and taken out again, is no change for
 * either; a rolled-back write leaves no note (the note is written in the same transaction).
 * The notes are appended, never upserted: a counter row per table would stay locked by each
 * writing transaction until it ends, so two transactions writing the same tables in a different
 * order (a request and the outbox worker, on PostgreSQL) could deadlock on the notes alone.
 * PostgreSQL 17 manual, 43.10 "Trigger Functions" (TG_OP, TG_ARGV, TG_NARGS) and CREATE TRIGGER
 * (BEFORE TRUNCATE … FOR EACH STATEMENT); PGlite runs the same PostgreSQL.
 */

/** Installs the triggers on every application table of the test's database (once, after migrations). */
export async function installChangeCapture(ctx: TestContext): Promise<void> {
  const statements = [
    `create unlogged table if not exists public.${CHANGES_TABLE} (table_name text not null, row_text text not null, sign int not null)`,
    `create or replace function public.test_note_row_change() returns trigger language plpgsql as $capture$
     declare
       volatile_columns text[] := case when TG_NARGS = 0 then '{}'::text[] else TG_ARGV end;
       old_text text;
       new_text text;
     begin
       if TG_OP = 'TRUNCATE' then
         execute format('insert into public.${CHANGES_TABLE} (table_name, row_text, sign) select %L, (to_jsonb(x) - $1)::text, -1 from %I.%I x',
                        TG_TABLE_NAME, TG_TABLE_SCHEMA, TG_TABLE_NAME) using volatile_columns;
         return null;
       end if;
       if TG_OP <> 'INSERT' then old_text := (to_jsonb(OLD) - volatile_columns)::text; end if;
       if TG_OP <> 'DELETE' then new_text := (to_jsonb(NEW) - volatile_columns)::text; end if;
       if old_text is not distinct from new_text then return null; end if;
       if old_text is not null then insert into public.${CHANGES_TABLE} values (TG_TABLE_NAME, old_text, -1); end if;
       if new_text is not null then insert into public.${CHANGES_TABLE} values (TG_TABLE_NAME, new_text, 1); end if;
       return null;
     end
     $capture$`,
  ];
  for (const table of await tables(ctx)) {
    if (BOOKKEEPING_TABLES.has(table)) continue;
    const volatile = (VOLATILE_COLUMNS[table] ?? []).map(literal).join(', ');
    statements.push(
      `create trigger test_note_row_change after insert or update or delete on public."${table}" for each row execute function public.test_note_row_change(${volatile})`,
      `create trigger test_note_truncate before truncate on public."${table}" for each statement execute function public.test_note_row_change(${volatile})`,
    );
  }
  for (const statement of statements) await query(ctx, statement);
  watchWrites(ctx);
}

/*
 * Most probes are refused before anything is written, and their requests send only reads. So
 * the database's client is watched: while no statement but a read has gone out since the last
 * take, no row can have changed (the triggers fire on writes only), and the take is skipped
 * without a round trip. Anything else — an insert, update, delete or merge, a SELECT … FOR
 * UPDATE, a call of one of the migrations' functions, any statement that is not a SELECT, SHOW
 * or transaction control — counts as a write and the next take reads the notes. The take's own
 * statement (on the notes table) is not counted. Exact, and it saves most probes a round trip
 * (docs/performance.md, "The test suites").
 */
const READ_ONLY = /^\s*(select|show)\b/i;
const TRANSACTION_CONTROL = /^\s*(begin|start transaction|commit|rollback|savepoint|release|set)\b/i;
const WRITES = /\b(insert|update|delete|truncate|merge|nextval|setval|health_activity_\w+)\b/i;

const watchers = new WeakMap<object, { wrote: boolean }>();

/** Whether a statement may change a row: true unless it is plainly a read or transaction control. */
export function mayWrite(text: string): boolean {
  if (TRANSACTION_CONTROL.test(text)) return false;
  return !READ_ONLY.test(text) || WRITES.test(text);
}

function watchWrites(ctx: TestContext): void {
  const state = { wrote: true };
  const note = (statement: unknown) => {
    const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
    if (typeof text !== 'string' || (mayWrite(text) && !text.includes(`public.${CHANGES_TABLE}`))) state.wrote = true;
  };
  type Queryable = { query: (...args: unknown[]) => unknown; exec?: (...args: unknown[]) => unknown };
  const wrap = (target: Queryable) => {
    for (const method of ['query', 'exec'] as const) {
      const original = target[method];
      if (typeof original !== 'function' || (original as { watched?: boolean }).watched) continue;
      const watched = Object.assign(
        function (this: unknown, ...args: unknown[]) {
          note(args[0]);
          return original.apply(this, args);
        },
        { watched: true },
      );
      target[method] = watched;
    }
  };
  const client = (ctx.db as unknown as { $client: Queryable & { transaction?: unknown; connect?: unknown } }).$client;
  wrap(client);
  // PGlite: a transaction's statements go through the handle it passes to the callback.
  const transaction = client.transaction as ((callback: (tx: Queryable) => unknown) => unknown) | undefined;
  if (typeof transaction === 'function' && typeof client.connect !== 'function') {
    client.transaction = (callback: (tx: Queryable) => unknown) =>
      transaction.call(client, (tx: Queryable) => {
        wrap(tx);
        return callback(tx);
      });
  }
  // node-postgres: a transaction's statements go through a client checked out of the pool.
  // Pool.query checks one out with a callback, transactions with the promise.
  const connect = client.connect as ((...args: unknown[]) => Promise<Queryable>) | undefined;
  if (typeof connect === 'function') {
    type Done = (error: unknown, checkedOut?: Queryable, release?: unknown) => void;
    client.connect = (...args: unknown[]) => {
      const done = args.at(-1);
      if (typeof done === 'function')
        return connect.call(client, ...args.slice(0, -1), (error: unknown, checkedOut?: Queryable, release?: unknown) => {
          if (checkedOut) wrap(checkedOut);
          (done as Done)(error, checkedOut, release);
        });
      return connect.apply(client, args).then((checkedOut) => {
        wrap(checkedOut);
        return checkedOut;
      });
    };
  }
  watchers.set(ctx.db, state);
}

/** The tables whose rows changed since the last call (sorted), the notes cleared: one round trip, or none after reads only. */
export async function takeChangedTables(ctx: TestContext): Promise<string[]> {
  const state = watchers.get(ctx.db);
  if (state && !state.wrote) return [];
  // Cleared before the take starts: a write that lands while it runs is taken next time.
  if (state) state.wrote = false;
  const rows = await query<{ table_name: string }>(
    ctx,
    `with taken as (delete from public.${CHANGES_TABLE} returning table_name, row_text, sign)
     select distinct table_name from taken group by table_name, row_text having sum(sign) <> 0 order by 1`,
  );
  return rows.map((row) => row.table_name);
}

// ---- members with everything the examples need -------------------------------------------------

export const BIRTHDAY = '1980-04-01';

/** A short random marker, distinctive enough to find in any answer. */
export function marker(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

/**
 * A signed-in member with a birthday, an association (named with `tag`) holding version 1 of its
 * terms and its data-provision consent, and fresh password and birthday confirmations. In the
 * same browser, on its own cookie, an operator signed in with both factors who is the editor of
 * that association (and of no other): operator calls are made as them.
 */
export async function signedInMember(ctx: TestContext, tag = marker('m')): Promise<{ browser: Browser; example: ExampleContext }> {
  const member = await createMember(ctx.db);
  await query(ctx, `update users set birthday = ${literal(BIRTHDAY)} where id = ${literal(member.id)}`);
  await query(ctx, `update associations set name = ${literal(`組合${tag}`)} where id = ${literal(member.associationId)}`);
  const documents = await query<{ id: string; kind: string }>(
    ctx,
    `insert into agreement_documents (association_id, kind, version, title, body) values
       (${literal(member.associationId)}, 'association_terms', 1, ${literal(`規約${tag}`)}, ${literal(`本文${tag}`)}),
       (${literal(member.associationId)}, 'privacy_provision', 1, ${literal(`同意${tag}`)}, ${literal(`本文${tag}`)})
     returning id, kind`,
  );
  const browser = new Browser(ctx);
  await browser.fetchToken();
  const signIn = await browser.post('signIn', { email: member.email, password: member.password });
  if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.text}`);
  for (const [name, input] of [
    ['authenticateUserPassword', { password: member.password }],
    ['authenticateBirthday', { birthday: BIRTHDAY }],
  ] as const) {
    const answer = await browser.post(name, input);
    if (answer.status !== 200) throw new Error(`${name} failed: ${answer.status} ${answer.text}`);
  }
  const operator = await createTestOperator(ctx.db, { roles: [{ associationId: member.associationId, role: 'editor' }] }, ctx.clock.now());
  for (const [name, input] of [
    ['operatorSignIn', { email: operator.email, password: operator.password }],
    ['verifyOperatorTotp', { code: totpCodeAt(operator.totpSecret, ctx.clock.now()) }],
  ] as const) {
    const answer = await browser.post(name, input);
    if (answer.status !== 200) throw new Error(`${name} failed: ${answer.status} ${answer.text}`);
  }
  return {
    browser,
    example: {
      operatorId: operator.id,
      operatorEmail: operator.email,
      operatorPassword: operator.password,
      userId: member.id,
      email: member.email,
      password: member.password,
      birthday: BIRTHDAY,
      associationId: member.associationId,
      termsId: documents.find((row) => row.kind === 'association_terms')!.id,
      privacyId: documents.find((row) => row.kind === 'privacy_provision')!.id,
      marker: tag,
    },
  };
}

// ---- the contract's input shapes ------------------------------------------------------------------

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  pattern?: string;
  additionalProperties?: boolean | JsonSchema;
}

/** The input side of a call's schema as JSON Schema (zod's own conversion; refinements are not shown). */
export function inputShape(name: CallName): JsonSchema {
  return z.toJSONSchema((calls[name] as CallDefinition).input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

export const callNames = Object.keys(calls) as CallName[];
export const definition = (name: CallName) => calls[name] as CallDefinition;

/** The suite's counts on one line, prefixed so CI output shows them. */
export function report(suite: string, counts: Record<string, number | string>): void {
  console.log(
    `SUITE ${suite} ${Object.entries(counts)
      .map(([key, value]) => `${key}=${value}`)
      .join(' ')}`,
  );
}
