/**
 * The fault suite (issue 8) on PostgreSQL: the bff runs as its own process (TypeScript through
 * tsx, `node --import tsx bff/src/server.ts`) on a fresh database, and PostgreSQL or the process
 * itself fails under it. Runs when TEST_DATABASE_URL is set (CI step 7); the classification of
 * connection errors is tested always. Prints `SUITE faults: …`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { AUTHENTICITY_TOKEN_HEADER, callPath, IDEMPOTENCY_KEY_HEADER, type CallName } from '@sukoyaka/contract';
import { inArray } from 'drizzle-orm';
import { Client } from 'pg';
import { isConnectionError, openDatabase, type DatabaseHandle } from '../src/db/client';
import { bloodPressures } from '../src/db/schema';
import { REPO_ROOT } from '../src/paths';
import { createMember } from './helpers';
import { report } from './suites/support';

describe('isConnectionError: what answers 503 rather than 500', () => {
  it.each([
    ['terminated by an administrator (57P01)', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['the server starting up (57P03)', { code: '57P03', message: 'the database system is starting up' }],
    ['a connection exception (08006)', { code: '08006', message: 'connection failure' }],
    ['a reset socket', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
    ['a refused socket', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['the connection ended mid-query', new Error('Connection terminated unexpectedly')],
    ['a closed client reused', new Error('Client was closed and is not queryable')],
    ['no connection within the pool timeout', new Error('timeout exceeded when trying to connect')],
    [
      'wrapped by drizzle',
      Object.assign(new Error('Failed query: select 1'), { cause: { code: '57P01', message: 'terminating connection' } }),
    ],
  ])('%s is a lost connection', (_what, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', { code: '23505', message: 'duplicate key value violates unique constraint' }],
    ['a syntax error (42601)', { code: '42601', message: 'syntax error at or near "selec"' }],
    ['a statement timeout (57014)', { code: '57014', message: 'canceling statement due to statement timeout' }],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['nothing', undefined],
  ])('%s is not', (_what, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

/** A browser over real HTTP: the session cookie, the authenticity token. */
class HttpAgent {
  private cookie = '';
  private token = '';

  constructor(private readonly base: () => string) {}

  private remember(response: Response): void {
    const fresh = response.headers.get(AUTHENTICITY_TOKEN_HEADER.toLowerCase());
    if (fresh) this.token = fresh;
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      if (pair?.startsWith('sukoyaka_session=')) this.cookie = pair;
    }
  }

  async get(name: CallName): Promise<{ status: number; body: any }> {
    const response = await fetch(`${this.base()}${callPath(name)}`, { headers: { cookie: this.cookie } });
    this.remember(response);
    return { status: response.status, body: await response.json().catch(() => null) };
  }

  async post(
    name: CallName,
    body: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: any; replayed: boolean }> {
    if (!this.token) this.token = (await this.get('getAuthenticityTokenForClient')).body.authenticityToken;
    const response = await fetch(`${this.base()}${callPath(name)}`, {
      method: 'POST',
      headers: { cookie: this.cookie, 'content-type': 'application/json', [AUTHENTICITY_TOKEN_HEADER]: this.token, ...headers },
      body: JSON.stringify(body),
    });
    this.remember(response);
    const replayed = response.headers.get('idempotent-replayed') === 'true';
    return { status: response.status, body: await response.json().catch(() => null), replayed };
  }

  async signIn(email: string, password: string): Promise<void> {
    const response = await this.post('signIn', { email, password });
    if (response.status !== 200) throw new Error(`sign-in answered ${response.status}`);
  }
}

/** The bff as a process of its own, on `databaseUrl`; `base` is its address once it answers. */
class ServerProcess {
  child: ChildProcess | undefined;
  base = '';
  output = '';

  constructor(private readonly databaseUrl: string) {}

  async start(): Promise<void> {
    this.output = '';
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      SEED_DEMO: 'false',
      // Every request here comes from 127.0.0.1: the sign-in throttle would count them all as one.
      AUTH_THROTTLE_MAX: '0',
      DB_POOL_MAX: '10',
    };
    delete env.NODE_ENV;
    delete env.REDIS_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bff/src/server.ts')], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    const keep = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString('utf8')).slice(-20_000);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const match = /running at http:\/\/localhost:(\d+)/.exec(this.output);
      if (match) {
        this.base = `http://127.0.0.1:${match[1]}`;
        return;
      }
      if (!this.alive()) throw new Error(`the server exited: ${this.output}`);
      await sleep(50);
    }
    throw new Error(`the server did not start: ${this.output}`);
  }

  /** Fails with the end of the server's output when it is no longer running. */
  assertAlive(): void {
    if (!this.alive())
      throw new Error(`the server exited (${this.child?.exitCode ?? this.child?.signalCode}):\n${this.output.slice(-4000)}`);
  }

  alive(): boolean {
    return !!this.child && this.child.exitCode === null && this.child.signalCode === null;
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    if (!child || !this.alive()) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (serverUrl) {
  describe('faults on PostgreSQL (the bff as its own process)', () => {
    jest.setTimeout(120_000);
    const name = `sukoyaka_faults_${process.pid}_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const databaseUrl = url.toString();
    const server = new ServerProcess(databaseUrl);
    const counts: Record<string, number> = {};
    let database: DatabaseHandle;
    let admin: Client;

    /** Ends every connection to the test database but the admin's own, as a failover would. */
    async function terminateBackends(): Promise<number> {
      const result = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      );
      return result.rowCount ?? 0;
    }

    /** Time until `call` first answers 200, polling; fails after `limitMs`. */
    async function recoveryTime(call: () => Promise<{ status: number }>, limitMs = 1000): Promise<number> {
      const started = Date.now();
      for (;;) {
        const answer = await call().catch(() => ({ status: 0 }));
        if (answer.status === 200) return Date.now() - started;
        if (Date.now() - started > limitMs) throw new Error(`no 200 within ${limitMs} ms (last ${answer.status})`);
        await sleep(25);
      }
    }

    const reading = (i: number) => ({
      measuredAt: new Date(Date.now() - 60_000 - i * 1000).toISOString(),
      systolic: 100 + (i % 150),
      diastolic: 60,
      pulse: 70,
    });

    beforeAll(async () => {
      admin = new Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      // The test's own connections (creating members, reading back) are terminated too: they
      // report it here and reconnect.
      database = await openDatabase({ databaseUrl, dataDir: '', onPoolError: () => undefined });
      await server.start();
    });

    afterAll(async () => {
      await server.stop();
      await database?.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      report('faults:', counts);
    });

    it('(a) backends terminated while idle: the server stays up and the next call succeeds within a second', async () => {
      const member = await createMember(database.db);
      const agent = new HttpAgent(() => server.base);
      await agent.signIn(member.email, member.password);
      expect((await agent.get('getUserInfo')).status).toBe(200);
      let terminated = 0;
      const recoveries: number[] = [];
      for (let round = 0; round < 5; round += 1) {
        await sleep(200);
        terminated += await terminateBackends();
        await sleep(100);
        server.assertAlive();
        recoveries.push(await recoveryTime(() => agent.get('getUserInfo')));
        // A write as well: the pool gives it a live connection.
        expect((await agent.post('saveBloodPressure', reading(round))).status).toBe(200);
      }
      expect(terminated).toBeGreaterThan(0);
      server.assertAlive();
      expect(server.output).not.toMatch(/Unhandled 'error' event/);
      counts.idleTerminated = terminated;
      counts.idleRecoveryMaxMs = Math.max(...recoveries);
    });

    it('(b) backends terminated under load: no 500, the server stays up, and calls succeed within a second after', async () => {
      const members = await Promise.all(Array.from({ length: 4 }, () => createMember(database.db)));
      const agents = members.map(() => new HttpAgent(() => server.base));
      await Promise.all(agents.map((agent, i) => agent.signIn(members[i]!.email, members[i]!.password)));
      const statuses: Record<string, number> = {};
      let running = true;
      let written = 0;
      const load = agents.map(async (agent, i) => {
        for (let n = 0; running; n += 1) {
          const answer =
            n % 2 === 0
              ? await agent.get('getUserInfo').catch(() => ({ status: 0 }))
              : await agent.post('saveBloodPressure', reading(i * 10_000 + n)).catch(() => ({ status: 0 }));
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          if (n % 2 === 1 && answer.status === 200) written += 1;
        }
      });
      let terminated = 0;
      // Eight rounds at least; on a slow machine more (at most 40), until a write has been answered
      // between terminations: 8 rounds once ended before any of the four members' writes did, and
      // once (CI, 2026-11-29) 40 rounds 150 ms apart did too. After the eighth round without one,
      // each pause is longer (up to 2 s), so a write on a fresh connection can finish in between.
      for (let round = 0; round < 8 || (written === 0 && round < 40); round += 1) {
        await sleep(round < 8 ? 150 : Math.min(150 * 2 ** (round - 7), 2000));
        terminated += await terminateBackends();
      }
      running = false;
      await Promise.all(load);
      server.assertAlive();
      const recovery = await recoveryTime(() => agents[0]!.get('getUserInfo'));
      expect((await agents[1]!.post('saveBloodPressure', reading(99_999))).status).toBe(200);
      // A call whose connection died answers 503; nothing else fails.
      expect(Object.keys(statuses).sort()).toEqual(expect.arrayContaining(['200']));
      for (const status of Object.keys(statuses)) expect(['200', '503']).toContain(status);
      expect(written).toBeGreaterThan(0);
      counts.loadRequests = Object.values(statuses).reduce((sum, value) => sum + value, 0);
      counts.load503 = statuses['503'] ?? 0;
      counts.loadTerminated = terminated;
      counts.loadRecoveryMs = recovery;
    });

    it('(c) SIGKILL during a burst of writes: after restart every acknowledged write is there, and retrying the unanswered ones with their keys duplicates none', async () => {
      const members = await Promise.all(Array.from({ length: 6 }, () => createMember(database.db)));
      const agents = members.map(() => new HttpAgent(() => server.base));
      await Promise.all(agents.map((agent, i) => agent.signIn(members[i]!.email, members[i]!.password)));
      // Each write's reading is its marker: a measuredAt no other write of the test has.
      const base = Date.now() - 60_000;
      const write = (i: number, n: number) => ({
        key: `burst-${i}-${n}`,
        body: { measuredAt: new Date(base - (i * 10_000 + n) * 1000).toISOString(), systolic: 100 + (n % 150), diastolic: 60, pulse: 70 },
      });
      const acknowledged: string[] = [];
      // Per agent, the writes it sent and got no answer for (the client retries these).
      const unanswered: { agent: number; key: string; body: unknown }[] = [];
      let sent = 0;
      let killed = false;
      const burst = agents.map(async (agent, i) => {
        for (let n = 0; !killed; n += 1) {
          sent += 1;
          const { key, body } = write(i, n);
          const answer = await agent.post('saveBloodPressure', body, { [IDEMPOTENCY_KEY_HEADER]: key }).catch(() => null);
          if (answer && answer.status >= 200 && answer.status < 300) acknowledged.push(answer.body.id as string);
          else unanswered.push({ agent: i, key, body });
          if (!answer) break;
        }
      });
      // Let the burst reach full speed, then kill the process with writes in flight.
      while (acknowledged.length < 60) await sleep(10);
      await server.stop('SIGKILL');
      killed = true;
      await Promise.all(burst);
      expect(server.child!.signalCode).toBe('SIGKILL');

      await server.start();
      const found = await database.db
        .select({ id: bloodPressures.id })
        .from(bloodPressures)
        .where(inArray(bloodPressures.id, acknowledged));
      const foundIds = new Set(found.map((row) => row.id));
      const lost = acknowledged.filter((id) => !foundIds.has(id));

      // Each client sends again, with the same key and body, every write it got no answer for:
      // one that committed replays its first answer, one that did not runs now, once.
      let replayed = 0;
      const retried: string[] = [];
      for (const { agent, key, body } of unanswered) {
        const answer = await agents[agent]!.post('saveBloodPressure', body, { [IDEMPOTENCY_KEY_HEADER]: key });
        expect(answer.status).toBe(200);
        // Replayed: it had committed, and only its answer was lost in the kill.
        if (answer.replayed) replayed += 1;
        retried.push(answer.body.id as string);
      }
      const rows = await database.db
        .select({ id: bloodPressures.id, userId: bloodPressures.userId, measuredAt: bloodPressures.measuredAt })
        .from(bloodPressures)
        .where(
          inArray(
            bloodPressures.userId,
            members.map((member) => member.id),
          ),
        );
      const perMarker = new Map<string, number>();
      for (const row of rows) {
        const marker = `${row.userId} ${row.measuredAt.toISOString()}`;
        perMarker.set(marker, (perMarker.get(marker) ?? 0) + 1);
      }
      const duplicates = [...perMarker.values()].filter((count) => count > 1).length;
      const rowIds = new Set(rows.map((row) => row.id));
      counts.writesSent = sent;
      counts.writesAcknowledged = acknowledged.length;
      counts.writesFound = foundIds.size;
      counts.writesLost = lost.length;
      counts.writesRetried = unanswered.length;
      counts.retriesReplayed = replayed;
      counts.duplicates = duplicates;
      expect(acknowledged.length).toBeGreaterThanOrEqual(60);
      expect(lost).toEqual([]);
      expect(unanswered.length).toBeGreaterThan(0);
      expect(duplicates).toBe(0);
      // Every write the clients sent is there exactly once: the acknowledged and the retried.
      expect(rows).toHaveLength(acknowledged.length + unanswered.length);
      for (const id of retried) expect(rowIds.has(id)).toBe(true);
      // The restarted server serves the same sessions: the members are still signed in.
      expect((await agents[0]!.get('getUserInfo')).status).toBe(200);
    });
  });
}
