import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { authorizationUrl, createPkcePair, createState, exchangeCode } from '../../integrations/google-health/oauth';
import type { GoogleHealthService } from '../../services';
import { storeConnection } from './connections';
import { syncMember } from './sync';

/**
 * Development only: connects a member's Fitbit to the local fake, going through the same OAuth
 * exchange a browser would (the fake approves at once with `auto=1`), then syncs. The fake keeps
 * its grants in memory, so `npm start` does this for the demo member at every start: the tokens
 * stored by the previous run are no longer valid.
 */
export async function connectFakeFitbit(
  deps: { db: Database; google: GoogleHealthService; log?: Pick<FastifyBaseLogger, 'warn' | 'error'> },
  userId: string,
  now: Date,
): Promise<void> {
  const { google } = deps;
  if (!google.fake) throw new Error('connectFakeFitbit is for the local fake only');
  const pkce = createPkcePair();
  const consent = new URL(
    authorizationUrl(google.config, { redirectUri: google.redirectUri, state: createState(), codeChallenge: pkce.challenge }),
  );
  consent.searchParams.set('auto', '1');
  const answer = await fetch(consent, { redirect: 'manual' });
  const code = new URL(answer.headers.get('location') ?? '', google.redirectUri).searchParams.get('code');
  if (!code) throw new Error(`the fake Google did not approve (${answer.status})`);
  const tokens = await exchangeCode(google.config, { code, redirectUri: google.redirectUri, codeVerifier: pkce.verifier });
  if (!tokens.refreshToken) throw new Error('the fake Google issued no refresh token');
  await storeConnection(deps, userId, { ...tokens, refreshToken: tokens.refreshToken }, now);
  await syncMember(deps, userId, now);
}

/** `npm start` outside production: the demo member's Fitbit connected to the fake, with steps. */
export async function connectDemoFitbit(
  deps: { db: Database; google: GoogleHealthService; log?: Pick<FastifyBaseLogger, 'warn' | 'error'> },
  email: string,
  now: Date,
): Promise<boolean> {
  const [member] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!member) return false;
  await connectFakeFitbit(deps, member.id, now);
  return true;
}
