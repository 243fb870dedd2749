import type { Actor } from '../platform/actor';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CITY_OS_LINK_MINUTES, CityOsErrorCodes, ErrorCodes, type CallOutput } from '@sukoyaka/contract';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { cityOsOptIns } from '../db/schema';
import type { CityOsConfig } from '../integrations/city-os/config';
import { signOptIn } from '../integrations/city-os/signing';
import { audit } from '../platform/audit';
import { HttpError } from '../platform/errors';
import type { Member } from '../platform/handlers';

const nonceHash = (nonce: string) => createHash('sha256').update(nonce, 'utf8').digest('hex');

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
  nonce = randomBytes(16).toString('base64url'),
): CallOutput<'getCityOSOptInURL'> {
  if (!cityOs) throw new HttpError(503, ErrorCodes.serviceUnavailable, 'City OSとの連携は現在ご利用いただけません。');
  const expires = new Date(now.getTime() + CITY_OS_LINK_MINUTES * 60 * 1000);
  const params: Record<string, string> = {
    client_id: cityOs.clientId,
    subject: createHmac('sha256', cityOs.secret).update(`member:${member.id}`).digest('hex').slice(0, 32),
    association: member.associationId ?? '',
    nonce,
    exp: String(Math.floor(expires.getTime() / 1000)),
    return_to: target === 'app' ? CITY_OS_APP_RETURN : `${config.publicUrl}/`,
  };
  const url = new URL(cityOs.optInUrl);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  url.searchParams.set('sig', signOptIn(params, cityOs.secret));
  return { url: url.toString(), expiresAt: expires.toISOString() };
}

/**
 * getCityOSOptInURL: the link, its nonce kept as its SHA-256, bound to the member and this
 * session, until the return uses it (completeCityOSOptIn) or it expires with the link.
 */
export async function startCityOsOptIn(
  db: Database,
  cityOs: CityOsConfig | null,
  config: Pick<Config, 'publicUrl'>,
  caller: { member: Member; sessionId: string },
  target: 'app' | 'web',
  now: Date,
): Promise<CallOutput<'getCityOSOptInURL'>> {
  const nonce = randomBytes(16).toString('base64url');
  const link = cityOsOptInUrl(cityOs, config, caller.member, target, now, nonce);
  // The member's links nobody came back from are of no further use.
  await db.delete(cityOsOptIns).where(and(eq(cityOsOptIns.userId, caller.member.id), lt(cityOsOptIns.expiresAt, now)));
  await db.insert(cityOsOptIns).values({
    nonceHash: nonceHash(nonce),
    sessionId: caller.sessionId,
    userId: caller.member.id,
    createdAt: now,
    expiresAt: new Date(link.expiresAt),
  });
  return link;
}

const stateInvalid = () =>
  new HttpError(
    400,
    CityOsErrorCodes.stateInvalid,
    'City OSからの戻りを確認できませんでした（リンクの期限切れか、使用済みです）。もう一度「City OS と連携する」からお試しください。',
  );

/**
 * The partner's return: `state` must be the nonce of a link this member was given in this
 * session, unexpired and not used before. It is used up here, in one statement, so of two
 * returns with the same nonce one wins and a replay finds nothing.
 */
export async function completeCityOSOptIn(
  deps: { db: Database; actor: Actor },
  caller: { member: Member; sessionId: string },
  input: { code: string; state: string },
  now: Date,
): Promise<CallOutput<'completeCityOSOptIn'>> {
  const { db } = deps;
  const [pending] = await db
    .select()
    .from(cityOsOptIns)
    .where(eq(cityOsOptIns.nonceHash, nonceHash(input.state)));
  if (!pending || pending.expiresAt <= now) throw stateInvalid();
  // Another session's nonce is refused and left alone: it is not this caller's to use up.
  if (pending.userId !== caller.member.id || pending.sessionId !== caller.sessionId) {
    throw new HttpError(
      403,
      CityOsErrorCodes.stateMismatch,
      'このCity OS連携は別のブラウザかサインインで始められたものです。始めた画面からお試しください。',
    );
  }
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .delete(cityOsOptIns)
      .where(and(eq(cityOsOptIns.id, pending.id), gt(cityOsOptIns.expiresAt, now)))
      .returning({ id: cityOsOptIns.id });
    if (!taken) throw stateInvalid();
    await audit(tx, deps.actor, 'city_os_opted_in', caller.member.id, {}, now);
    return { completedAt: now.toISOString() };
  });
}

/** Links nobody came back from (hourly, from server.ts). */
export async function deleteExpiredCityOsOptIns(db: Database, now: Date): Promise<void> {
  await db.delete(cityOsOptIns).where(lt(cityOsOptIns.expiresAt, now));
}
