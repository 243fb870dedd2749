import type { MynaPortalConfig } from './types';

/** The scopes of our protocol (PROTOCOL.md §2): one per kind of record, plus OpenID Connect's. */
export const MYNA_PORTAL_SCOPES = {
  openid: 'openid',
  /** A refresh token, so a later import needs no new authorization while the grant lasts. */
  offlineAccess: 'offline_access',
  checkups: 'checkups.read',
  medicines: 'medicines.read',
  medicalBills: 'medical_bills.read',
} as const;

export const MYNA_DEFAULT_SCOPES: readonly string[] = Object.values(MYNA_PORTAL_SCOPES);

/** The page the portal sends the member back to (mf-myna's /myna_connection/callback). */
export const MYNA_CALLBACK_PATH = '/myna_connection/callback';

/**
 * Reads `MYNA_PORTAL_URL`, `MYNA_CLIENT_ID`, `MYNA_CLIENT_SECRET`, `MYNA_REDIRECT_URI` (default
 * `${PUBLIC_URL}/myna_connection/callback`), `MYNA_SCOPES` and `MYNA_PORTAL_TIMEOUT_MS`. Returns null
 * when no portal address is configured: outside production the wiring then starts the local fake
 * portal and uses its `config`; in production the connection is unavailable. An address without
 * the client's id and secret is a configuration mistake and throws, at start rather than at first
 * use. `publicUrl` is the site's own address when the caller has worked it out already (the bff's
 * config does: PUBLIC_URL or http://localhost:PORT).
 */
export function loadMynaPortalConfig(env: NodeJS.ProcessEnv = process.env, defaults: { publicUrl?: string } = {}): MynaPortalConfig | null {
  const baseUrl = env.MYNA_PORTAL_URL?.trim();
  if (!baseUrl) return null;
  const production = env.NODE_ENV === 'production';
  const checkedUrl = (name: string, value: string) => {
    const parsed = new URL(value); // throws on a malformed address
    if (production && parsed.protocol !== 'https:') throw new Error(`${name} must be https in production`);
    return value.replace(/\/$/, '');
  };
  const clientId = env.MYNA_CLIENT_ID?.trim();
  const clientSecret = env.MYNA_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) throw new Error('MYNA_CLIENT_ID and MYNA_CLIENT_SECRET are required with MYNA_PORTAL_URL');
  const publicUrl = (defaults.publicUrl ?? env.PUBLIC_URL ?? `http://localhost:${env.PORT ?? 8080}`).replace(/\/$/, '');
  const redirectUri = checkedUrl('MYNA_REDIRECT_URI', env.MYNA_REDIRECT_URI?.trim() || `${publicUrl}${MYNA_CALLBACK_PATH}`);
  const scopes = env.MYNA_SCOPES?.trim() ? env.MYNA_SCOPES.trim().split(/\s+/) : [...MYNA_DEFAULT_SCOPES];
  if (!scopes.includes('openid')) throw new Error('MYNA_SCOPES must include openid');
  const timeoutMs = Number(env.MYNA_PORTAL_TIMEOUT_MS ?? 10_000);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0)
    throw new Error(`MYNA_PORTAL_TIMEOUT_MS must be a positive integer, got "${env.MYNA_PORTAL_TIMEOUT_MS}"`);
  return { baseUrl: checkedUrl('MYNA_PORTAL_URL', baseUrl), clientId, clientSecret, redirectUri, scopes, timeoutMs };
}
