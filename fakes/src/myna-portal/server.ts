import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyReply } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import {
  basicCredentials,
  escapeHtml,
  fakeGrantStore,
  hiddenFields,
  isS256Challenge,
  redirectAllowed,
  redirectWith,
  sameText,
} from '../oauth';
import { MYNA_CALLBACK_PATH, MYNA_DEFAULT_SCOPES, MYNA_PORTAL_SCOPES } from '@sukoyaka/bff/src/integrations/myna-portal/config';
import {
  DEMO_MYNA_PERSON,
  fakeCheckupDocuments,
  fakeDispensings,
  fakeExtraCheckup,
  fakeMedicalBills,
  fakePerson,
  type FakeMynaPerson,
} from './data';
import type {
  MynaPortalConfig,
  PortalCheckupDocument,
  PortalDispensing,
  PortalMedicalBill,
} from '@sukoyaka/bff/src/integrations/myna-portal/types';

/**
 * A local stand-in for the My Number Portal, speaking our protocol (PROTOCOL.md) so every flow
 * can be completed on one machine:
 *
 * - GET  /.well-known/openid-configuration, GET /jwks (an RS256 key made at start);
 * - GET  /authorize: a consent page in Japanese (which data, 「同意して連携する」 / 「キャンセル」;
 *   cancel returns error=access_denied); `auto=1` (or the `autoApprove` option) approves at once,
 *   for tests and e2e; `subject=…` links as another card holder than the demo person.
 *   `offline_access` is granted only with `prompt=consent`, as OpenID Connect Core §11 has a
 *   conformant provider do (without it the scope is ignored, so no refresh token is issued);
 * - POST /token: client_secret_basic; authorization_code (single-use codes valid ten minutes, exact
 *   redirect URI, PKCE S256; a replayed code also ends what it issued) with an id_token carrying
 *   the nonce; refresh_token (rotated); access tokens live `accessTokenTtlSeconds` (an hour by
 *   default; the switch `setAccessTokenTtl` shortens it, down to a few seconds);
 * - GET  /api/v1/checkups, /api/v1/medicines, /api/v1/medical_bills: bearer token, `since`,
 *   `limit` and `page_token`.
 *
 * Switches for tests (methods of the returned object): fail a collection after N records, add a
 * new check-up, refuse the next code exchange, tamper with the next id_token, revoke a subject's
 * tokens, change the access-token lifetime, end every access token issued so far. Production
 * never starts it (services.ts).
 */

export type FakeMynaCollection = 'checkups' | 'medicines' | 'medical_bills';

export interface FakeMynaPortalOptions {
  port?: number;
  clientId?: string;
  clientSecret?: string;
  /** The redirect URI put in `config`; any loopback http(s) address is accepted unless `redirectUris` is given. */
  redirectUri?: string;
  redirectUris?: string[];
  autoApprove?: boolean;
  /** The card holder the consent page links (default: the demo person). */
  defaultSubject?: string;
  /** Lifetime of an access token, in seconds (default 3600; `expires_in` says it). */
  accessTokenTtlSeconds?: number;
  codeTtlSeconds?: number;
  /** Caps pages below the requested limit (the protocol's cap is 100), to exercise paging. */
  maxPageSize?: number;
  /** The fake's clock (tests move it to expire codes and tokens). */
  now?: () => number;
}

export interface RunningFakeMynaPortal {
  url: string;
  /** A complete configuration pointing at this fake. */
  config: MynaPortalConfig;
  /** The person a subject stands for (name, sex, birth date). */
  person(subject?: string): FakeMynaPerson;
  /** What the fake serves for a subject now (its fixed records plus any added). */
  records(subject?: string): { checkups: PortalCheckupDocument[]; medicines: PortalDispensing[]; medicalBills: PortalMedicalBill[] };
  /** Switch: the collection answers 503 once it has served `records` records of a fetch (null: never). */
  failAfter(collection: FakeMynaCollection, records: number | null): void;
  /** Switch: a new check-up for the subject, registered now; returns its document id. */
  addCheckup(subject?: string, examinedOn?: string): string;
  /** Switch: the next code exchanges answer invalid_grant (count, default 1). */
  refuseCodes(count?: number): void;
  /** Switch: the next id_token is wrong in one way. */
  tamperNextIdToken(how: 'nonce' | 'audience' | 'issuer' | 'expired' | 'signature'): void;
  /** Switch: every token of the subject stops working (the member ended the link at the portal). */
  revokeSubject(subject?: string): void;
  /** Switch: access tokens issued from now on live this many seconds (null: the option's lifetime again). */
  setAccessTokenTtl(seconds: number | null): void;
  /** Switch: every access token issued so far expires now (refresh tokens keep working). */
  expireAccessTokens(): void;
  /** How many refresh_token grants the token endpoint has answered with new tokens. */
  refreshCount(): number;
  /** Ends every switch and forgets added check-ups and grants. */
  reset(): void;
  close(): Promise<void>;
}

interface Grant {
  subject: string;
  scopes: string[];
  revoked: boolean;
}

const SCOPE_LABELS: Record<string, string> = {
  [MYNA_PORTAL_SCOPES.checkups]: '特定健診情報（健診の結果と質問票）',
  [MYNA_PORTAL_SCOPES.medicines]: '薬剤情報（調剤された薬と薬局）',
  [MYNA_PORTAL_SCOPES.medicalBills]: '医療費通知情報（受診した医療機関と医療費）',
  [MYNA_PORTAL_SCOPES.offlineAccess]: '連携の継続（次回からの取り込みで再度の同意を求めません）',
};
const KNOWN_SCOPES = new Set<string>(Object.values(MYNA_PORTAL_SCOPES));
const COLLECTION_SCOPES: Record<FakeMynaCollection, string> = {
  checkups: MYNA_PORTAL_SCOPES.checkups,
  medicines: MYNA_PORTAL_SCOPES.medicines,
  medical_bills: MYNA_PORTAL_SCOPES.medicalBills,
};

/** Records as PROTOCOL.md §4 puts them on the wire (the fake, and the tests' resource server in front of another provider). */
export const toWire = {
  checkups: (record: PortalCheckupDocument) => ({
    document_id: record.documentId,
    issued_on: record.issuedOn,
    registered_at: record.registeredAt,
    media_type: 'application/hl7-cda+xml',
    document: record.cdaXml,
  }),
  medicines: (record: PortalDispensing) => ({
    dispensing_id: record.dispensingId,
    dispensed_on: record.dispensedOn,
    pharmacy: { name: record.pharmacyName },
    prescriber: record.prescribingInstitution ? { name: record.prescribingInstitution } : null,
    registered_at: record.registeredAt,
    medicines: record.items.map((item) => ({
      yj_code: item.yjCode,
      brand_name: item.brandName,
      generic_name: item.genericName,
      strength: item.strength,
      quantity: item.quantity,
      unit: item.unit,
      days: item.days,
      usage: item.usage,
    })),
  }),
  medical_bills: (record: PortalMedicalBill) => ({
    bill_id: record.billId,
    month: record.month,
    institution: { name: record.institutionName },
    kind: record.kind,
    days: record.days,
    total_cost: record.totalCost,
    patient_paid: record.paidAmount,
    patient: record.patientName ? { name: record.patientName } : null,
    registered_at: record.registeredAt,
  }),
} satisfies Record<FakeMynaCollection, (record: never) => unknown>;

export async function startFakeMynaPortalServer(options: FakeMynaPortalOptions = {}): Promise<RunningFakeMynaPortal> {
  const clientId = options.clientId ?? 'sukoyaka-local';
  const clientSecret = options.clientSecret ?? 'fake-myna-client-secret';
  const now = options.now ?? Date.now;
  const defaultAccessTtlSeconds = options.accessTokenTtlSeconds ?? 3600;
  let accessTtlSeconds = defaultAccessTtlSeconds;
  let refreshes = 0;
  const codeTtlMs = (options.codeTtlSeconds ?? 600) * 1000;
  const defaultSubject = options.defaultSubject ?? DEMO_MYNA_PERSON.subject;

  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = `fake-${randomBytes(6).toString('hex')}`;
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  // A second key the JWKS does not publish: a token signed with it must be refused.
  const { privateKey: strangerKey } = await generateKeyPair('RS256');

  // Each code also carries the request's nonce, for the id_token.
  const store = fakeGrantStore<Grant, { nonce: string }>({
    now,
    codeTtlMs,
    accessTtlMs: () => accessTtlSeconds * 1000,
    prefixes: { code: 'fake-code-', access: 'fake-at-', refresh: 'fake-rt-' },
  });
  const grants: Grant[] = [];
  const extraCheckups = new Map<string, PortalCheckupDocument[]>();
  const failures = new Map<FakeMynaCollection, number>();
  let codesToRefuse = 0;
  let tamper: 'nonce' | 'audience' | 'issuer' | 'expired' | 'signature' | null = null;

  function records(subject = defaultSubject) {
    const person = fakePerson(subject);
    return {
      checkups: [...fakeCheckupDocuments(person), ...(extraCheckups.get(subject) ?? [])],
      medicines: fakeDispensings(person),
      medicalBills: fakeMedicalBills(person),
    };
  }

  const app = Fastify({ logger: false });
  await app.register(formbody);
  let url = '';

  const oauthError = (reply: FastifyReply, status: number, error: string, description: string) =>
    reply.status(status).header('cache-control', 'no-store').send({ error, error_description: description });

  type Params = Record<string, string | undefined>;

  /** Errors about the client or redirect URI are shown, never redirected (RFC 6749 §4.1.2.1). */
  function checkAuthorization(
    params: Params,
  ): { page: string } | { redirect: string } | { ok: true; redirectUri: string; scopes: string[] } {
    if (params.client_id !== clientId) return { page: 'この連携先（client_id）は登録されていません。' };
    const redirectUri = params.redirect_uri ?? '';
    if (!redirectAllowed(redirectUri, options.redirectUris)) return { page: '戻り先の URL（redirect_uri）が登録されていません。' };
    const back = (error: string) => ({ redirect: redirectWith(redirectUri, { error, state: params.state }) });
    if (params.response_type !== 'code') return back('unsupported_response_type');
    if (!params.state || !params.nonce) return back('invalid_request');
    if (!isS256Challenge(params.code_challenge, params.code_challenge_method)) return back('invalid_request');
    const scopes = (params.scope ?? '').split(' ').filter(Boolean);
    if (!scopes.includes('openid') || scopes.some((scope) => !KNOWN_SCOPES.has(scope))) return back('invalid_scope');
    // OpenID Connect Core §11: offline_access is ignored unless the request asks for consent
    // (prompt=consent), so a request without it gets no refresh token.
    const prompts = (params.prompt ?? '').split(' ');
    const granted = prompts.includes('consent') ? scopes : scopes.filter((scope) => scope !== MYNA_PORTAL_SCOPES.offlineAccess);
    return { ok: true, redirectUri, scopes: granted };
  }

  /** Runs after checkAuthorization, so state and nonce are there. */
  function approve(params: Params, redirectUri: string, scopes: string[]): string {
    const grant: Grant = { subject: params.subject || defaultSubject, scopes, revoked: false };
    grants.push(grant);
    const code = store.issueCode({ grant, redirectUri, codeChallenge: params.code_challenge!, nonce: params.nonce! });
    return redirectWith(redirectUri, { code, state: params.state });
  }

  const htmlError = (reply: FastifyReply, message: string) =>
    reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(page('連携できません', `<p>${escapeHtml(message)}</p>`));

  app.get('/.well-known/openid-configuration', async () => ({
    issuer: url,
    authorization_endpoint: `${url}/authorize`,
    token_endpoint: `${url}/token`,
    jwks_uri: `${url}/jwks`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    token_endpoint_auth_methods_supported: ['client_secret_basic'],
    code_challenge_methods_supported: ['S256'],
    scopes_supported: [...KNOWN_SCOPES],
    checkups_endpoint: `${url}/api/v1/checkups`,
    medicines_endpoint: `${url}/api/v1/medicines`,
    medical_bills_endpoint: `${url}/api/v1/medical_bills`,
  }));

  app.get('/jwks', async () => ({ keys: [jwk] }));

  app.get('/authorize', async (request, reply) => {
    const params = request.query as Params;
    const checked = checkAuthorization(params);
    if ('page' in checked) return htmlError(reply, checked.page);
    if ('redirect' in checked) return reply.redirect(checked.redirect, 302);
    if (options.autoApprove || params.auto === '1') return reply.redirect(approve(params, checked.redirectUri, checked.scopes), 302);
    const person = fakePerson(params.subject || defaultSubject);
    const hidden = hiddenFields(params);
    const scopeList = checked.scopes
      .filter((scope) => SCOPE_LABELS[scope])
      .map((scope) => `<li>${escapeHtml(SCOPE_LABELS[scope]!)}</li>`)
      .join('');
    return reply
      .type('text/html; charset=utf-8')
      .send(
        page(
          '情報提供への同意',
          `<p>マイナンバーカードで本人確認をしました：<strong>${escapeHtml(person.name)}</strong> さん</p>` +
            `<p>「すこやか」に、次のあなたの情報を提供します。</p><ul>${scopeList}</ul>` +
            `<p>提供した情報は「すこやか」で表示・書き出し・削除できます。同意はマイナポータルでいつでも取り消せます。</p>` +
            `<form method="post" action="/authorize/decision">${hidden}` +
            `<button type="submit" name="decision" value="allow">同意して連携する</button> ` +
            `<button type="submit" name="decision" value="deny">キャンセル</button></form>` +
            `<p><small>これは開発用の模擬サーバーです（マイナポータルではありません）。カードの読み取りは省略しています。</small></p>`,
        ),
      );
  });

  app.post('/authorize/decision', async (request, reply) => {
    const params = (request.body ?? {}) as Params;
    const checked = checkAuthorization(params);
    if ('page' in checked) return htmlError(reply, checked.page);
    if ('redirect' in checked) return reply.redirect(checked.redirect, 303);
    if (params.decision !== 'allow')
      return reply.redirect(redirectWith(checked.redirectUri, { error: 'access_denied', state: params.state }), 303);
    return reply.redirect(approve(params, checked.redirectUri, checked.scopes), 303);
  });

  /** Tokens as handed out: a refresh token only with offline_access. */
  function handOut(grant: Grant, tokens: { accessToken: string; refreshToken: string }) {
    return { ...tokens, refreshToken: grant.scopes.includes(MYNA_PORTAL_SCOPES.offlineAccess) ? tokens.refreshToken : undefined };
  }

  async function idToken(grant: Grant, nonce: string): Promise<string> {
    const how = tamper;
    tamper = null;
    const issuedAt = Math.floor(now() / 1000);
    const token = new SignJWT({ nonce: how === 'nonce' ? `${nonce}-other` : nonce, auth_time: issuedAt })
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .setIssuer(how === 'issuer' ? `${url}/other` : url)
      .setSubject(grant.subject)
      .setAudience(how === 'audience' ? 'another-client' : clientId)
      .setIssuedAt(how === 'expired' ? issuedAt - 7200 : issuedAt)
      .setExpirationTime(how === 'expired' ? issuedAt - 3600 : issuedAt + 300);
    return token.sign(how === 'signature' ? strangerKey : privateKey);
  }

  app.post('/token', async (request, reply) => {
    const body = (request.body ?? {}) as Params;
    const basic = basicCredentials(request.headers.authorization);
    if (!basic) return oauthError(reply, 401, 'invalid_client', 'client_secret_basic is required');
    if (basic.colon < 0 || basic.id !== clientId || !sameText(basic.secret, clientSecret))
      return oauthError(reply, 401, 'invalid_client', 'unknown client');

    if (body.grant_type === 'authorization_code') {
      const taken = store.takeCode(body.code);
      if ('problem' in taken)
        return oauthError(reply, 400, 'invalid_grant', taken.problem === 'unknown' ? 'unknown code' : 'code already used');
      const { code } = taken;
      // The switch spends the code, like any refusal.
      if (codesToRefuse > 0) {
        codesToRefuse--;
        return oauthError(reply, 400, 'invalid_grant', 'code refused (test switch)');
      }
      const problem = store.codeProblem(code, body.redirect_uri, body.code_verifier);
      if (problem === 'expired') return oauthError(reply, 400, 'invalid_grant', 'code expired');
      if (problem === 'redirect') return oauthError(reply, 400, 'invalid_grant', 'redirect_uri does not match');
      if (problem === 'verifier') return oauthError(reply, 400, 'invalid_grant', 'code_verifier does not match');
      const { accessToken, refreshToken } = handOut(code.grant, store.redeem(code));
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: accessTtlSeconds,
        ...(refreshToken ? { refresh_token: refreshToken } : {}),
        scope: code.grant.scopes.join(' '),
        id_token: await idToken(code.grant, code.nonce),
      });
    }

    if (body.grant_type === 'refresh_token') {
      const taken = store.takeRefreshToken(body.refresh_token);
      if ('problem' in taken) {
        const description = taken.problem === 'invalid' ? 'refresh token expired or revoked' : 'refresh token already used';
        return oauthError(reply, 400, 'invalid_grant', description);
      }
      const { token } = taken;
      const { accessToken, refreshToken } = handOut(token.grant, store.issueTokens(token.grant));
      refreshes += 1;
      return reply.header('cache-control', 'no-store').send({
        access_token: accessToken,
        token_type: 'Bearer',
        expires_in: accessTtlSeconds,
        refresh_token: refreshToken,
        scope: token.grant.scopes.join(' '),
      });
    }
    return oauthError(reply, 400, 'unsupported_grant_type', `grant_type ${body.grant_type ?? ''} is not supported`);
  });

  /** Serves one collection page by page, after the bearer and scope checks (RFC 6750 errors). */
  function collection<T extends { registeredAt: string }>(
    name: FakeMynaCollection,
    pick: (subject: string) => T[],
    toWire: (record: T) => unknown,
  ) {
    app.get(`/api/v1/${name}`, async (request, reply) => {
      const token = store.bearer(request.headers.authorization);
      if (!token) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer error="invalid_token"')
          .send({ error: 'invalid_token', error_description: 'the access token is invalid or expired' });
      }
      if (!token.grant.scopes.includes(COLLECTION_SCOPES[name])) {
        return reply
          .status(403)
          .header('www-authenticate', `Bearer error="insufficient_scope", scope="${COLLECTION_SCOPES[name]}"`)
          .send({ error: 'insufficient_scope', error_description: `${COLLECTION_SCOPES[name]} was not granted` });
      }
      const query = request.query as Params;
      const limit = query.limit === undefined ? 100 : Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 100)
        return reply.status(400).send({ error: 'invalid_request', error_description: 'limit must be 1 to 100' });
      let since: number | undefined;
      if (query.since !== undefined) {
        since = Date.parse(query.since);
        if (Number.isNaN(since) || !/T.*(Z|[+-]\d{2}:\d{2})$/.test(query.since)) {
          return reply
            .status(400)
            .send({ error: 'invalid_request', error_description: 'since must be an ISO 8601 date-time with an offset' });
        }
      }
      const offset = query.page_token ? Number(Buffer.from(query.page_token, 'base64url').toString('utf8')) : 0;
      if (!Number.isSafeInteger(offset) || offset < 0)
        return reply.status(400).send({ error: 'invalid_request', error_description: 'page_token is not one we issued' });
      const all = pick(token.grant.subject).filter((record) => since === undefined || Date.parse(record.registeredAt) >= since);
      const size = Math.min(limit, options.maxPageSize ?? 100);
      // The failure switch: serve the first `failAt` records, then answer 503 for the rest.
      const failAt = failures.get(name);
      const failing = failAt !== undefined && failAt < all.length;
      if (failing && offset >= failAt) {
        return reply
          .status(503)
          .header('retry-after', '30')
          .send({ error: 'temporarily_unavailable', error_description: 'the portal is busy (test switch)' });
      }
      const next = failing ? Math.min(offset + size, failAt) : offset + size;
      return reply.header('cache-control', 'no-store').send({
        items: all.slice(offset, next).map(toWire),
        next_page_token: next < all.length ? Buffer.from(String(next), 'utf8').toString('base64url') : null,
      });
    });
  }

  collection('checkups', (subject) => records(subject).checkups, toWire.checkups);
  collection('medicines', (subject) => records(subject).medicines, toWire.medicines);
  collection('medical_bills', (subject) => records(subject).medicalBills, toWire.medical_bills);

  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  return {
    url,
    config: {
      baseUrl: url,
      clientId,
      clientSecret,
      redirectUri: options.redirectUri ?? `http://localhost:8080${MYNA_CALLBACK_PATH}`,
      scopes: [...MYNA_DEFAULT_SCOPES],
      timeoutMs: 10_000,
    },
    person: (subject = defaultSubject) => fakePerson(subject),
    records,
    failAfter(name, count) {
      if (count === null) failures.delete(name);
      else failures.set(name, count);
    },
    addCheckup(subject = defaultSubject, examinedOn) {
      const list = extraCheckups.get(subject) ?? [];
      const day = examinedOn ?? new Date(now()).toISOString().slice(0, 10);
      const document = fakeExtraCheckup(fakePerson(subject), day, new Date(now()).toISOString(), list.length + 1);
      extraCheckups.set(subject, [...list, document]);
      return document.documentId;
    },
    refuseCodes(count = 1) {
      codesToRefuse = count;
    },
    tamperNextIdToken(how) {
      tamper = how;
    },
    revokeSubject(subject = defaultSubject) {
      for (const grant of grants) if (grant.subject === subject) grant.revoked = true;
    },
    setAccessTokenTtl(seconds) {
      accessTtlSeconds = seconds ?? defaultAccessTtlSeconds;
    },
    expireAccessTokens() {
      store.expireAccessTokens();
    },
    refreshCount: () => refreshes,
    reset() {
      failures.clear();
      accessTtlSeconds = defaultAccessTtlSeconds;
      extraCheckups.clear();
      codesToRefuse = 0;
      tamper = null;
      for (const grant of grants) grant.revoked = true;
      store.codes.clear();
    },
    close: () => app.close(),
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}（開発用 マイナポータル模擬サーバー）</title><style>body{font-family:sans-serif;max-width:40rem;margin:1rem auto;padding:0 1rem;line-height:1.7}button{font-size:1rem;padding:.6rem 1.2rem;margin:.25rem 0;min-height:44px}</style></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
