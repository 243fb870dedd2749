import { createHmac, timingSafeEqual } from 'node:crypto';

/*
 * The City OS opt-in link's signature: HMAC-SHA256, keyed with the secret the partner shares,
 * over the link's parameters in a canonical form (names sorted, each `name=value` percent-encoded,
 * joined with `&`), hex in `sig`. The partner recomputes it and refuses a link whose parameters
 * were changed, and one past its `exp` (Unix seconds).
 */

export type OptInParams = Record<string, string>;

export function canonicalize(params: OptInParams): string {
  return Object.keys(params)
    .filter((name) => name !== 'sig')
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(params[name]!)}`)
    .join('&');
}

export function signOptIn(params: OptInParams, secret: string): string {
  return createHmac('sha256', secret).update(canonicalize(params)).digest('hex');
}

export type OptInCheck = { ok: true } | { ok: false; reason: 'signature' | 'expired' | 'client' | 'missing' };

/** Checks a received link: every field present, the client known, the signature right, not expired. */
export function verifyOptIn(params: OptInParams, options: { secret: string; clientId: string; nowSeconds: number }): OptInCheck {
  for (const name of ['client_id', 'subject', 'nonce', 'exp', 'return_to', 'sig'])
    if (!params[name]) return { ok: false, reason: 'missing' };
  if (params.client_id !== options.clientId) return { ok: false, reason: 'client' };
  const expected = Buffer.from(signOptIn(params, options.secret), 'hex');
  const given = Buffer.from(params.sig!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'signature' };
  if (!/^\d+$/.test(params.exp!) || Number(params.exp) <= options.nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true };
}
