/**
 * Where the Google Health API (the Fitbit Web API's successor since 2026) and Google's OAuth 2.0
 * endpoints are, and who we are to them. The defaults are Google's production addresses; the
 * local fake (fakes/src/google-health/server.ts) provides a complete configuration of its own.
 */
export interface GoogleHealthConfig {
  /** Google's authorization endpoint (the consent page the member is sent to). */
  authorizeUrl: string;
  /** Token endpoint: authorization_code and refresh_token grants. */
  tokenUrl: string;
  /** Revocation endpoint: revoking either token of a grant ends the whole grant. */
  revokeUrl: string;
  /** The Health API's root; paths (`/v4/users/me/...`) are resolved under it. */
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  /** The scopes asked for when connecting. */
  scopes: string[];
}

export const GOOGLE_HEALTH_SCOPES = {
  /** Steps, distance, floors, active minutes and the like (read). */
  activity: 'https://www.googleapis.com/auth/googlehealth.activity_and_fitness.readonly',
  /** Weight, heart rate, blood glucose and other measurements (read). */
  measurements: 'https://www.googleapis.com/auth/googlehealth.health_metrics_and_measurements.readonly',
  /** Sleep sessions and their stages (read; issue 29). Optional: without it only sleep is not read. */
  sleep: 'https://www.googleapis.com/auth/googlehealth.sleep.readonly',
} as const;

export const GOOGLE_DEFAULTS = {
  authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
  tokenUrl: 'https://oauth2.googleapis.com/token',
  revokeUrl: 'https://oauth2.googleapis.com/revoke',
  apiUrl: 'https://health.googleapis.com',
  scopes: [GOOGLE_HEALTH_SCOPES.activity, GOOGLE_HEALTH_SCOPES.measurements, GOOGLE_HEALTH_SCOPES.sleep],
} as const;

/**
 * Reads `GOOGLE_OAUTH_AUTHORIZE_URL`, `GOOGLE_OAUTH_TOKEN_URL`, `GOOGLE_OAUTH_REVOKE_URL`,
 * `GOOGLE_HEALTH_API_URL`, `GOOGLE_CLIENT_ID` and `GOOGLE_CLIENT_SECRET`. Returns null when no
 * client id is configured: outside production the wiring then starts the local fake and uses
 * its `config`; in production the Fitbit connection is unavailable. A client id without its
 * secret is a configuration mistake and throws.
 */
export function googleHealthConfig(env: NodeJS.ProcessEnv = process.env): GoogleHealthConfig | null {
  const clientId = env.GOOGLE_CLIENT_ID?.trim();
  if (!clientId) return null;
  const clientSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  if (!clientSecret) throw new Error('GOOGLE_CLIENT_SECRET is required with GOOGLE_CLIENT_ID');
  const url = (name: string, fallback: string) => {
    const value = env[name]?.trim() || fallback;
    const parsed = new URL(value); // throws on a malformed address, at start rather than at first use
    if (env.NODE_ENV === 'production' && parsed.protocol !== 'https:') throw new Error(`${name} must be https in production`);
    return value;
  };
  return {
    authorizeUrl: url('GOOGLE_OAUTH_AUTHORIZE_URL', GOOGLE_DEFAULTS.authorizeUrl),
    tokenUrl: url('GOOGLE_OAUTH_TOKEN_URL', GOOGLE_DEFAULTS.tokenUrl),
    revokeUrl: url('GOOGLE_OAUTH_REVOKE_URL', GOOGLE_DEFAULTS.revokeUrl),
    apiUrl: url('GOOGLE_HEALTH_API_URL', GOOGLE_DEFAULTS.apiUrl),
    clientId,
    clientSecret,
    scopes: [...GOOGLE_DEFAULTS.scopes],
  };
}
