import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';
import { decryptString, encrypt, keyringFromEnv, type Keyring } from '../platform/crypto';

// The operators' second factor: TOTP (RFC 6238) as every authenticator app reads it — SHA-1,
// six digits, 30-second steps — through otpauth. Secrets are sealed at rest, bound to their row.

export const TOTP_ISSUER = 'すこやか運営';
const PERIOD_SECONDS = 30;
/** A code of the step before or after is accepted too (clock drift of a phone). */
const WINDOW = 1;

let keyring: Keyring | undefined;
const ring = () => (keyring ??= keyringFromEnv());

type Column = 'operators.totp_secret' | 'operator_sessions.pending_totp_secret';
export const sealSecret = (column: Column, rowId: string, secret: string) => encrypt(ring(), secret, `${column}:${rowId}`);
export const unsealSecret = (column: Column, rowId: string, envelope: string) => decryptString(ring(), envelope, `${column}:${rowId}`);

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, email: string): string {
  return totpFor(secret, email).toString();
}

/** The URI as a QR code, an SVG document (uqr: no canvas, no network). */
export function qrCodeSvg(uri: string): string {
  return renderSVG(uri, { ecc: 'M', border: 2 });
}

/** The code an authenticator shows at `at` (tests, the e2e journey and the development CLI compute it). */
export function totpCodeAt(secret: string, at: Date): string {
  return totpFor(secret, 'code').generate({ timestamp: at.getTime() });
}

/**
 * The time step the code belongs to, or null when it matches none in the window. The caller
 * refuses a step not after the last one accepted, so a code is good once.
 */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  const delta = totpFor(secret, 'code').validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta === null) return null;
  return Math.floor(at.getTime() / 1000 / PERIOD_SECONDS) + delta;
}
