import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { callPath, japanDay, type CallInput, type CallName, type OperatorRole } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { MIGRATIONS_FOLDER } from '../src/paths';
import { associations, users } from '../src/db/schema';
import { credit } from '../src/incentives/ledger';
import { hashPassword } from '../src/lib/password';
import { createOperator } from '../src/operators/accounts';
import { newTotpSecret, totpCodeAt } from '../src/operators/totp';

export { totpCodeAt };
import { startServices, type LocalFake, type RunningServices } from '../src/services';
import type { DevOutbox } from '../src/dev/outbox';

/**
 * The migrations' fingerprint: a template made from other migrations (another branch, an edited
 * file) is never reused.
 */
function migrationsFingerprint(): string {
  const digest = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_FOLDER, { recursive: true }).map(String).sort()) {
    const full = path.join(MIGRATIONS_FOLDER, file);
    if (statSync(full).isFile()) digest.update(file).update(readFileSync(full));
  }
  digest.update(String(process.env.npm_package_version ?? ''));
  // How the PGlite template is made (below): a template made the older way is not reused.
  digest.update('pglite template without template0 and template1');
  return digest.digest('hex').slice(0, 16);
}

let pgliteTemplate: Promise<Blob> | undefined;

/**
 * A test file's embedded database holds a few megabytes, so it gets a 16 MB buffer pool instead of
 * the embedded database's 32 MB (db/client.ts): a PGlite start grows with the pool, and took
 * 0.87 s with PostgreSQL's 128 MB and 0.35 s with this (median of 8 starts from the template on the
 * slower 2-core machine, docs/performance.md, "The test suites").
 */
const TEST_PGLITE_SETTINGS = { shared_buffers: '16MB' };

/**
 * An embedded database with every migration applied, as a data-directory dump. Made once per
 * machine and migration set (a file in the temporary folder), then loaded by every test file:
 * loading takes about a quarter of initdb plus the migrations (docs/performance.md, "Tests").
 */
function migratedPgliteTemplate(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = path.join(os.tmpdir(), `sukoyaka-pglite-${migrationsFingerprint()}.tar`);
    if (!existsSync(file)) {
      const database = await openDatabase({ dataDir: 'memory://' });
      // The tests connect only to the `postgres` database: without initdb's two template databases
      // the dump holds a third of the files, and each file's load takes about a third less.
      for (const statement of [
        'alter database template0 with is_template false allow_connections false',
        'drop database template0',
        'alter database template1 with is_template false',
        'drop database template1',
        'checkpoint',
      ])
        await database.db.execute(sql.raw(statement));
      const dump = await database.dumpDataDir!();
      await database.close();
      // Written aside and renamed: a worker reading it never sees half a file.
      const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
    }
    return new Blob([readFileSync(file)]);
  })();
  return pgliteTemplate;
}

let postgresTemplate: Promise<string> | undefined;

/**
 * PostgreSQL: a database with every migration applied, made once per server and migration set,
 * that each test file's database is created from (CREATE DATABASE … TEMPLATE).
 */
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `sukoyaka_template_${migrationsFingerprint()}`;
    const admin = new Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return name;
      const building = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
      await database.close();
      // The pool has ended but its backends may still be leaving (55006, "being accessed by
      // other users"): wait for them. Another worker may have finished first (42P04): then its
      // template is used and this one dropped.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await admin.query(`alter database ${building} rename to ${name}`);
          return name;
        } catch (error) {
          const code = (error as { code?: string }).code;
          // 42P04, or 23505 on pg_database's unique name when both renames ran at once.
          if (code === '42P04' || code === '23505') {
            await admin.query(`drop database if exists ${building} with (force)`);
            return name;
          }
          if (code !== '55006' || attempt >= 100) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    } finally {
      await admin.end();
    }
  })();
  return postgresTemplate;
}

/**
 * An embedded database from the migrated template, whatever TEST_DATABASE_URL says: for tests of
 * PGlite itself. `settings` replace the tests' own (`{}`: the embedded database's defaults).
 */
export async function openTestPglite(settings: Record<string, string> = TEST_PGLITE_SETTINGS) {
  return openDatabase({ dataDir: 'memory://', loadDataDir: await migratedPgliteTemplate(), pgliteSettings: settings });
}

/**
 * A fresh database per test file: PGlite in memory by default (loaded from the migrated
 * template); with TEST_DATABASE_URL, a new database created on that PostgreSQL server from the
 * migrated template and dropped afterwards (the CI run on PostgreSQL).
 */
async function freshDatabase(options: DatabaseOptions = {}): Promise<{ databaseUrl?: string; loadDataDir?: Blob; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return { loadDataDir: await migratedPgliteTemplate(), drop: async () => undefined };
  const template = await migratedPostgresTemplate(serverUrl);
  const name = `sukoyaka_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  if (!options.durableCommit) await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    async drop() {
      const client = new Client({ connectionString: serverUrl });
      await client.connect();
      // The app's pool has ended, but its connections may still be closing. Wait for them (a
      // database in use cannot be dropped, 55006) rather than terminate them: a forced drop makes
      // each such client report "terminating connection" into the test run as an unhandled error.
      for (let attempt = 0; ; attempt += 1) {
        try {
          await client.query(`drop database if exists ${name}`);
          break;
        } catch (error) {
          if ((error as { code?: string }).code !== '55006' || attempt >= 40) {
            await client.query(`drop database if exists ${name} with (force)`);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      await client.end();
    },
  };
}

export interface TestClock {
  now(): Date;
  set(value: Date | string): void;
  advance(ms: number): void;
}

export function createClock(start = new Date()): TestClock {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (value) => {
      current = new Date(value);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  db: Database;
  config: Config;
  clock: TestClock;
  /**
   * The outside services: the local fake SMTP server and SMS provider (started by the first mail
   * or SMS), over real connections, and what they received; Google Health, the My Number Portal
   * and City OS only as the file asked for their fakes (`fakes`), null otherwise.
   */
  services: RunningServices;
  outbox: DevOutbox;
  /** Sends every outbox row due now (mail and SMS leave after the call, through the worker). */
  deliverOutbox(): Promise<number>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /**
   * PostgreSQL only: commits wait for the WAL to reach the disk, as production's do. Off by
   * default: the suites test behaviour through many small transactions, not durability (a server
   * crash could lose the last commits; a killed bff cannot, and what other connections see is the
   * same). About 0.3 ms a commit on this machine's disk. The fault suite makes its own database,
   * with production's setting.
   */
  durableCommit?: boolean;
}

export interface ContextOptions extends Pick<AppOptions, 'logger'> {
  /**
   * The local fakes the file uses, of the services that have an address of their own (the Fitbit
   * connection's Google, the My Number Portal, City OS): only these are started, the others are
   * unconfigured (null). None by default; mail and SMS need no entry (their fakes start on first use).
   */
  fakes?: readonly LocalFake[];
}

export async function createTestContext(
  overrides: Partial<Config> = {},
  databaseOptions: DatabaseOptions = {},
  options: ContextOptions = {},
): Promise<TestContext> {
  const { fakes = [], ...appOptions } = options;
  const fresh = await freshDatabase(databaseOptions);
  // The health figures' fold runs every minute by default; tests fold by hand (foldHealthFigures),
  // so a pass never lands between a test's two reads.
  const config = loadConfig(
    { NODE_ENV: 'test' },
    { dataDir: 'memory://', seedDemo: false, databaseUrl: fresh.databaseUrl, healthFigures: { everyMs: 0 }, ...overrides },
  );
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    ...(fresh.loadDataDir && config.dataDir === 'memory://'
      ? { loadDataDir: fresh.loadDataDir, pgliteSettings: TEST_PGLITE_SETTINGS }
      : {}),
  });
  const clock = createClock();
  const services = await startServices(config, { fakes });
  // Times in the database are real, so the clock starts at the real now and moves from there.
  const app = await buildApp({ config, db: database.db, services, now: clock.now, ...appOptions });
  await app.ready();
  return {
    app,
    db: database.db,
    config,
    clock,
    services,
    outbox: services.outbox!,
    deliverOutbox: () => app.outbox.drain(),
    async close() {
      await app.close();
      await services.close();
      await database.close();
      await fresh.drop();
    },
  };
}

/**
 * Config with every scheduled job off, for the suites that check that a request changed no row:
 * a job's pass (its lease in job_state, its own writes) landing during a request would be counted
 * as the request's (under load a suite outlasts the 15-minute jobs' first tick).
 */
export function scheduledJobsOff(): Partial<Config> {
  const defaults = loadConfig({ NODE_ENV: 'test' });
  return {
    mynaImport: { everyMs: 0 },
    fitbitSync: { ...defaults.fitbitSync, everyMs: 0 },
    incentivesJobs: { everyMs: 0 },
    notifications: { everyMs: 0 },
    healthFigures: { everyMs: 0 },
  };
}

/** Durations in milliseconds, as the tests move the clock and date rows. */
/**
 * A value sealed by platform/crypto.ts: the envelope's base64url parts only (`v1:<key>:<iv>:<tag>:<data>`).
 * Checking for this, not for the absence of a short plain string, which a random ciphertext can contain.
 */
export const SEALED_ENVELOPE = /^v1(:[A-Za-z0-9_-]+)+$/;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The start (00:00) of the Japan day `daysAgo` days before today's, as an ISO time: never in the
 * future, and always on the day it names. A time taken back from now (now − n days − a minute)
 * fell one day earlier in the first minute after midnight JST, and a reading then counted as late.
 */
export const startOfJapanDay = (daysAgo: number): string =>
  new Date(Date.parse(`${japanDay(new Date())}T00:00:00+09:00`) - daysAgo * DAY).toISOString();

/**
 * The file's test context: made before its first test and closed after its last (the jest hooks
 * are registered here, so a file's own beforeAll, registered after, already finds it). The answer
 * stands for that context; reading it before the file's tests start is an error.
 */
export function testContextForFile(...args: Parameters<typeof createTestContext>): TestContext {
  let current: TestContext | undefined;
  beforeAll(async () => {
    current = await createTestContext(...args);
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestContext, {
    get(_target, property) {
      if (!current) throw new Error('The test context exists once the file’s beforeAll has run.');
      return Reflect.get(current, property);
    },
  });
}

/** A delivery address as a member enters it (saveDeliveryAddress), for gifts sent by post. */
export const TEST_ADDRESS = {
  name: 'すこやか 花子',
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  street: '千代田1-1',
  building: 'すこやかビル101',
  phone: '03-1234-5678',
} as const;

/** An operator's grant to the member: `amount` coins (programId null) or points, in a transaction of its own. */
export function grant(db: Database, userId: string, programId: string | null, amount: number, idempotencyKey = `grant-${randomUUID()}`) {
  return db.transaction((tx) =>
    credit(tx, { kind: 'grant', userId, programId, amount, description: '付与', idempotencyKey, now: new Date() }),
  );
}

let memberCounter = 0;

/**
 * A member in use: verified, linked to an association of their own, and past the first sign-in's
 * welcome (`onboarded: false` leaves it to do, as for a member who has just signed up).
 */
export async function createMember(
  db: Database,
  fields: { email?: string; password?: string; nickname?: string; onboarded?: boolean } = {},
) {
  memberCounter += 1;
  const email = fields.email ?? `member${memberCounter}-${randomBytes(3).toString('hex')}@example.jp`;
  const password = fields.password ?? 'correct-horse-battery';
  const [association] = await db.insert(associations).values({ name: 'テスト健康保険組合' }).returning();
  const [user] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      nickname: fields.nickname ?? `会員${memberCounter}`,
      associationId: association!.id,
      associationVerifiedAt: new Date(),
      emailVerifiedAt: new Date(),
      onboardedAt: fields.onboarded === false ? null : new Date(),
    })
    .returning();
  return { id: user!.id, email, password, associationId: association!.id };
}

/** Signs a member in through a browser of their own (a new agent), which it answers. */
export async function signInAgent(ctx: Pick<TestContext, 'app'>, member: { email: string; password: string }): Promise<Agent> {
  const agent = new Agent(ctx.app);
  expect((await agent.signIn(member.email, member.password)).status).toBe(200);
  return agent;
}

/** A new member (createMember) signed in through a browser of their own. */
export async function signedInMember(ctx: Pick<TestContext, 'app' | 'db'>, fields: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(ctx.db, fields);
  return { member, agent: await signInAgent(ctx, member) };
}

/**
 * Associations with no member, by name (by default two, 組合エックス and 組合ワイ: the operator
 * tests' own and another one); their ids in the same order.
 */
export async function createAssociations(db: Database, names: readonly string[] = ['組合エックス', '組合ワイ']): Promise<string[]> {
  const rows = await db
    .insert(associations)
    .values(names.map((name) => ({ name })))
    .returning();
  return rows.map((row) => row.id);
}

let operatorCounter = 0;
/**
 * An operator with roles per association and an authenticator registered (its secret returned,
 * so a test computes codes), unless `enrolled` is false.
 */
export async function createTestOperator(
  db: Database,
  fields: {
    roles: Array<{ associationId: string; role: OperatorRole }>;
    email?: string;
    password?: string;
    name?: string;
    enrolled?: boolean;
  },
  now = new Date(),
) {
  operatorCounter += 1;
  const email = fields.email ?? `operator${operatorCounter}-${randomBytes(3).toString('hex')}@example.jp`;
  const password = fields.password ?? 'operator-horse-battery';
  const totpSecret = newTotpSecret();
  const row = await createOperator(
    db,
    {
      email,
      name: fields.name ?? `運営者${operatorCounter}`,
      password,
      roles: fields.roles,
      ...(fields.enrolled === false ? {} : { totpSecret }),
    },
    now,
  );
  return { id: row.id, email, password, totpSecret, roles: fields.roles };
}

/**
 * An operator (createTestOperator) signed in through the real steps, password then TOTP, in a
 * browser of their own: the operator and that agent.
 */
export async function signedInOperator(
  ctx: Pick<TestContext, 'app' | 'db' | 'clock'>,
  roles: Array<{ associationId: string; role: OperatorRole }>,
  fields: { name?: string } = {},
) {
  const now = ctx.clock.now();
  const operator = await createTestOperator(ctx.db, { roles, ...fields }, now);
  const agent = new Agent(ctx.app);
  expect((await agent.signInOperator(operator, now)).status).toBe(200);
  return { ...operator, agent };
}

export interface Response<T = unknown> {
  status: number;
  body: T;
  headers: Record<string, unknown>;
}

let agentCounter = 0;

/**
 * A browser as the bff sees it: a cookie jar, the authenticity token it was given, and its own
 * client address (10.x.y.z), as separate browsers have: the per-address throttle of the
 * authentication calls (plugins/auth-throttle.ts) counts each agent on its own unless a test
 * gives several agents one `ip`.
 */
export class Agent {
  private readonly cookies = new Map<string, string>();
  token: string | undefined;
  /** The operator session's authenticity token (operator calls), apart from the member's. */
  operatorToken: string | undefined;
  readonly ip: string;

  constructor(
    private readonly app: FastifyInstance,
    options: { ip?: string } = {},
  ) {
    agentCounter += 1;
    this.ip = options.ip ?? `10.${(agentCounter >> 16) & 255}.${(agentCounter >> 8) & 255}.${agentCounter & 255}`;
  }

  private cookieHeader(): string | undefined {
    if (this.cookies.size === 0) return undefined;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private remember(setCookie: unknown): void {
    const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
    for (const line of list as string[]) {
      const [pair] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index);
      const value = pair!.slice(index + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line) || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request<T = any>(options: {
    method: 'GET' | 'POST';
    url: string;
    query?: Record<string, string>;
    payload?: unknown;
    headers?: Record<string, string>;
  }): Promise<Response<T>> {
    const cookie = this.cookieHeader();
    const response = await this.app.inject({
      method: options.method,
      url: options.url,
      query: options.query,
      payload: options.payload as never,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
      remoteAddress: this.ip,
    });
    this.remember(response.headers['set-cookie']);
    // A new operator session hands its token in its own header (plugins/operator-session.ts).
    const operatorToken = response.headers['x-operator-csrf-token'];
    if (typeof operatorToken === 'string' && operatorToken) this.operatorToken = operatorToken;
    let body: unknown = response.body;
    if (String(response.headers['content-type'] ?? '').includes('application/json')) body = response.json();
    return { status: response.statusCode, body: body as T, headers: response.headers };
  }

  async fetchToken(): Promise<string> {
    const response = await this.get('getAuthenticityTokenForClient');
    this.token = response.body.authenticityToken;
    return this.token!;
  }

  get<T = any>(name: CallName, query: Record<string, string> = {}) {
    return this.request<T>({ method: 'GET', url: callPath(name), query });
  }

  /** POSTs a call with the token the agent holds (fetching one first if it has none). */
  async post<N extends CallName>(name: N, body: CallInput<N> | Record<string, unknown> = {}, options: { token?: string | null } = {}) {
    const token = options.token === undefined ? (this.token ?? (await this.fetchToken())) : options.token;
    return this.request<any>({ method: 'POST', url: callPath(name), payload: body, headers: token ? { 'x-csrf-token': token } : {} });
  }

  /** An operator call's POST, with the operator session's token (fetched with getOperatorSession first if none). */
  async operatorPost<N extends CallName>(
    name: N,
    body: CallInput<N> | Record<string, unknown> = {},
    options: { token?: string | null } = {},
  ) {
    if (options.token === undefined && !this.operatorToken) await this.get('getOperatorSession');
    const token = options.token === undefined ? this.operatorToken : options.token;
    return this.request<any>({ method: 'POST', url: callPath(name), payload: body, headers: token ? { 'x-csrf-token': token } : {} });
  }

  /** Signs an operator in through the real steps: password, then the TOTP code of `at`. */
  async signInOperator(operator: { email: string; password: string; totpSecret: string }, at: Date) {
    const password = await this.operatorPost('operatorSignIn', { email: operator.email, password: operator.password });
    if (password.status !== 200) return password;
    return this.operatorPost('verifyOperatorTotp', { code: totpCodeAt(operator.totpSecret, at) });
  }

  async signIn(email: string, password: string) {
    const response = await this.post('signIn', { email, password });
    // The session rotated: the old token belongs to a session that no longer exists.
    this.token = undefined;
    return response;
  }
}
