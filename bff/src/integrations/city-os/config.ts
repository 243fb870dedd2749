/** The City OS partner identity service (issue 14): where the opt-in link goes and the shared secret. */
export interface CityOsConfig {
  /** The partner's opt-in page, e.g. https://id.city-os.example/opt_in. */
  optInUrl: string;
  clientId: string;
  /** The HMAC-SHA256 key shared with the partner. */
  secret: string;
}

/** From CITY_OS_OPT_IN_URL, CITY_OS_CLIENT_ID and CITY_OS_SECRET; null without them (a local fake outside production). */
export function loadCityOsConfig(env: NodeJS.ProcessEnv): CityOsConfig | null {
  const optInUrl = env.CITY_OS_OPT_IN_URL;
  if (!optInUrl) return null;
  const clientId = env.CITY_OS_CLIENT_ID;
  const secret = env.CITY_OS_SECRET;
  if (!clientId || !secret) throw new Error('CITY_OS_OPT_IN_URL needs CITY_OS_CLIENT_ID and CITY_OS_SECRET');
  if (secret.length < 32) throw new Error('CITY_OS_SECRET must be at least 32 characters');
  return { optInUrl, clientId, secret };
}
