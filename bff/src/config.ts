import path from 'node:path';
import { REPO_ROOT } from './paths';

export interface Config {
  /** production disables the demo seed and development pages and marks cookies Secure. */
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  /** PostgreSQL server; when absent the embedded PGlite database is used. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps nothing (tests). */
  dataDir: string;
  /** Seed the demo association and member into a fresh database. */
  seedDemo: boolean;
  /** Folder holding the areas' built output (each `<area>/dist`). */
  webRoot: string;
  /** Session lifetime without activity. */
  sessionTtlMs: number;
  cookieSecure: boolean;
  /** GA4 measurement id (G-…); without one, page views stay in the page's dataLayer. */
  gaMeasurementId: string | undefined;
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
    host: env.HOST ?? '0.0.0.0',
    port,
    databaseUrl,
    dataDir: env.DATA_DIR ?? path.join(REPO_ROOT, '.data'),
    // Production never seeds; elsewhere the embedded database is seeded unless told not to.
    seedDemo: mode !== 'production' && (env.SEED_DEMO ? env.SEED_DEMO === 'true' : !databaseUrl),
    webRoot: env.WEB_ROOT ?? REPO_ROOT,
    sessionTtlMs: 14 * 24 * 60 * 60 * 1000,
    cookieSecure: env.COOKIE_SECURE ? env.COOKIE_SECURE === 'true' : mode === 'production',
    gaMeasurementId: parseMeasurementId(env.GA_MEASUREMENT_ID),
    ...overrides,
  };
}
