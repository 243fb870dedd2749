import { createHmac, randomBytes } from 'node:crypto';
import { CITY_OS_LINK_MINUTES, ErrorCodes, type CallOutput } from '@sukoyaka/contract';
import type { Config } from '../config';
import type { CityOsConfig } from '../integrations/city-os/config';
import { signOptIn } from '../integrations/city-os/signing';
import { HttpError } from '../platform/errors';
import type { Member } from '../platform/handlers';

/** The app's city-OS login callback (mf-shared deep links: cityOsLoginCallback). */
export const CITY_OS_APP_RETURN = 'sukoyaka://city_os/login/callback';

/**
 * The signed opt-in link. The partner learns a pseudonym of the member (an HMAC of the member id
 * under the shared secret: stable for the partner, meaningless elsewhere), their association, a
 * fresh nonce it returns as `state`, and when the link expires.
 */
export function cityOsOptInUrl(
  cityOs: CityOsConfig | null,
  config: Pick<Config, 'publicUrl'>,
  member: Member,
  target: 'app' | 'web',
  now: Date,
): CallOutput<'getCityOSOptInURL'> {
  if (!cityOs) throw new HttpError(503, ErrorCodes.serviceUnavailable, 'City OSとの連携は現在ご利用いただけません。');
  const expires = new Date(now.getTime() + CITY_OS_LINK_MINUTES * 60 * 1000);
  const params: Record<string, string> = {
    client_id: cityOs.clientId,
    subject: createHmac('sha256', cityOs.secret).update(`member:${member.id}`).digest('hex').slice(0, 32),
    association: member.associationId ?? '',
    nonce: randomBytes(16).toString('base64url'),
    exp: String(Math.floor(expires.getTime() / 1000)),
    return_to: target === 'app' ? CITY_OS_APP_RETURN : `${config.publicUrl}/`,
  };
  const url = new URL(cityOs.optInUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set('sig', signOptIn(params, cityOs.secret));
  return { url: url.toString(), expiresAt: expires.toISOString() };
}
