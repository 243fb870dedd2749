import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { mynaLinks } from '../../src/db/schema';
import { MYNA_DEFAULT_SCOPES, MYNA_PORTAL_SCOPES } from '../../src/integrations/myna-portal/config';
import { DEMO_MYNA_PERSON, fakeCheckupDocuments, fakeDispensings, fakeMedicalBills, fakePerson, toWire } from '@sukoyaka/fakes';
import {
  buildMynaAuthorizationUrl,
  createPkcePair,
  createStateAndNonce,
  exchangeMynaCode,
  parseMynaCallback,
} from '../../src/integrations/myna-portal/oauth';
import type { MynaPortalConfig } from '../../src/integrations/myna-portal/types';
import { findMemberKey } from '../../src/myna/keys';
import { createTestContext, type TestContext } from '../helpers';
import { agreeTerms, importNow, registerSecret, signedIn, startAuthorization, type Member } from '../myna-helpers';
import { basic, startOidcPeer, type RunningOidcPeer } from './oidc-provider';

/*
 * Issue 25 #1: the My Number client's whole flow against an independent, certified OpenID
 * provider (oidc-provider) rather than our own fake — authorization with the provider's own login
 * and consent, the callback through verifyMynaAuthorization, token expiry, refresh with rotation,
 * and the member-visible "link again" state when a refresh is impossible. The portal's record
 * APIs are not part of an OpenID provider: a small resource server here serves them, accepting a
 * token only when the provider's introspection endpoint (RFC 7662) says it is active, so every
 * token is issued, refreshed, expired and revoked by the independent implementation.
 */

const REDIRECT = 'http://localhost:8080/myna_connection/callback';
const BFF = { id: 'sukoyaka-bff', secret: 'peer-bff-secret-0123456789' };
const RESOURCE_SERVER = { id: 'myna-records', secret: 'peer-rs-secret-0123456789' };
const RECORD_SCOPES = [MYNA_PORTAL_SCOPES.checkups, MYNA_PORTAL_SCOPES.medicines, MYNA_PORTAL_SCOPES.medicalBills];
const COLLECTION_SCOPES = {
  checkups: MYNA_PORTAL_SCOPES.checkups,
  medicines: MYNA_PORTAL_SCOPES.medicines,
  medical_bills: MYNA_PORTAL_SCOPES.medicalBills,
} as const;
/** Small pages, so a token can end between two pages of one collection. */
const PAGE_SIZE = 2;

let accessTtl = 3600;
let peer: RunningOidcPeer;
let resources: http.Server;
let ctx: TestContext;
let config: MynaPortalConfig;

/** What the resource server saw: pages served, 401s answered, and a switch that ends the token after N more pages. */
const seen = { pages: 0, refusedTokens: 0, endTokenAfterPages: null as number | null };

async function serveCollection(request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url!, 'http://resources');
  const name = url.pathname.replace('/api/v1/', '') as keyof typeof COLLECTION_SCOPES;
  const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  if (!(name in COLLECTION_SCOPES)) return send(404, { error: 'not_found' });
  const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  const introspection = token ? await peer.introspect(token, RESOURCE_SERVER) : { active: false };
  if (!introspection.active) {
    seen.refusedTokens += 1;
    return send(401, { error: 'invalid_token' }, { 'www-authenticate': 'Bearer error="invalid_token"' });
  }
  if (
    !String(introspection.scope ?? '')
      .split(' ')
      .includes(COLLECTION_SCOPES[name])
  )
    return send(403, { error: 'insufficient_scope' }, { 'www-authenticate': `Bearer error="insufficient_scope"` });
  const person = fakePerson(String(introspection.sub));
  const since = url.searchParams.has('since') ? Date.parse(url.searchParams.get('since')!) : undefined;
  const all = (
    name === 'checkups'
      ? fakeCheckupDocuments(person).map((record) => ({ at: record.registeredAt, wire: toWire.checkups(record) }))
      : name === 'medicines'
        ? fakeDispensings(person).map((record) => ({ at: record.registeredAt, wire: toWire.medicines(record) }))
        : fakeMedicalBills(person).map((record) => ({ at: record.registeredAt, wire: toWire.medical_bills(record) }))
  ).filter((record) => since === undefined || Date.parse(record.at) >= since);
  const offset = Number(url.searchParams.get('page_token') ?? 0);
  const next = offset + PAGE_SIZE;
  send(200, { items: all.slice(offset, next).map((record) => record.wire), next_page_token: next < all.length ? String(next) : null });
  seen.pages += 1;
  // The switch: the provider ends this access token once N more pages were served (as an expiry
  // shorter than announced would, or a token revoked alone); the provider's own model does it.
  if (seen.endTokenAfterPages !== null && --seen.endTokenAfterPages === 0) {
    seen.endTokenAfterPages = null;
    await (await peer.provider.AccessToken.find(token!))?.destroy();
  }
}

beforeAll(async () => {
  resources = http.createServer((request, response) => {
    serveCollection(request, response).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => resources.listen(0, '127.0.0.1', resolve));
  const resourceUrl = `http://127.0.0.1:${(resources.address() as AddressInfo).port}/api/v1`;
  peer = await startOidcPeer({
    accountId: DEMO_MYNA_PERSON.subject,
    scopes: RECORD_SCOPES,
    introspectors: [RESOURCE_SERVER.id],
    accessTokenTtl: () => accessTtl,
    clients: [
      {
        client_id: BFF.id,
        client_secret: BFF.secret,
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
        id_token_signed_response_alg: 'RS256',
      },
      // The resource server: it only introspects.
      { client_id: RESOURCE_SERVER.id, client_secret: RESOURCE_SERVER.secret, redirect_uris: [], grant_types: [], response_types: [] },
    ],
    discovery: {
      checkups_endpoint: `${resourceUrl}/checkups`,
      medicines_endpoint: `${resourceUrl}/medicines`,
      medical_bills_endpoint: `${resourceUrl}/medical_bills`,
    },
  });
  config = {
    baseUrl: peer.issuer,
    clientId: BFF.id,
    clientSecret: BFF.secret,
    redirectUri: REDIRECT,
    scopes: [...MYNA_DEFAULT_SCOPES],
    timeoutMs: 10_000,
  };
  ctx = await createTestContext({ mynaPortal: config });
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await peer?.close();
  await new Promise((resolve) => resources?.close(resolve));
});

beforeEach(() => {
  accessTtl = 3600;
  seen.endTokenAfterPages = null;
});

/** The bff's authorization address, through the provider's login and consent, back to verifyMynaAuthorization. */
async function link(agent: Awaited<ReturnType<typeof signedIn>>['agent'], options: { withoutPrompt?: boolean } = {}) {
  const url = new URL(await startAuthorization(agent));
  // A request as the client sent it before the fix: without prompt=consent.
  if (options.withoutPrompt) url.searchParams.delete('prompt');
  const back = await peer.authorize(url.toString());
  expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
  const callback = parseMynaCallback(Object.fromEntries(back.searchParams));
  if (!callback.ok) throw new Error(`the provider refused: ${callback.error}`);
  const response = await agent.post('verifyMynaAuthorization', { code: callback.code, state: callback.state });
  expect(response.status).toBe(200);
  return response.body;
}

async function linkedMember(options: { withoutPrompt?: boolean } = {}) {
  const { member, agent } = await signedIn(ctx);
  await agreeTerms(agent);
  await link(agent, options);
  await registerSecret(agent);
  return { member, agent };
}

/** The member's stored link, its tokens opened (the test reads them to drive the provider, as the portal's side would). */
async function storedLink(member: Member) {
  const [row] = await ctx.db.select().from(mynaLinks).where(eq(mynaLinks.userId, member.id));
  const key = (await findMemberKey(ctx.db, member.id))!;
  return {
    row: row!,
    accessToken: key.open('myna_links.access_token', row!.id, row!.accessToken),
    refreshToken: row!.refreshToken ? key.open('myna_links.refresh_token', row!.id, row!.refreshToken) : null,
  };
}

const served = () => {
  const person = fakePerson(DEMO_MYNA_PERSON.subject);
  return {
    medicalExams: fakeCheckupDocuments(person).length,
    medicines: fakeDispensings(person).length,
    medicalBills: fakeMedicalBills(person).length,
  };
};

async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

test('links through the provider’s own login and consent (PKCE S256, RS256 id_token, prompt=consent): offline_access is granted, a refresh token is stored, and the import reads every record', async () => {
  const { member, agent } = await signedIn(ctx);
  await agreeTerms(agent);
  const url = new URL(await startAuthorization(agent));
  expect(url.origin).toBe(peer.issuer);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({ prompt: 'consent', code_challenge_method: 'S256', client_id: BFF.id });
  expect(url.searchParams.get('scope')!.split(' ')).toContain('offline_access');
  const back = await peer.authorize(url.toString());
  const callback = parseMynaCallback(Object.fromEntries(back.searchParams));
  if (!callback.ok) throw new Error(callback.error);
  // RFC 9207: the provider names itself on the way back.
  expect(back.searchParams.get('iss')).toBe(peer.issuer);
  const linked = await agent.post('verifyMynaAuthorization', { code: callback.code, state: callback.state });
  expect(linked.status).toBe(200);
  expect(linked.body.connection).toMatchObject({ linked: true, relinkRequired: false });
  expect((await storedLink(member)).refreshToken).not.toBeNull();

  await registerSecret(agent);
  const job = await importNow(ctx, agent);
  expect(job.status).toBe('succeeded');
  const counts = served();
  expect(job.counts).toEqual({
    medicalExams: { fetched: counts.medicalExams, added: counts.medicalExams },
    medicines: { fetched: counts.medicines, added: counts.medicines },
    medicalBills: { fetched: counts.medicalBills, added: counts.medicalBills },
  });
});

test('60-second tokens: the first import needs no refresh; once the bff’s clock passes the expiry, the token is refreshed (rotated) and imports go on, again and again', async () => {
  accessTtl = 60;
  const { member, agent } = await linkedMember();
  const refreshesBefore = peer.grants('refresh_token');
  expect((await importNow(ctx, agent)).status).toBe('succeeded');
  expect(peer.grants('refresh_token')).toBe(refreshesBefore);

  const first = await storedLink(member);
  ctx.clock.advance(61_000);
  expect((await agent.get('getMynaConnectionState')).body.relinkRequired).toBe(false);
  expect((await importNow(ctx, agent)).status).toBe('succeeded');
  expect(peer.grants('refresh_token')).toBe(refreshesBefore + 1);
  const second = await storedLink(member);
  expect(second.accessToken).not.toBe(first.accessToken);
  expect(second.refreshToken).not.toBe(first.refreshToken);
  expect(second.row.tokenExpiresAt.getTime()).toBe(ctx.clock.now().getTime() + 60_000);

  // The rotated refresh token is the one stored: the next refresh works too (a reused one would end the grant).
  ctx.clock.advance(61_000);
  expect((await importNow(ctx, agent)).status).toBe('succeeded');
  expect(peer.grants('refresh_token')).toBe(refreshesBefore + 2);
});

test('a token the provider ends before the bff’s clock says (a real one-second lifetime) is answered 401: refreshed once, and the import goes on', async () => {
  accessTtl = 1;
  const { member, agent } = await linkedMember();
  accessTtl = 3600;
  const { accessToken } = await storedLink(member);
  // The provider's own clock ends it; the bff's clock has not moved.
  await waitUntil('the provider says the token expired', async () => !(await peer.introspect(accessToken, RESOURCE_SERVER)).active);
  const refusedBefore = seen.refusedTokens;
  const refreshesBefore = peer.grants('refresh_token');
  const job = await importNow(ctx, agent);
  expect(job.status).toBe('succeeded');
  expect(job.counts.medicalExams.added).toBe(served().medicalExams);
  expect(seen.refusedTokens).toBe(refusedBefore + 1);
  expect(peer.grants('refresh_token')).toBe(refreshesBefore + 1);
});

test('the provider ends the token between two pages of a collection: the same page is asked again with a refreshed token, nothing missed or doubled', async () => {
  const { agent } = await linkedMember();
  const refreshesBefore = peer.grants('refresh_token');
  seen.endTokenAfterPages = 1;
  const job = await importNow(ctx, agent);
  expect(job.status).toBe('succeeded');
  const counts = served();
  expect(job.counts.medicalExams).toEqual({ fetched: counts.medicalExams, added: counts.medicalExams });
  expect(job.counts.medicines).toEqual({ fetched: counts.medicines, added: counts.medicines });
  expect(peer.grants('refresh_token')).toBe(refreshesBefore + 1);
});

test('the member ends the consent at the provider (RFC 7009 revocation): the refresh is refused, the import fails asking to link again, the state says so, and linking again restores imports', async () => {
  const { member, agent } = await linkedMember();
  expect((await importNow(ctx, agent)).status).toBe('succeeded');
  const { accessToken } = await storedLink(member);
  const revoked = await fetch(`${peer.issuer}/token/revocation`, {
    method: 'POST',
    headers: { authorization: basic(BFF.id, BFF.secret), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: accessToken }),
  });
  expect(revoked.status).toBe(200);

  const failed = await importNow(ctx, agent);
  expect(failed.status).toBe('failed');
  expect(failed.failureReason).toContain('もう一度マイナンバーカードで連携してから取り込んでください');
  const state = await agent.get('getMynaConnectionState');
  expect(state.body).toMatchObject({ linked: true, relinkRequired: true, hasRecords: true });
  expect((await storedLink(member)).refreshToken).toBeNull();
  const refused = await agent.post('createMynaImport', {});
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({ code: 'myna_relink_required' });
  expect(refused.body.message).toContain('マイナンバーカードでもう一度連携してください');

  const relinked = await link(agent);
  expect(relinked.connection).toMatchObject({ linked: true, relinkRequired: false });
  const again = await importNow(ctx, agent);
  expect(again.status).toBe('succeeded');
});

test('without prompt=consent the provider ignores offline_access (OpenID Connect Core §11): no refresh token — the link reads until its token expires, then the member is asked to link again, never a silent failure', async () => {
  // The client on its own: the same request with and without prompt=consent.
  const tokensFor = async (dropPrompt: boolean) => {
    const { state, nonce } = createStateAndNonce();
    const pkce = createPkcePair();
    const url = new URL(await buildMynaAuthorizationUrl(config, { state, nonce, codeChallenge: pkce.codeChallenge }));
    if (dropPrompt) url.searchParams.delete('prompt');
    const callback = parseMynaCallback(Object.fromEntries((await peer.authorize(url.toString())).searchParams));
    if (!callback.ok) throw new Error(callback.error);
    return exchangeMynaCode(config, { code: callback.code, codeVerifier: pkce.codeVerifier, nonce });
  };
  expect((await tokensFor(true)).refreshToken).toBeUndefined();
  expect((await tokensFor(false)).refreshToken).toEqual(expect.any(String));

  // Through the bff: a link made without it has no refresh token.
  accessTtl = 60;
  const { member, agent } = await linkedMember({ withoutPrompt: true });
  expect((await storedLink(member)).refreshToken).toBeNull();
  expect((await importNow(ctx, agent)).status).toBe('succeeded');

  // An import queued while the token still worked, run after it expired: failed, asking to link again.
  const queued = await agent.post('createMynaImport', {});
  expect(queued.status).toBe(200);
  ctx.clock.advance(61_000);
  await ctx.app.mynaImports!.drain();
  const state = await agent.get('getMynaConnectionState');
  expect(state.body.latestImport).toMatchObject({ id: queued.body.import.id, status: 'failed' });
  expect(state.body.latestImport.failureReason).toContain('もう一度マイナンバーカードで連携');
  expect(state.body.relinkRequired).toBe(true);
  expect((await agent.post('createMynaImport', {})).body.code).toBe('myna_relink_required');
});
