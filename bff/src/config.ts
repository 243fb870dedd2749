import path from 'node:path';
import { z } from 'zod';
import { googleHealthConfig, type GoogleHealthConfig } from './integrations/google-health/config';
import { loadCityOsConfig, type CityOsConfig } from './integrations/city-os/config';
import { loadMynaPortalConfig } from './integrations/myna-portal/config';
import type { MynaPortalConfig } from './integrations/myna-portal/types';
import { REPO_ROOT } from './paths';

export interface Config {
  /** production disables the demo seed and development pages and marks cookies Secure. */
  env: 'production' | 'development' | 'test';
  /** The address to listen on: loopback unless HOST says otherwise (a container sets 0.0.0.0). */
  host: string;
  port: number;
  /** PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** The PostgreSQL pool (db/client.ts): size and timeouts, in milliseconds; 0 means none. */
  databasePool: DatabasePoolSettings;
  /**
   * Redis for state several instances share (the sign-in throttle); without it that state lives
   * in the database. `redisKeyPrefix` keeps apps (and test runs) sharing one Redis apart.
   */
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  /** Where PGlite keeps its files; `memory://` keeps nothing (tests). */
  dataDir: string;
  /** Seed the demo association and member into a fresh database. */
  seedDemo: boolean;
  /**
   * Parse each call's answer with the contract's zod schema too, and prove the compiled writer
   * agrees (platform/call-output.ts): everywhere but production.
   */
  checkCallOutputs: boolean;
  /** Folder holding the areas' built output (each `<area>/dist`). */
  webRoot: string;
  /** Session lifetime without activity. */
  sessionTtlMs: number;
  cookieSecure: boolean;
  /** Where mail goes (smtp://…); in development and tests a local fake SMTP server when unset. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The mail provider's sending rate, mails a second per instance (MAIL_RATE_PER_SECOND; 0: no limit). */
  mailRatePerSecond: number;
  /** The SMS provider's API (sms-client.ts); a local fake provider when unset outside production. */
  smsApiUrl: string | undefined;
  smsApiKey: string | undefined;
  smsSenderId: string;
  /** The site's own address, for links in mails. */
  publicUrl: string;
  /** Where members' inquiries are mailed (the associations' staff desk). */
  inquiryMailTo: string;
  /** GA4 measurement id (G-…); without one, page views stay in the page's dataLayer. */
  gaMeasurementId: string | undefined;
  /**
   * Attempts at the authentication calls (plugins/auth-throttle.ts): per client address (bursts
   * only: an office shares one), per account and per device; null turns the throttle off
   * (AUTH_THROTTLE_MAX=0).
   */
  authThrottle: {
    address: { max: number; windowMs: number };
    account: { max: number; windowMs: number };
    device: { max: number; windowMs: number };
  } | null;
  /**
   * Whose X-Forwarded-For to believe for the client address (Fastify's trustProxy): true (any
   * sender), false (none), or the proxies' addresses/CIDRs, comma-separated. The throttle keys
   * on the client address, so production should name its load balancer.
   */
  trustProxy: boolean | string;
  /** Google OAuth and the Google Health API (the Fitbit connection); null: the local fake outside production. */
  googleHealth: GoogleHealthConfig | null;
  /** The My Number Portal (MYNA_PORTAL_URL, MYNA_CLIENT_ID, …); null: the local fake outside production. */
  mynaPortal: MynaPortalConfig | null;
  /** The City OS partner (CITY_OS_*); null: a local fake outside production, the call answers 503 in production. */
  cityOs: CityOsConfig | null;
  /** How often the bff looks for My Number imports left queued (MYNA_IMPORT_EVERY_SECONDS; a queued import also starts at once). */
  mynaImport: { everyMs: number };
  /** How often the Fitbit sync job runs, and how long a connection rests between syncs; 0 turns the job off. */
  fitbitSync: { everyMs: number; staleAfterMs: number };
  /** How often the incentives jobs (earning from activity events, point expiry) run; 0 turns them off. */
  incentivesJobs: { everyMs: number };
  /** How often the health figures' deltas are folded into their counters (health/figures.ts); 0 turns it off. */
  healthFigures: { everyMs: number };
  /** How often the notification mails (announcements, enquetes, expiring points) are looked for; 0 turns them off. */
  notifications: { everyMs: number };
  /**
   * The HTTP server's limits, in milliseconds (0: none): a request (headers and body) must arrive
   * within `requestTimeoutMs`, and a connection silent for `connectionTimeoutMs` is closed.
   */
  http: { requestTimeoutMs: number; connectionTimeoutMs: number };
  /** METRICS_TOKEN: the Prometheus scraper's bearer token; without it production serves no /metrics. */
  metricsToken: string | undefined;
}

export interface DatabasePoolSettings {
  max: number;
  /** How long a call waits for a connection before failing. */
  connectionTimeoutMs: number;
  /** An idle connection is closed after this long. */
  idleTimeoutMs: number;
  /** PostgreSQL cancels a statement that runs longer (statement_timeout). */
  statementTimeoutMs: number;
}

function wholeNumber(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return parsed;
}

function parseTrustProxy(value: string | undefined): boolean | string {
  // By default only a proxy on this machine is believed: a client cannot forge its address.
  if (value === undefined || value === '') return 'loopback';
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

function parseMeasurementId(value: string | undefined): string | undefined {
  if (!value) return undefined;
  if (!/^G-[A-Z0-9]{4,20}$/.test(value)) throw new Error(`GA_MEASUREMENT_ID must look like G-XXXXXXX, got "${value}"`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const databaseUrl = env.DATABASE_URL || undefined;
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    env: mode,
    // Loopback by default: the development outbox (reset and verification links) must not be
    // reachable from the network by accident.
    host: env.HOST || '127.0.0.1',
    port,
    databaseUrl,
    databasePool: {
      max: Math.max(1, wholeNumber('DB_POOL_MAX', env.DB_POOL_MAX, 10)),
      connectionTimeoutMs: wholeNumber('DB_CONNECT_TIMEOUT_MS', env.DB_CONNECT_TIMEOUT_MS, 5000),
      idleTimeoutMs: wholeNumber('DB_IDLE_TIMEOUT_MS', env.DB_IDLE_TIMEOUT_MS, 30000),
      statementTimeoutMs: wholeNumber('DB_STATEMENT_TIMEOUT_MS', env.DB_STATEMENT_TIMEOUT_MS, 15000),
    },
    redisUrl: env.REDIS_URL || undefined,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? 'sukoyaka:',
    dataDir: env.DATA_DIR ?? path.join(REPO_ROOT, '.data'),
    // Production never seeds; elsewhere the embedded database is seeded unless told not to.
    seedDemo: mode !== 'production' && (env.SEED_DEMO ? env.SEED_DEMO === 'true' : !databaseUrl),
    checkCallOutputs: mode !== 'production',
    webRoot: env.WEB_ROOT ?? REPO_ROOT,
    sessionTtlMs: 14 * 24 * 60 * 60 * 1000,
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : mode === 'production',
    gaMeasurementId: parseMeasurementId(env.GA_MEASUREMENT_ID),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'すこやか <no-reply@sukoyaka.example>',
    mailRatePerSecond: wholeNumber('MAIL_RATE_PER_SECOND', env.MAIL_RATE_PER_SECOND, 14),
    smsApiUrl: env.SMS_API_URL || undefined,
    smsApiKey: env.SMS_API_KEY || undefined,
    smsSenderId: env.SMS_SENDER_ID ?? 'Sukoyaka',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    inquiryMailTo: env.INQUIRY_MAIL_TO || 'support@sukoyaka.example',
    authThrottle: (() => {
      const max = wholeNumber('AUTH_THROTTLE_MAX', env.AUTH_THROTTLE_MAX, 100);
      const windowSeconds = wholeNumber('AUTH_THROTTLE_WINDOW_SECONDS', env.AUTH_THROTTLE_WINDOW_SECONDS, 60);
      const accountMax = wholeNumber('AUTH_THROTTLE_ACCOUNT_MAX', env.AUTH_THROTTLE_ACCOUNT_MAX, 10);
      const deviceMax = wholeNumber('AUTH_THROTTLE_DEVICE_MAX', env.AUTH_THROTTLE_DEVICE_MAX, 20);
      const accountWindowSeconds = wholeNumber('AUTH_THROTTLE_ACCOUNT_WINDOW_SECONDS', env.AUTH_THROTTLE_ACCOUNT_WINDOW_SECONDS, 600);
      if (max <= 0 || windowSeconds <= 0) return null;
      const perAccount = (limit: number) => ({ max: limit > 0 ? limit : Number.MAX_SAFE_INTEGER, windowMs: accountWindowSeconds * 1000 });
      return { address: { max, windowMs: windowSeconds * 1000 }, account: perAccount(accountMax), device: perAccount(deviceMax) };
    })(),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    googleHealth: googleHealthConfig(env),
    mynaPortal: loadMynaPortalConfig(env, { publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '') }),
    cityOs: loadCityOsConfig(env),
    mynaImport: { everyMs: wholeNumber('MYNA_IMPORT_EVERY_SECONDS', env.MYNA_IMPORT_EVERY_SECONDS, 60) * 1000 },
    fitbitSync: {
      everyMs: wholeNumber('FITBIT_SYNC_EVERY_MINUTES', env.FITBIT_SYNC_EVERY_MINUTES, 30) * 60 * 1000,
      staleAfterMs: wholeNumber('FITBIT_SYNC_STALE_MINUTES', env.FITBIT_SYNC_STALE_MINUTES, 25) * 60 * 1000,
    },
    incentivesJobs: { everyMs: wholeNumber('INCENTIVES_JOB_EVERY_MINUTES', env.INCENTIVES_JOB_EVERY_MINUTES, 15) * 60 * 1000 },
    healthFigures: { everyMs: wholeNumber('HEALTH_FIGURES_EVERY_SECONDS', env.HEALTH_FIGURES_EVERY_SECONDS, 60) * 1000 },
    notifications: { everyMs: wholeNumber('NOTIFICATIONS_EVERY_MINUTES', env.NOTIFICATIONS_EVERY_MINUTES, 15) * 60 * 1000 },
    http: {
      requestTimeoutMs: wholeNumber('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000),
      connectionTimeoutMs: wholeNumber('CONNECTION_TIMEOUT_MS', env.CONNECTION_TIMEOUT_MS, 60_000),
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    ...overrides,
  };
}

/** Production talks to real services only: it refuses to start without them. */
export function assertProductionReady(config: Config): void {
  if (config.env !== 'production') return;
  const missing = [
    !config.databaseUrl && 'DATABASE_URL',
    !config.smtpUrl && 'SMTP_URL',
    !config.smsApiUrl && 'SMS_API_URL',
    !config.smsApiKey && 'SMS_API_KEY',
    !process.env.PUBLIC_URL && 'PUBLIC_URL',
    !config.googleHealth && 'GOOGLE_CLIENT_ID (and GOOGLE_CLIENT_SECRET)',
    !config.mynaPortal && 'MYNA_PORTAL_URL (and MYNA_CLIENT_ID, MYNA_CLIENT_SECRET)',
  ].filter(Boolean);
  if (missing.length > 0) throw new Error(`Production needs ${missing.join(', ')}`);
}

// ---- The environment, checked at start (issue 15) ------------------------------------------------

const wholeNumberText = z.string().regex(/^\d+$/, '0 以上の整数で指定してください');
const booleanText = z.enum(['true', 'false'], { message: 'true か false で指定してください' });
const urlText = (schemes: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return schemes.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    `${schemes.join(' / ')} の URL で指定してください`,
  );

/**
 * Every variable the bff reads, with the form it must have. Unknown variables pass (the
 * environment holds many); an empty value counts as unset, as loadConfig reads it.
 */
const environmentSchema = z
  .object({
    NODE_ENV: z.enum(['production', 'development', 'test'], { message: 'production / development / test のどれかです' }),
    PORT: z.string().refine((value) => /^\d+$/.test(value) && Number(value) <= 65535, '0〜65535 のポート番号で指定してください'),
    HOST: z.string().min(1),
    DATABASE_URL: urlText(['postgres', 'postgresql']),
    DB_POOL_MAX: wholeNumberText,
    DB_CONNECT_TIMEOUT_MS: wholeNumberText,
    DB_IDLE_TIMEOUT_MS: wholeNumberText,
    DB_STATEMENT_TIMEOUT_MS: wholeNumberText,
    REDIS_URL: urlText(['redis', 'rediss']),
    SEED_DEMO: booleanText,
    COOKIE_SECURE: booleanText,
    PUBLIC_URL: urlText(['http', 'https']),
    SMTP_URL: urlText(['smtp', 'smtps']),
    SMS_API_URL: urlText(['http', 'https']),
    GA_MEASUREMENT_ID: z.string().regex(/^G-[A-Z0-9]{4,20}$/, 'G-XXXXXXX の形で指定してください'),
    AUTH_THROTTLE_MAX: wholeNumberText,
    AUTH_THROTTLE_WINDOW_SECONDS: wholeNumberText,
    AUTH_THROTTLE_ACCOUNT_MAX: wholeNumberText,
    AUTH_THROTTLE_DEVICE_MAX: wholeNumberText,
    AUTH_THROTTLE_ACCOUNT_WINDOW_SECONDS: wholeNumberText,
    INCENTIVES_JOB_EVERY_MINUTES: wholeNumberText,
    HEALTH_FIGURES_EVERY_SECONDS: wholeNumberText,
    NOTIFICATIONS_EVERY_MINUTES: wholeNumberText,
    FITBIT_SYNC_EVERY_MINUTES: wholeNumberText,
    FITBIT_SYNC_STALE_MINUTES: wholeNumberText,
    MYNA_IMPORT_EVERY_SECONDS: wholeNumberText,
    MYNA_PORTAL_TIMEOUT_MS: wholeNumberText,
    MYNA_PORTAL_URL: urlText(['http', 'https']),
    CITY_OS_OPT_IN_URL: urlText(['http', 'https']),
    IMPORT_MAP_POLL_MS: wholeNumberText,
    DELIVERY_AUTO_DEPLOY: booleanText,
    SHUTDOWN_TIMEOUT_MS: wholeNumberText,
    REQUEST_TIMEOUT_MS: wholeNumberText,
    CONNECTION_TIMEOUT_MS: wholeNumberText,
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      message: 'fatal〜trace か silent で指定してください',
    }),
    DEPLOY_TOKEN: z.string().min(16, '16 文字以上にしてください'),
    METRICS_TOKEN: z.string().min(16, '16 文字以上にしてください'),
  })
  .partial();

/** What production cannot run without (the local fakes exist only outside it). */
const PRODUCTION_REQUIRED: [string, ...string[]][] = [
  ['DATABASE_URL'],
  ['PUBLIC_URL'],
  ['SMTP_URL'],
  ['SMS_API_URL'],
  ['SMS_API_KEY'],
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['MYNA_PORTAL_URL', 'MYNA_CLIENT_ID', 'MYNA_CLIENT_SECRET'],
  ['DEPLOY_TOKEN'],
];

/**
 * Every problem with the environment at once, one line each in Japanese, naming the variable:
 * a malformed value, and in production a missing required one or one that must be stricter.
 */
export function environmentProblems(env: NodeJS.ProcessEnv): string[] {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const problems: string[] = [];
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0]);
      problems.push(`${name}: ${issue.message} (今の値: ${JSON.stringify(name.endsWith('TOKEN') ? '…' : given[name])})`);
    }
  }
  if (given.NODE_ENV === 'production') {
    for (const names of PRODUCTION_REQUIRED) {
      const missing = names.filter((name) => !given[name]);
      if (missing.length > 0) problems.push(`${missing.join(', ')}: 本番環境では必須です`);
    }
    if (given.PUBLIC_URL && !given.PUBLIC_URL.startsWith('https://')) problems.push('PUBLIC_URL: 本番環境では https の URL にしてください');
    if (given.DEPLOY_TOKEN && given.DEPLOY_TOKEN.length < 32) problems.push('DEPLOY_TOKEN: 本番環境では 32 文字以上にしてください');
    if (given.SEED_DEMO === 'true') problems.push('SEED_DEMO: 本番環境ではデモデータを入れません (外してください)');
  }
  return problems;
}

/** At start: refuses to run with every problem of the environment listed. */
export function assertValidEnvironment(env: NodeJS.ProcessEnv = process.env): void {
  const problems = environmentProblems(env);
  if (problems.length > 0)
    throw new Error(`環境変数の設定に問題があります (${problems.length} 件):\n${problems.map((line) => `- ${line}`).join('\n')}`);
}
