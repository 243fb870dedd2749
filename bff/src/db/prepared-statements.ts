// Statements sent to a PostgreSQL server run as named prepared statements: the server parses,
// analyses and plans a statement's text once per connection instead of on every call
// (decision 0034). Drizzle sends each statement with its text and no name; a pool connection's
// `query` is wrapped so a statement the bff sends again and again is given a name derived from
// its text, and node-postgres then sends only Bind and Execute after the first time.
//
// Why: in a coin redemption's profile on PostgreSQL, parsing and planning were about 40 % of the
// server's time; with every statement prepared the redemptions went from about 800/s to 1,100/s
// (docs/performance.md, "A million members"). PGlite (one in-process connection) is not wrapped.
import type { PoolClient } from 'pg';

/**
 * A statement with more values than this stays unnamed: a batch write (many rows) or a long IN
 * list has a new text for every count, each of which would be kept on the connection.
 */
export const MAX_NAMED_PARAMETERS = 64;

/** At most this many named statements on one connection; later new texts run unnamed. */
export const MAX_NAMED_PER_CONNECTION = 300;

/** At most this many texts named in the process: the names are shared by every connection. */
export const MAX_NAMED_TEXTS = 4_000;

/** The name of each text named so far (the same text, the same name, on every connection). */
const nameOfText = new Map<string, string>();

/**
 * The name a statement runs under, or undefined to run it unnamed. Only statements with values
 * are named: a statement without any (a migration's DDL, `begin`) gains nothing from a plan kept.
 */
export function statementName(text: string, values: readonly unknown[] | undefined, namedOnConnection: Set<string>): string | undefined {
  if (!values || values.length === 0 || values.length > MAX_NAMED_PARAMETERS) return undefined;
  let name = nameOfText.get(text);
  if (name === undefined) {
    if (nameOfText.size >= MAX_NAMED_TEXTS) return undefined;
    name = `sukoyaka_${nameOfText.size + 1}`;
    nameOfText.set(text, name);
  }
  if (namedOnConnection.has(name)) return name;
  if (namedOnConnection.size >= MAX_NAMED_PER_CONNECTION) return undefined;
  namedOnConnection.add(name);
  return name;
}

interface QueryConfig {
  text?: unknown;
  name?: unknown;
  values?: unknown;
  submit?: unknown;
}

/** Wraps one pool connection's `query` (the pool's `connect` event, db/client.ts). */
export function nameStatementsOf(client: PoolClient): void {
  const named = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, callback?: unknown) => {
    // Only a plain statement (text, no name of its own, not a cursor or stream) is named.
    if (config !== null && typeof config === 'object' && typeof (config as QueryConfig).submit !== 'function') {
      const statement = config as QueryConfig;
      if (typeof statement.text === 'string' && statement.name === undefined) {
        const given = Array.isArray(values) ? values : Array.isArray(statement.values) ? statement.values : undefined;
        const name = statementName(statement.text, given, named);
        // A copy: drizzle reuses its config object for every run of the statement.
        if (name) return query({ ...statement, name }, values, callback);
      }
    }
    return query(config, values, callback);
  };
}

/**
 * A Drizzle prepared statement built once per database: `build` runs at the first call with that
 * database, so Drizzle writes the statement's text once, not at every call (decision 0039).
 */
export function preparedPerDatabase<D extends object, T>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) built.set(db, (statement = build(db)));
    return statement;
  };
}
