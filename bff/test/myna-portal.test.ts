import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchCheckups, fetchMedicalBills, fetchMedicines } from '../src/integrations/myna-portal/client';
import { loadMynaPortalConfig, MYNA_DEFAULT_SCOPES, MYNA_PORTAL_SCOPES } from '../src/integrations/myna-portal/config';
import { discoverMynaPortal, forgetMynaPortalMetadata } from '../src/integrations/myna-portal/discovery';
import {
  MynaCodeInvalid,
  MynaIdTokenInvalid,
  MynaNonceMismatch,
  MynaPortalError,
  MynaPortalProtocolError,
  MynaPortalUnavailable,
  MynaTokenInvalid,
} from '../src/integrations/myna-portal/errors';
import { parseCheckupCda } from '../src/integrations/myna-portal/cda';
import { DEMO_MYNA_PERSON, startFakeMynaPortalServer, type RunningFakeMynaPortal } from '@sukoyaka/fakes';
import {
  buildMynaAuthorizationUrl,
  createPkcePair,
  createStateAndNonce,
  exchangeMynaCode,
  parseMynaCallback,
  pkceChallenge,
  refreshMynaTokens,
} from '../src/integrations/myna-portal/oauth';
import type { MynaPortalConfig } from '../src/integrations/myna-portal/types';

/*
 * Issue 12, the My Number Portal's protocol (bff/src/integrations/myna-portal/PROTOCOL.md): the
 * OpenID Connect code flow with PKCE, the id_token checks, and the paged resources, over real HTTP
 * against the local fake portal.
 */

const REDIRECT = 'http://127.0.0.1:8080/myna_connection/callback';
const MINUTE = 60_000;

let clock = Date.now();
let fake: RunningFakeMynaPortal;
let config: MynaPortalConfig;

beforeAll(async () => {
  fake = await startFakeMynaPortalServer({ redirectUri: REDIRECT, now: () => clock, maxPageSize: 3 });
  config = fake.config;
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  clock = Date.now();
  fake.reset();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (reason: unknown) => reason,
  );
}

/** Starts an authorization as the bff does: state, nonce and PKCE pair kept server-side. */
async function start(extra = '') {
  const { state, nonce } = createStateAndNonce();
  const pkce = createPkcePair();
  const url = await buildMynaAuthorizationUrl(config, { state, nonce, codeChallenge: pkce.codeChallenge });
  return { state, nonce, pkce, url: `${url}${extra}` };
}

/** The member approves at once (`auto=1`): the callback's query. */
async function approve(url: string) {
  const response = await fetch(`${url}&auto=1`, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const callback = parseMynaCallback(Object.fromEntries(new URL(response.headers.get('location')!).searchParams));
  if (!callback.ok) throw new Error(`not approved: ${callback.error}`);
  return callback;
}

async function link(extra = '') {
  const started = await start(extra);
  const callback = await approve(started.url);
  expect(callback.state).toBe(started.state);
  return exchangeMynaCode(config, { code: callback.code, codeVerifier: started.pkce.codeVerifier, nonce: started.nonce });
}

describe('configuration', () => {
  it('is null without MYNA_PORTAL_URL (the fake stands in outside production)', () => {
    expect(loadMynaPortalConfig({})).toBeNull();
  });

  it('reads the portal, the client and the redirect URI (default under PUBLIC_URL)', () => {
    const loaded = loadMynaPortalConfig({
      MYNA_PORTAL_URL: 'https://portal.example.jp/',
      MYNA_CLIENT_ID: 'sukoyaka',
      MYNA_CLIENT_SECRET: 'secret',
      PUBLIC_URL: 'https://app.example.jp',
    });
    expect(loaded).toEqual({
      baseUrl: 'https://portal.example.jp',
      clientId: 'sukoyaka',
      clientSecret: 'secret',
      redirectUri: 'https://app.example.jp/myna_connection/callback',
      scopes: [...MYNA_DEFAULT_SCOPES],
      timeoutMs: 10_000,
    });
    expect(
      loadMynaPortalConfig(
        { MYNA_PORTAL_URL: 'https://p.example', MYNA_CLIENT_ID: 'a', MYNA_CLIENT_SECRET: 'b' },
        { publicUrl: 'http://localhost:9000' },
      )?.redirectUri,
    ).toBe('http://localhost:9000/myna_connection/callback');
  });

  it('refuses a portal without client credentials, plain http in production, and scopes without openid', () => {
    expect(() => loadMynaPortalConfig({ MYNA_PORTAL_URL: 'https://p.example' })).toThrow(/MYNA_CLIENT_ID/);
    expect(() =>
      loadMynaPortalConfig({
        NODE_ENV: 'production',
        MYNA_PORTAL_URL: 'http://p.example',
        MYNA_CLIENT_ID: 'a',
        MYNA_CLIENT_SECRET: 'b',
        PUBLIC_URL: 'https://x',
      }),
    ).toThrow(/https/);
    expect(() =>
      loadMynaPortalConfig({
        MYNA_PORTAL_URL: 'https://p.example',
        MYNA_CLIENT_ID: 'a',
        MYNA_CLIENT_SECRET: 'b',
        MYNA_SCOPES: 'checkups.read',
      }),
    ).toThrow(/openid/);
  });
});

describe('discovery', () => {
  it('finds every endpoint under the issuer, the resource endpoints included', async () => {
    const metadata = await discoverMynaPortal(config);
    expect(metadata).toEqual({
      issuer: fake.url,
      authorizationEndpoint: `${fake.url}/authorize`,
      tokenEndpoint: `${fake.url}/token`,
      jwksUri: `${fake.url}/jwks`,
      checkupsEndpoint: `${fake.url}/api/v1/checkups`,
      medicinesEndpoint: `${fake.url}/api/v1/medicines`,
      medicalBillsEndpoint: `${fake.url}/api/v1/medical_bills`,
    });
  });

  it('says the portal is unavailable when nothing answers', async () => {
    const error = await failure(discoverMynaPortal({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }));
    expect(error).toBeInstanceOf(MynaPortalUnavailable);
  });

  it('refuses a discovery document whose issuer is another address', async () => {
    forgetMynaPortalMetadata();
    const error = await failure(discoverMynaPortal({ baseUrl: fake.url.replace('127.0.0.1', 'localhost'), timeoutMs: 2000 }));
    expect(error).toBeInstanceOf(MynaPortalProtocolError);
  });
});

describe('authorization', () => {
  it('sends the member to the authorization endpoint with state, nonce, an S256 challenge and prompt=consent (for offline_access)', async () => {
    const { state, nonce, pkce, url } = await start();
    const parsed = new URL(url);
    expect(`${parsed.origin}${parsed.pathname}`).toBe(`${fake.url}/authorize`);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      response_type: 'code',
      client_id: config.clientId,
      redirect_uri: REDIRECT,
      scope: MYNA_DEFAULT_SCOPES.join(' '),
      state,
      nonce,
      code_challenge: pkce.codeChallenge,
      code_challenge_method: 'S256',
      // OpenID Connect Core §11: without it a conformant provider ignores offline_access.
      prompt: 'consent',
    });
    // Without offline_access there is nothing to ask consent for beyond the provider's own rules.
    const online = new URL(
      await buildMynaAuthorizationUrl(
        { ...config, scopes: [MYNA_PORTAL_SCOPES.openid, MYNA_PORTAL_SCOPES.checkups] },
        { state, nonce, codeChallenge: pkce.codeChallenge },
      ),
    );
    expect(online.searchParams.has('prompt')).toBe(false);
    expect(pkce.codeChallenge).toBe(pkceChallenge(pkce.codeVerifier));
    expect(pkce.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('shows a consent page in Japanese naming the data, and cancel returns access_denied with the state', async () => {
    const { state, url } = await start();
    const page = await fetch(url);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('同意して連携する');
    expect(html).toContain('キャンセル');
    expect(html).toContain('特定健診情報');
    expect(html).toContain('薬剤情報');
    expect(html).toContain('医療費通知情報');
    expect(html).toContain(DEMO_MYNA_PERSON.name);

    const params = new URLSearchParams(Object.fromEntries(new URL(url).searchParams));
    params.set('decision', 'deny');
    const cancelled = await fetch(`${fake.url}/authorize/decision`, { method: 'POST', body: params, redirect: 'manual' });
    expect(cancelled.status).toBe(303);
    const back = new URL(cancelled.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(parseMynaCallback(Object.fromEntries(back.searchParams))).toEqual({ ok: false, error: 'access_denied', state });
  });

  it('approving on the page returns a code for the state', async () => {
    const { state, url } = await start();
    const params = new URLSearchParams(Object.fromEntries(new URL(url).searchParams));
    params.set('decision', 'allow');
    const approved = await fetch(`${fake.url}/authorize/decision`, { method: 'POST', body: params, redirect: 'manual' });
    const callback = parseMynaCallback(Object.fromEntries(new URL(approved.headers.get('location')!).searchParams));
    expect(callback).toEqual({ ok: true, code: expect.any(String), state });
  });

  it('sends a request without nonce or with an unknown scope back with the error and the state', async () => {
    const { state, url } = await start();
    const withoutNonce = new URL(url);
    withoutNonce.searchParams.delete('nonce');
    const refused = await fetch(withoutNonce, { redirect: 'manual' });
    expect(parseMynaCallback(Object.fromEntries(new URL(refused.headers.get('location')!).searchParams))).toEqual({
      ok: false,
      error: 'invalid_request',
      state,
    });
    const plain = new URL(url);
    plain.searchParams.set('code_challenge_method', 'plain');
    expect(new URL((await fetch(plain, { redirect: 'manual' })).headers.get('location')!).searchParams.get('error')).toBe(
      'invalid_request',
    );
    const scope = new URL(url);
    scope.searchParams.set('scope', 'openid everything.write');
    expect(new URL((await fetch(scope, { redirect: 'manual' })).headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
  });

  it('never redirects to an unregistered redirect URI', async () => {
    const { url } = await start();
    const bad = new URL(url);
    bad.searchParams.set('redirect_uri', 'https://evil.example/callback');
    const response = await fetch(bad, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('redirect_uri');
  });
});

describe('code exchange', () => {
  it('gives tokens and the subject from a verified id_token', async () => {
    const tokens = await link();
    expect(tokens.subject).toBe(DEMO_MYNA_PERSON.subject);
    expect(tokens.accessToken).toMatch(/^fake-at-/);
    expect(tokens.refreshToken).toMatch(/^fake-rt-/);
    expect(tokens.expiresAt.getTime()).toBeGreaterThan(Date.now() + 50 * MINUTE);
  });

  it('refuses a used code, and the replay ends what the code issued', async () => {
    const started = await start();
    const callback = await approve(started.url);
    const request = { code: callback.code, codeVerifier: started.pkce.codeVerifier, nonce: started.nonce };
    const tokens = await exchangeMynaCode(config, request);
    expect(await failure(exchangeMynaCode(config, request))).toBeInstanceOf(MynaCodeInvalid);
    expect(await failure(fetchCheckups(config, tokens.accessToken))).toBeInstanceOf(MynaTokenInvalid);
  });

  it('refuses a wrong PKCE verifier, an expired code and a code the portal refuses', async () => {
    const started = await start();
    const callback = await approve(started.url);
    const wrong = createPkcePair().codeVerifier;
    expect(await failure(exchangeMynaCode(config, { code: callback.code, codeVerifier: wrong, nonce: started.nonce }))).toBeInstanceOf(
      MynaCodeInvalid,
    );

    const later = await start();
    const laterCallback = await approve(later.url);
    clock += 11 * MINUTE;
    const expired = await failure(
      exchangeMynaCode(config, { code: laterCallback.code, codeVerifier: later.pkce.codeVerifier, nonce: later.nonce }),
    );
    expect(expired).toBeInstanceOf(MynaCodeInvalid);
    expect((expired as MynaCodeInvalid).details.code).toBe('invalid_grant');
    clock = Date.now();

    fake.refuseCodes();
    expect(await failure(link())).toBeInstanceOf(MynaCodeInvalid);
  });

  it('refuses an id_token for another nonce', async () => {
    fake.tamperNextIdToken('nonce');
    expect(await failure(link())).toBeInstanceOf(MynaNonceMismatch);
  });

  it.each(['audience', 'issuer', 'expired', 'signature'] as const)('refuses an id_token with a wrong %s', async (how) => {
    fake.tamperNextIdToken(how);
    const error = await failure(link());
    expect(error).toBeInstanceOf(MynaIdTokenInvalid);
    expect(error).toBeInstanceOf(MynaPortalError);
  });

  it('refuses a client whose secret the portal does not know (our mistake, not the code)', async () => {
    const started = await start();
    const callback = await approve(started.url);
    const error = await failure(
      exchangeMynaCode(
        { ...config, clientSecret: 'wrong' },
        { code: callback.code, codeVerifier: started.pkce.codeVerifier, nonce: started.nonce },
      ),
    );
    expect(error).toBeInstanceOf(MynaPortalProtocolError);
    expect((error as MynaPortalProtocolError).details).toMatchObject({ status: 401, code: 'invalid_client' });
  });

  it('follows a key rotation: a portal answering at the same address with a new signing key', async () => {
    const first = await startFakeMynaPortalServer({ redirectUri: REDIRECT });
    const port = Number(new URL(first.url).port);
    const linkWith = async (portal: RunningFakeMynaPortal) => {
      const { state, nonce } = createStateAndNonce();
      const pkce = createPkcePair();
      const url = await buildMynaAuthorizationUrl(portal.config, { state, nonce, codeChallenge: pkce.codeChallenge });
      const response = await fetch(`${url}&auto=1`, { redirect: 'manual' });
      const callback = parseMynaCallback(Object.fromEntries(new URL(response.headers.get('location')!).searchParams));
      if (!callback.ok) throw new Error(callback.error);
      return exchangeMynaCode(portal.config, { code: callback.code, codeVerifier: pkce.codeVerifier, nonce });
    };
    expect((await linkWith(first)).subject).toBe(DEMO_MYNA_PERSON.subject);
    await first.close();
    const second = await startFakeMynaPortalServer({ redirectUri: REDIRECT, port });
    try {
      expect((await linkWith(second)).subject).toBe(DEMO_MYNA_PERSON.subject);
    } finally {
      await second.close();
    }
  });

  it('issues a refresh token only for offline_access asked with prompt=consent, as OpenID Connect Core §11 has a conformant provider do', async () => {
    const started = await start();
    const url = new URL(started.url);
    url.searchParams.delete('prompt');
    const callback = await approve(url.toString());
    const tokens = await exchangeMynaCode(config, { code: callback.code, codeVerifier: started.pkce.codeVerifier, nonce: started.nonce });
    expect(tokens.refreshToken).toBeUndefined();
    // The consent page does not promise continued access either.
    const page = await (await fetch(url)).text();
    expect(page).not.toContain('連携の継続');
    expect(await (await fetch(started.url)).text()).toContain('連携の継続');
    expect((await link()).refreshToken).toMatch(/^fake-rt-/);
  });

  it('has a configurable access-token lifetime: a short one expires on the fake’s clock, and a fetch given a way to renew refreshes and goes on', async () => {
    fake.setAccessTokenTtl(2);
    const tokens = await link();
    expect(tokens.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(2000);
    expect((await fetchCheckups(config, tokens.accessToken)).length).toBe(3);
    clock += 3000;
    const expired = await failure(fetchCheckups(config, tokens.accessToken));
    expect(expired).toBeInstanceOf(MynaTokenInvalid);
    expect((expired as MynaTokenInvalid).details).toMatchObject({ status: 401, code: 'invalid_token' });

    let refreshToken = tokens.refreshToken!;
    const renewAccessToken = jest.fn(async () => {
      const refreshed = await refreshMynaTokens(config, refreshToken);
      refreshToken = refreshed.refreshToken!;
      return refreshed.accessToken;
    });
    const before = fake.refreshCount();
    expect((await fetchCheckups(config, tokens.accessToken, { renewAccessToken })).length).toBe(3);
    expect(renewAccessToken).toHaveBeenCalledTimes(1);
    expect(fake.refreshCount()).toBe(before + 1);

    // Every access token ended at once (the switch): renewed once per need, not in a loop.
    fake.setAccessTokenTtl(null);
    const fresh = await refreshMynaTokens(config, refreshToken);
    refreshToken = fresh.refreshToken!;
    fake.expireAccessTokens();
    expect((await fetchMedicalBills(config, fresh.accessToken, { renewAccessToken })).length).toBeGreaterThan(0);
    expect(renewAccessToken).toHaveBeenCalledTimes(2);
    // A renewal that yields a token the portal refuses too: MynaTokenInvalid, not a loop.
    fake.revokeSubject();
    const stale = jest.fn(async () => fresh.accessToken);
    expect(await failure(fetchMedicines(config, fresh.accessToken, { renewAccessToken: stale }))).toBeInstanceOf(MynaTokenInvalid);
    expect(stale).toHaveBeenCalledTimes(1);
  });

  it('refreshes with rotation; the old refresh token then ends the grant', async () => {
    const tokens = await link();
    const refreshed = await refreshMynaTokens(config, tokens.refreshToken!);
    expect(refreshed.accessToken).not.toBe(tokens.accessToken);
    expect(refreshed.refreshToken).not.toBe(tokens.refreshToken);
    expect((await fetchMedicalBills(config, refreshed.accessToken)).length).toBeGreaterThan(0);
    expect(await failure(refreshMynaTokens(config, tokens.refreshToken!))).toBeInstanceOf(MynaTokenInvalid);
    expect(await failure(refreshMynaTokens(config, refreshed.refreshToken!))).toBeInstanceOf(MynaTokenInvalid);
  });
});

describe('resources', () => {
  it('pages through every check-up (pages of three here) and reports progress', async () => {
    const tokens = await link();
    const progress: number[] = [];
    const checkups = await fetchCheckups(config, tokens.accessToken, { onPage: (count) => progress.push(count) });
    expect(checkups.map((document) => document.issuedOn)).toEqual(['2024-06-12', '2025-06-11', '2026-06-10']);
    expect(progress).toEqual([3]);
    const medicines = await fetchMedicines(config, tokens.accessToken, { onPage: (count) => progress.push(count) });
    expect(medicines).toEqual(fake.records().medicines);
    expect(progress.slice(1)).toEqual([3, 6, 8]);
    expect(await fetchMedicalBills(config, tokens.accessToken)).toEqual(fake.records().medicalBills);
  });

  it("serves the demo member's latest check-up as the forecast expects", async () => {
    const tokens = await link();
    const latest = (await fetchCheckups(config, tokens.accessToken)).at(-1)!;
    const parsed = parseCheckupCda(latest.cdaXml);
    const value = (analyte: string) => parsed.items.find((item) => item.analyte === analyte)?.value;
    expect(parsed.examinedOn).toBe('2026-06-10');
    expect({ ldl: value('ldl'), systolic: value('systolic'), hdl: value('hdl'), hba1c: value('hba1c') }).toEqual({
      ldl: 142,
      systolic: 132,
      hdl: 52,
      hba1c: 5.7,
    });
    expect(parsed).toMatchObject({ sex: 'male', birthDate: '1980-04-01', questionnaire: { smoker: false } });
    expect(parsed.unknownItems).toEqual([]);
  });

  it('serves medicines with YJ codes and generic names, and bills per month and institution', async () => {
    const tokens = await link();
    const medicines = await fetchMedicines(config, tokens.accessToken);
    const pharmacies = new Set(medicines.map((dispensing) => dispensing.pharmacyName));
    expect(pharmacies.size).toBe(2);
    for (const item of medicines.flatMap((dispensing) => dispensing.items)) {
      expect(item.yjCode).toMatch(/^\d{7}[A-Z]\d{3}[0-9A-Z]$/);
      expect(item.genericName).toBeTruthy();
    }
    const bills = await fetchMedicalBills(config, tokens.accessToken);
    expect(new Set(bills.map((bill) => bill.kind))).toEqual(new Set(['medical', 'pharmacy', 'dental']));
    for (const bill of bills) expect(bill.paidAmount).toBe(Math.round((bill.totalCost * 0.3) / 10) * 10);
  });

  it('filters by registration time with since, so a new document is all a second fetch sees', async () => {
    const tokens = await link();
    const first = await fetchCheckups(config, tokens.accessToken);
    const since = new Date(clock - 1000).toISOString();
    expect(await fetchCheckups(config, tokens.accessToken, { since })).toEqual([]);
    expect(await fetchMedicines(config, tokens.accessToken, { since })).toEqual([]);
    expect(await fetchMedicalBills(config, tokens.accessToken, { since })).toEqual([]);
    // Any instant will do (sent in UTC); the bills of the last months registered since 2026-09-01.
    const lateBills = await fetchMedicalBills(config, tokens.accessToken, { since: '2026-09-01T09:00:00+09:00' });
    expect(lateBills.length).toBeGreaterThan(0);
    expect(lateBills.every((bill) => bill.registeredAt >= '2026-09-01T00:00:00.000Z')).toBe(true);
    await expect(fetchCheckups(config, tokens.accessToken, { since: 'yesterday' })).rejects.toThrow(TypeError);
    const id = fake.addCheckup(undefined, '2026-11-02');
    const second = await fetchCheckups(config, tokens.accessToken, { since });
    expect(second.map((document) => document.documentId)).toEqual([id]);
    expect(first.map((document) => document.documentId)).not.toContain(id);
    expect(parseCheckupCda(second[0]!.cdaXml).examinedOn).toBe('2026-11-02');
  });

  it('fails a collection after N records when the switch says so (503 → unavailable)', async () => {
    const tokens = await link();
    fake.failAfter('medicines', 4);
    const error = await failure(fetchMedicines(config, tokens.accessToken));
    expect(error).toBeInstanceOf(MynaPortalUnavailable);
    expect((error as MynaPortalUnavailable).details).toMatchObject({ status: 503, retryAfterSeconds: 30 });
    // The other collections still answer.
    expect((await fetchCheckups(config, tokens.accessToken)).length).toBe(3);
    fake.failAfter('medicines', null);
    expect((await fetchMedicines(config, tokens.accessToken)).length).toBe(8);
  });

  it('answers invalid_token for a revoked link and insufficient_scope for a scope not granted', async () => {
    const tokens = await link();
    fake.revokeSubject();
    expect(await failure(fetchCheckups(config, tokens.accessToken))).toBeInstanceOf(MynaTokenInvalid);

    const narrow = { ...config, scopes: [MYNA_PORTAL_SCOPES.openid, MYNA_PORTAL_SCOPES.medicalBills] };
    const { state, nonce } = createStateAndNonce();
    const pkce = createPkcePair();
    const callback = await approve(await buildMynaAuthorizationUrl(narrow, { state, nonce, codeChallenge: pkce.codeChallenge }));
    const limited = await exchangeMynaCode(narrow, { code: callback.code, codeVerifier: pkce.codeVerifier, nonce });
    expect(limited.refreshToken).toBeUndefined(); // no offline_access asked
    const refused = await failure(fetchMedicines(narrow, limited.accessToken));
    expect(refused).toBeInstanceOf(MynaTokenInvalid);
    expect((refused as MynaTokenInvalid).details).toMatchObject({ status: 403, code: 'insufficient_scope' });
  });

  it('links another card holder with other data (subject on the consent request)', async () => {
    const tokens = await link('&subject=myna-test-0002');
    expect(tokens.subject).toBe('myna-test-0002');
    const checkups = await fetchCheckups(config, tokens.accessToken);
    expect(checkups.map((document) => document.documentId)).not.toEqual(fake.records().checkups.map((document) => document.documentId));
    expect(parseCheckupCda(checkups[0]!.cdaXml).sex).toBe(fake.person('myna-test-0002').sex);
  });
});

describe('a portal that breaks the protocol', () => {
  let server: http.Server;
  let base = '';
  /** What the stand-in answers on the check-ups endpoint, by page token. */
  let pages: Record<string, { status: number; body: unknown }> = {};

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url!, base);
      const send = (status: number, body: unknown) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (url.pathname === '/.well-known/openid-configuration') {
        return send(200, {
          issuer: base,
          authorization_endpoint: `${base}/authorize`,
          token_endpoint: `${base}/token`,
          jwks_uri: `${base}/jwks`,
          checkups_endpoint: `${base}/checkups`,
          medicines_endpoint: `${base}/medicines`,
          medical_bills_endpoint: `${base}/bills`,
        });
      }
      if (url.pathname === '/token') return send(200, { access_token: 'x', token_type: 'mac', expires_in: 60 });
      const page = pages[url.searchParams.get('page_token') ?? 'first'] ?? { status: 404, body: {} };
      return send(page.status, page.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const portal = (): MynaPortalConfig => ({ ...config, baseUrl: base });
  const document = {
    document_id: 'd1',
    issued_on: '2026-06-10',
    registered_at: '2026-07-01T00:00:00Z',
    media_type: 'application/hl7-cda+xml',
    document: '<x/>',
  };

  it('refuses a record not in the protocol’s shape, naming where', async () => {
    pages = { first: { status: 200, body: { items: [{ ...document, issued_on: '10 June' }], next_page_token: null } } };
    const error = await failure(fetchCheckups(portal(), 'token'));
    expect(error).toBeInstanceOf(MynaPortalProtocolError);
    expect((error as Error).message).toContain('issued_on');
  });

  it('stops when the portal repeats a page token instead of looping', async () => {
    pages = {
      first: { status: 200, body: { items: [document], next_page_token: 'again' } },
      again: { status: 200, body: { items: [], next_page_token: 'again' } },
    };
    expect(await failure(fetchCheckups(portal(), 'token'))).toBeInstanceOf(MynaPortalProtocolError);
  });

  it('reads the pages it is given to the end', async () => {
    pages = {
      first: { status: 200, body: { items: [document], next_page_token: 'p2' } },
      p2: { status: 200, body: { items: [{ ...document, document_id: 'd2' }], next_page_token: null } },
    };
    expect((await fetchCheckups(portal(), 'token')).map((record) => record.documentId)).toEqual(['d1', 'd2']);
  });

  it('refuses a token answer that is not a bearer token', async () => {
    const error = await failure(exchangeMynaCode(portal(), { code: 'c', codeVerifier: createPkcePair().codeVerifier, nonce: 'n' }));
    expect(error).toBeInstanceOf(MynaPortalProtocolError);
  });
});
