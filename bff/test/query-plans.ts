import type { PGlite } from '@electric-sql/pglite';
import { fillPlaceholders, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type { Pool } from 'pg';
import type { Database } from '../src/db/client';

/*
 * What the tests of issue 28 ("every list on one index range", "jobs cost what changed", the
 * operators' figures) read the database's work with: the statements a piece of code sends, and
 * their plans. Speed is never timed in a test; a plan says whether a statement can cost what
 * changed or must read a whole table.
 */

export interface Statement {
  text: string;
  params: unknown[];
}

/** Where the statements go while statementsOf runs its work. */
let sink: Statement[] | null = null;
const watched = new WeakSet<object>();

/**
 * Watches every statement prepared through `db`'s session from now on (the app's too: they share
 * it), whichever driver (PGlite or node-postgres) runs it. Call it before the code under test
 * prepares its statements (a statement drizzle prepared once and reuses is seen only if it was
 * prepared while watched): in `beforeAll`, right after the test context.
 */
export function watchStatements(db: Database): void {
  const session = (db as unknown as { session: object }).session;
  const prototype = Object.getPrototypeOf(session) as {
    prepareQuery: (query: { sql: string; params: unknown[] }, ...rest: unknown[]) => unknown;
  };
  if (watched.has(prototype)) return;
  watched.add(prototype);
  const original = prototype.prepareQuery;
  prototype.prepareQuery = function (this: unknown, query, ...rest) {
    const prepared = original.call(this, query, ...rest) as { execute: (values?: Record<string, unknown>) => unknown };
    const execute = prepared.execute.bind(prepared);
    // A prepared statement's values arrive only when it runs (drizzle's placeholders).
    prepared.execute = (values) => {
      sink?.push({ text: query.sql, params: fillPlaceholders(query.params, values ?? {}) });
      return execute(values);
    };
    return prepared;
  };
}

/** Every statement sent through `db`'s session while `work` runs, with the values it ran with. */
export async function statementsOf(db: Database, work: () => Promise<unknown>): Promise<Statement[]> {
  watchStatements(db);
  const sent: Statement[] = [];
  sink = sent;
  try {
    await work();
  } finally {
    sink = null;
  }
  return sent;
}

/**
 * A database over `db`'s own connection that records every statement run through it, and only
 * those (the app's go on unrecorded). A transaction's begin and commit are not counted:
 * node-postgres' session logs them, PGlite's does not, and counts must mean the same on both.
 */
export function loggingDatabase(db: Database): { db: Database; statements: Statement[] } {
  const statements: Statement[] = [];
  const control = /^\s*(begin|commit|rollback|savepoint|release savepoint)\b/i;
  const logger = { logQuery: (text: string, params: unknown[]) => void (control.test(text) || statements.push({ text, params })) };
  const client = (db as unknown as { $client: unknown }).$client;
  const logged = process.env.TEST_DATABASE_URL ? drizzlePg(client as Pool, { logger }) : drizzlePglite(client as PGlite, { logger });
  return { db: logged as unknown as Database, statements };
}

/** A parameter as an SQL literal: the plan is the one for these values (a custom plan). */
export function literalOf(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  // An array literal without a type takes the column's (uuid[], text[], integer[]).
  if (Array.isArray(value))
    return `'{${value
      .map((item) => (item === null ? 'NULL' : `"${String(item).replace(/["\\]/g, '\\$&')}"`))
      .join(',')
      .replace(/'/g, "''")}}'`;
  return `'${String(value).replace(/'/g, "''")}'`;
}

/** EXPLAIN takes no bind parameters: the statement with its values in place of the placeholders. */
export function inline({ text, params }: Statement): string {
  return text.replace(/\$(\d+)\b/g, (_, index: string) => literalOf(params[Number(index) - 1]));
}

export interface PlanNode {
  'Node Type': string;
  'Index Cond'?: string;
  'Index Name'?: string;
  'Relation Name'?: string;
  'Sort Key'?: string[];
  Plans?: PlanNode[];
}

/** The plan's nodes, the root first. */
export function planNodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(planNodes)];
}

/** The plan's nodes on one line each, for a failure message. */
export const outline = (nodes: PlanNode[]) =>
  nodes.map((node) =>
    [node['Node Type'], node['Index Name'] ?? node['Relation Name'] ?? '', node['Index Cond'] ?? node['Sort Key']?.join(', ') ?? '']
      .join(' ')
      .trim(),
  );

/** How a plan is asked for: by default with sequential scans off (a Seq Scan then means no index serves). */
interface ExplainOptions {
  /** Bitmap scans off too, so only an index scan can give rows in their order (the lists). */
  noBitmapScans?: boolean;
  /** Nothing turned off: the plan the planner chooses for the table as it is (a test that seeds enough rows). */
  asChosen?: boolean;
}

async function explained(db: Database, statement: Statement, format: 'text' | 'json', options: ExplainOptions) {
  return db.transaction(async (tx) => {
    if (!options.asChosen) await tx.execute(sql`set local enable_seqscan = off`);
    if (options.noBitmapScans) await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = await tx.execute(sql.raw(`explain ${format === 'json' ? '(format json) ' : ''}${inline(statement)}`));
    return (Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows) as Array<Record<string, unknown>>;
  });
}

/** The plan as EXPLAIN prints it, one text. */
export async function planText(db: Database, statement: Statement, options: ExplainOptions = {}): Promise<string> {
  return (await explained(db, statement, 'text', options)).map((row) => String(row['QUERY PLAN'])).join('\n');
}

/** The plan's nodes, the root first. */
export async function planOf(db: Database, statement: Statement, options: ExplainOptions = {}): Promise<PlanNode[]> {
  const cell = Object.values((await explained(db, statement, 'json', options))[0]!)[0];
  return planNodes(((typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>)[0]!.Plan);
}
