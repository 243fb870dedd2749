import { PGlite, type QueryOptions, type Transaction as PgliteTransaction } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import type { DatabasePoolSettings } from '../config';
import { MIGRATIONS_FOLDER as migrationsFolder } from '../paths';
import { PGLITE_QUEUE, queueDatabase, type WorkQueueLimits } from './queue';
import { nameStatementsOf } from './prepared-statements';
/**
 * The one database type the services see, whichever driver is underneath. Without Drizzle's
 * relational queries (`db.query.<table>`, which nothing uses): given the schema, Drizzle builds a
 * query builder for each of its 94 tables in every transaction it opens, about 3 % of a coin
 * redemption's CPU in the bff (issue 28).
 */
export type Database = PgDatabase<PgQueryResultHKT>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A service function accepts either the database or a transaction it runs inside. */
export type Executor = Database | Transaction;

/** The rows of a raw `execute(sql…)`, as both drivers answer it (an array, or `{ rows }`). */
export const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start another database from it (`loadDataDir`). */
  dumpDataDir?(): Promise<Blob>;
}

export const DEFAULT_POOL: DatabasePoolSettings = {
  max: 10,
  connectionTimeoutMs: 5000,
  idleTimeoutMs: 30000,
  statementTimeoutMs: 15000,
};

/** Where the pool reports a connection it lost while idle; the process keeps running. */
export type PoolErrorListener = (error: Error) => void;

/**
 * The embedded database's settings: a 32 MB buffer pool instead of PostgreSQL's 128 MB. PGlite's
 * buffers are the bff process's own memory, and the embedded database is for one instance and a
 * small association's data (decision 0008).
 * The `api` bench's process: 675–682 MB resident with 128 MB, 546–606 MB with 32 MB, at the same
 * latency; 16 MB was no smaller (docs/performance.md, "PGlite").
 */
export const EMBEDDED_PGLITE_SETTINGS: Readonly<Record<string, string>> = { shared_buffers: '32MB' };

/**
 * Opens the database and applies the versioned migrations. PGlite (embedded, `dataDir`, or
 * `memory://`) unless a PostgreSQL URL is given.
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string;
  pool?: DatabasePoolSettings;
  onPoolError?: PoolErrorListener;
  /** PGlite only: how many calls run and wait for its one connection (db/queue.ts). */
  queue?: WorkQueueLimits;
  /**
   * PGlite only: a data directory to start from (`dumpDataDir()` of an already migrated
   * database). The tests start each file from one, which skips initdb and the migrations.
   */
  loadDataDir?: Blob;
  /**
   * PGlite only: server settings for this start (`-c name=value`), on top of PGlite's own and
   * EMBEDDED_PGLITE_SETTINGS. The tests give a smaller shared_buffers (helpers.ts says why).
   */
  pgliteSettings?: Record<string, string>;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const settings = options.pool ?? DEFAULT_POOL;
    const pool = new Pool({
      connectionString: options.databaseUrl,
      max: settings.max,
      connectionTimeoutMillis: settings.connectionTimeoutMs,
      idleTimeoutMillis: settings.idleTimeoutMs,
      ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
    });
    // An idle connection the server closes (a restart, pg_terminate_backend, a network cut) is
    // reported here; without a listener Node treats it as an unhandled error and exits. The pool
    // has already dropped that connection, so the next query opens a new one.
    const onError = options.onPoolError ?? ((error: Error) => console.error('PostgreSQL connection lost:', error.message));
    // pg attaches the whole client to the error (err.client): report what happened, not that.
    const report = (error: Error) => onError(Object.assign(new Error(error.message), { code: (error as { code?: unknown }).code }));
    pool.on('error', report);
    // A connection checked out of the pool (a transaction between two statements) has no pool
    // listener: its `error` would be unhandled too. Every connection gets one of its own; the
    // transaction's next statement then fails, is rolled back and answered 503.
    pool.on('connect', (client) => {
      client.on('error', report);
      nameStatementsOf(client);
    });
    const db = drizzlePg(pool);
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  }
  const settings = Object.entries({ ...EMBEDDED_PGLITE_SETTINGS, ...options.pgliteSettings }).flatMap(([name, value]) => [
    '-c',
    `${name}=${value}`,
  ]);
  const client = new PGlite(options.dataDir, {
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, ...settings],
  });
  await client.waitReady;
  parseTextTypesOnce(client);
  const db = drizzlePglite(client);
  await migratePglite(db, { migrationsFolder });
  queueDatabase(db, options.queue ?? PGLITE_QUEUE);
  return { db: db as unknown as Database, kind: 'pglite', close: () => client.close(), dumpDataDir: () => client.dumpDataDir('none') };
}

/**
 * The types Drizzle's PGlite driver keeps as PostgreSQL's text (drizzle-orm/pglite/session.js):
 * timestamp, timestamptz, interval, date, and numeric[], timestamp[], timestamptz[], interval[],
 * date[]. Drizzle parses them itself.
 */
export const DRIZZLE_TEXT_TYPES: ReadonlySet<number> = new Set([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182]);

const asText = (value: string) => value;

/**
 * Drizzle hands every PGlite query its own parsers for DRIZZLE_TEXT_TYPES, and PGlite then copies
 * its whole table of parsers (about 320 types) into a new object for that one query: about
 * 130 µs a statement, a quarter of a one-row select's time (docs/performance.md, "The test
 * suites"). The same parsers are set on the instance once, and a query's own copy of exactly those
 * is dropped. Any other per-query parser still goes through as given.
 */
function parseTextTypesOnce(client: PGlite): void {
  for (const type of DRIZZLE_TEXT_TYPES) client.parsers[type] = asText;
  const withoutTextParsers = (options: QueryOptions | undefined): QueryOptions | undefined => {
    if (!options?.parsers) return options;
    const { parsers, ...rest } = options;
    return Object.keys(parsers).every((type) => DRIZZLE_TEXT_TYPES.has(Number(type))) ? rest : options;
  };
  const lighten = <Target extends PGlite | PgliteTransaction>(target: Target): Target => {
    const query = target.query.bind(target);
    target.query = ((text: string, params?: unknown[], options?: QueryOptions) =>
      query(text, params, withoutTextParsers(options))) as Target['query'];
    return target;
  };
  lighten(client);
  const transaction = client.transaction.bind(client);
  client.transaction = ((callback: (tx: PgliteTransaction) => Promise<unknown>) =>
    transaction((tx) => callback(lighten(tx)))) as PGlite['transaction'];
}

/**
 * True for an error that says the connection to PostgreSQL is gone or refused (terminated,
 * server shutting down, cannot connect, pool timeout), as opposed to a query that is wrong: the
 * call may succeed when retried, so it is answered 503.
 */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message, cause } = error as { code?: unknown; message?: unknown; cause?: unknown };
  // 57P01 admin_shutdown (pg_terminate_backend), 57P02 crash_shutdown, 57P03 cannot_connect_now,
  // class 08 connection exceptions; ECONNREFUSED/ECONNRESET/EPIPE from the socket.
  if (
    typeof code === 'string' &&
    (/^57P0[123]$/.test(code) || code.startsWith('08') || /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT)$/.test(code))
  )
    return true;
  if (
    typeof message === 'string' &&
    /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable/i.test(
      message,
    )
  )
    return true;
  // Drizzle wraps the driver's error ("Failed query: …") with the original as its cause.
  return cause !== undefined && cause !== error && isConnectionError(cause);
}
