import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type ClientMetadata, type Configuration } from 'oidc-provider';

/*
 * An independent, certified OpenID Connect / OAuth 2.0 authorization server in front of our
 * clients: panva's oidc-provider (a devDependency), on a loopback port, configured as a
 * conformant provider is — PKCE S256 required, RS256 id_tokens, client authentication on the
 * token, revocation and introspection endpoints, offline_access honoured only with
 * prompt=consent (OpenID Connect Core §11; the library's own rule), refresh tokens rotated and a
 * reused one ending the grant. The access-token lifetime is read at each issue, so a test can
 * shorten it. Login and consent are completed programmatically through the provider's
 * interaction API (interactionDetails / interactionFinished), as a real login page would after
 * the member authenticated; `authorize` follows the browser's redirects with a cookie jar.
 *
 * jest compiles oidc-provider (ESM only) to CommonJS like jose (jest.config.cjs, esmOnly).
 */

export interface OidcPeerOptions {
  clients: ClientMetadata[];
  /** Scopes the provider knows besides openid and offline_access. */
  scopes: string[];
  /** The account that signs in at the login prompt (the id_token's `sub`). */
  accountId: string;
  /** Seconds an access token lives; read at each issue (default 3600). */
  accessTokenTtl?: () => number;
  /** Clients (resource servers) allowed to introspect every token; a client may always introspect its own. */
  introspectors?: string[];
  /** Extra discovery fields (our portal protocol's resource endpoints). */
  discovery?: Record<string, unknown>;
  /** Overrides of the provider's configuration (e.g. issueRefreshToken for a plain OAuth 2.0 client). */
  configuration?: Partial<Configuration>;
}

export interface RunningOidcPeer {
  issuer: string;
  provider: Provider;
  /** Drives the browser through the provider from the authorization address to the redirect back to the client; answers that address. */
  authorize(authorizationUrl: string): Promise<URL>;
  /** Calls of each grant type the token endpoint answered with tokens. */
  grants(type: 'authorization_code' | 'refresh_token'): number;
  /** RFC 7662 introspection of a token with a client's credentials (client_secret_basic). */
  introspect(token: string, client: { id: string; secret: string }): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

export const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export async function startOidcPeer(options: OidcPeerOptions): Promise<RunningOidcPeer> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: options.clients,
    jwks: { keys: [signingKey] },
    scopes: ['openid', 'offline_access', ...options.scopes],
    claims: { openid: ['sub'] },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      introspection: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) =>
          client.clientId === token.clientId || (options.introspectors ?? []).includes(client.clientId),
      },
      // RFC 7009 §2.1: the server checks the token was issued to the client asking.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => client.clientId === token.clientId },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      AccessToken: () => options.accessTokenTtl?.() ?? 3600,
      AuthorizationCode: 600,
      IdToken: 300,
      Interaction: 600,
      Session: 3600,
      Grant: 90 * 24 * 3600,
      RefreshToken: 90 * 24 * 3600,
    },
    rotateRefreshToken: true,
    cookies: { keys: ['oidc-peer-test-cookie-key'] },
    discovery: options.discovery ?? {},
    ...options.configuration,
  });

  const counts = { authorization_code: 0, refresh_token: 0 };
  provider.on('grant.success', (ctx) => {
    const type = ctx.oidc.params?.grant_type;
    if (type === 'authorization_code' || type === 'refresh_token') counts[type] += 1;
  });

  /** The login page and the consent page, each answered at once for `accountId`. */
  async function interaction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: options.accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = details.grantId
      ? (await provider.Grant.find(details.grantId))!
      : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {}))
      grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    void callback(req, res);
  });

  return {
    issuer,
    provider,
    async authorize(authorizationUrl) {
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop++) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const [pair] = cookie.split(';');
          const at = pair!.indexOf('=');
          jar.set(pair!.slice(0, at), pair!.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${await response.text()}`);
        url = new URL(location, url);
        if (url.origin !== issuer) return url;
      }
      throw new Error('the provider kept redirecting');
    },
    grants: (type) => counts[type],
    async introspect(token, client) {
      const response = await fetch(`${issuer}/token/introspection`, {
        method: 'POST',
        headers: { authorization: basic(client.id, client.secret), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }),
      });
      if (!response.ok) throw new Error(`introspection answered ${response.status}`);
      return (await response.json()) as Record<string, unknown>;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
