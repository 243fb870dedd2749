import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The repository root (this file is e2e/tests/server.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const ARTIFACTS_DIR = path.join(REPO_ROOT, 'e2e', 'artifacts');

const SERVER_ENTRY = path.join(REPO_ROOT, 'bff', 'dist', 'server.js');
const SHELL = path.join(REPO_ROOT, 'root-config', 'dist', 'index.html');

export interface RunningServer {
  baseUrl: string;
  process: ChildProcess;
  dataDir: string;
  /** The PostgreSQL database it runs on, or undefined for the embedded PGlite in dataDir. */
  databaseUrl: string | undefined;
  logFile: string;
}

declare global {
  /** Set by global-setup.ts, read by global-teardown.ts (the runner's main process runs both): one server per worker. */
  var __SUKOYAKA_E2E_SERVERS__: RunningServer[] | undefined;
}

/**
 * Where the last TOTP time step sent to a server's demo operator is kept (tests/support.ts,
 * operatorCode), in a file rather than in a worker's memory: Playwright starts a worker's process
 * afresh when it moves on to the next project or after a failure, and the server still remembers
 * the step it accepted. Removed with the server (stopServer).
 */
export const operatorStepFile = (siteBaseUrl: string) => path.join(os.tmpdir(), `sukoyaka-e2e-operator-step-${new URL(siteBaseUrl).port}`);

/** The journeys test what a member gets: the built site, never the sources. */
export function assertBuilt(): void {
  const missing = [SERVER_ENTRY, SHELL].filter((file) => !existsSync(file));
  if (missing.length > 0) {
    throw new Error(
      `The site is not built: missing ${missing.map((file) => path.relative(REPO_ROOT, file)).join(' and ')}.\n` +
        'Run `npm run build` in the repository root first, then `npm run e2e`.',
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Up to three minutes: on PostgreSQL the first start migrates and seeds the demo, and CI's
 * machine may be busy (a CI run once gave up at 60 s on a start that was merely slow).
 */
async function waitUntilAnswering(server: RunningServer, output: () => string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastProblem = 'no answer yet';
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(
        `The server exited (code ${server.process.exitCode}, signal ${server.process.signalCode}) before answering. Its output:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${server.baseUrl}/api/bff/ping`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
      lastProblem = `GET /api/bff/ping answered ${response.status}`;
    } catch (error) {
      lastProblem = String(error);
    }
    await sleep(200);
  }
  throw new Error(`The server did not answer GET /api/bff/ping within ${timeoutMs / 1000} s (${lastProblem}). Its output:\n${output()}`);
}

/**
 * The environment of the server and of the operators' CLI on the same data: like `npm start`
 * (without the test runner's NODE_ENV), on the temporary PGlite folder or on the given database.
 */
function databaseEnv(dataDir: string, databaseUrl: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.NODE_ENV;
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/**
 * Starts the built server on a free port with a fresh, temporary PGlite data folder (seeded with
 * the demo member), or on the (empty) PostgreSQL database `databaseUrl` (seeded too). `name` tells
 * its log apart from the other workers' servers' (e2e/artifacts/<name>.log).
 */
export async function startServer({ databaseUrl, name = 'server' }: { databaseUrl?: string; name?: string } = {}): Promise<RunningServer> {
  assertBuilt();
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sukoyaka-e2e-'));
  const env: NodeJS.ProcessEnv = { ...databaseEnv(dataDir, databaseUrl), PORT: String(port), HOST: '127.0.0.1' };
  delete env.SEED_DEMO;
  delete env.WEB_ROOT;
  // The machines are offline: no analytics calls out of the journeys.
  delete env.GA_MEASUREMENT_ID;
  // Every journey's browser comes from 127.0.0.1, so the per-address throttle of the sign-in
  // calls (20 in 10 minutes, bff/src/plugins/auth-throttle.ts) would count the whole run as one
  // client; the bff's API tests prove the throttle, the journeys what a member does.
  env.AUTH_THROTTLE_MAX = '1000';
  env.AUTH_THROTTLE_ACCOUNT_MAX = '1000';
  env.AUTH_THROTTLE_DEVICE_MAX = '1000';
  // With DATABASE_URL the server seeds only when told to (bff/src/config.ts).
  if (databaseUrl) env.SEED_DEMO = 'true';

  const logFile = path.join(ARTIFACTS_DIR, `${name}.log`);
  const log = createWriteStream(logFile);
  let captured = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk: Buffer) => {
    log.write(chunk);
    captured = (captured + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  child.on('exit', () => log.end());

  const server: RunningServer = { baseUrl: `http://127.0.0.1:${port}`, process: child, dataDir, databaseUrl, logFile };
  try {
    await waitUntilAnswering(server, () => captured);
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return server;
}

/**
 * Stops the server (SIGTERM, then SIGKILL after 10 s) and removes its data folder. `afterStop`
 * runs in between, on the data the server has let go of (the embedded database has one user).
 */
export async function stopServer(server: RunningServer, afterStop?: () => Promise<void>): Promise<void> {
  const child = server.process;
  try {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await afterStop?.();
  } finally {
    await rm(server.dataDir, { recursive: true, force: true });
    await rm(operatorStepFile(server.baseUrl), { force: true });
  }
}

/**
 * `npm run incentives -- reconcile` on the server's data: every ledger invariant (README
 * "Incentives"). Throws with the command's report when one breaks (issue 24 #3: green on the
 * demo after every journey).
 */
export async function reconcileLedger(server: RunningServer): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bff', 'src', 'cli', 'incentives.ts'), 'reconcile'], {
    cwd: REPO_ROOT,
    env: databaseEnv(server.dataDir, server.databaseUrl),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`npm run incentives -- reconcile failed after the journeys (exit ${code}):\n${output}`);
  return output.trim();
}
