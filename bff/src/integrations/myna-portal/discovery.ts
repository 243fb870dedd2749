import { reportMisconfigured, reportWorking } from '../../platform/ops/integration-health';
import { MynaPortalProtocolError } from './errors';
import { errorBody, jsonBody, portalFetch, unavailableIfTransient } from './http';
import type { MynaPortalConfig, MynaPortalMetadata } from './types';

/** Kept an hour: the portal's endpoints change rarely, and a failed fetch is not kept at all. */
const CACHE_MS = 60 * 60 * 1000;
const cache = new Map<string, { metadata: MynaPortalMetadata; fetchedAt: number }>();

/**
 * The portal's endpoints from `${baseUrl}/.well-known/openid-configuration` (OpenID Connect
 * Discovery 1.0 §4; the issuer must equal the base address, §4.3), with our protocol's resource
 * endpoints (PROTOCOL.md §3). Nothing else in this folder knows a path of the portal.
 */
export async function discoverMynaPortal(config: Pick<MynaPortalConfig, 'baseUrl' | 'timeoutMs'>): Promise<MynaPortalMetadata> {
  const cached = cache.get(config.baseUrl);
  try {
    const metadata = cached && Date.now() - cached.fetchedAt < CACHE_MS ? cached.metadata : await fetchMetadata(config);
    // The configuration in use discovers well (now, or within the hour): a problem recorded
    // against another one is over, whichever answered first after a fix.
    reportWorking('myna_portal');
    if (metadata !== cached?.metadata) cache.set(config.baseUrl, { metadata, fetchedAt: Date.now() });
    return metadata;
  } catch (error) {
    // An answer our protocol does not allow (wrong issuer, missing endpoint, 404) is the
    // configuration's fault, not a passing outage: the operators hear of it (an unreachable or
    // busy portal is MynaPortalUnavailable and is not reported here).
    if (error instanceof MynaPortalProtocolError) reportMisconfigured('myna_portal', error.message);
    throw error;
  }
}

async function fetchMetadata(config: Pick<MynaPortalConfig, 'baseUrl' | 'timeoutMs'>): Promise<MynaPortalMetadata> {
  const what = 'My Number Portal discovery';
  const response = await portalFetch(
    what,
    `${config.baseUrl}/.well-known/openid-configuration`,
    { headers: { accept: 'application/json' } },
    config.timeoutMs,
  );
  if (!response.ok) {
    const { code } = await errorBody(response);
    unavailableIfTransient(what, response, code);
    throw new MynaPortalProtocolError(`${what} answered ${response.status}`, { status: response.status, code });
  }
  const body = (await jsonBody(what, response)) as Record<string, unknown>;
  const url = (field: string) => {
    const value = body[field];
    if (typeof value !== 'string') throw new MynaPortalProtocolError(`${what}: ${field} is missing`);
    try {
      return new URL(value).toString();
    } catch {
      throw new MynaPortalProtocolError(`${what}: ${field} is not an address`);
    }
  };
  const issuer = typeof body.issuer === 'string' ? body.issuer.replace(/\/$/, '') : undefined;
  if (issuer !== config.baseUrl) throw new MynaPortalProtocolError(`${what}: issuer ${String(body.issuer)} is not ${config.baseUrl}`);
  const methods = body.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256'))
    throw new MynaPortalProtocolError(`${what}: the portal does not support PKCE S256`);
  const metadata: MynaPortalMetadata = {
    issuer: body.issuer as string,
    authorizationEndpoint: url('authorization_endpoint'),
    tokenEndpoint: url('token_endpoint'),
    jwksUri: url('jwks_uri'),
    checkupsEndpoint: url('checkups_endpoint'),
    medicinesEndpoint: url('medicines_endpoint'),
    medicalBillsEndpoint: url('medical_bills_endpoint'),
  };
  return metadata;
}

/** Forgets what discovery found (tests that restart a fake on the same address). */
export function forgetMynaPortalMetadata(): void {
  cache.clear();
}
