import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encryption at rest: AES-256-GCM, a fresh random 96-bit IV per value, and a versioned envelope
 *
 *   v1:<keyId>:<iv>:<tag>:<ciphertext>        (each part base64url)
 *
 * so a stored value names the key that sealed it. Keys rotate by configuration: the current key
 * encrypts, every known key (current and previous) decrypts, and `needsReencryption` tells a
 * background job which values to seal again. The envelope's header (`v1:<keyId>`) and the
 * caller's optional context (e.g. `fitbit_connections.refresh_token:<row id>`) are authenticated
 * as GCM additional data, so a value copied to another column or row fails to decrypt.
 *
 * For per-member data keys (the My Number area): `generateDataKey` makes a random 256-bit key,
 * `wrapDataKey` seals it with the configured keyring (a value like any other), and
 * `keyringForDataKey` turns the unwrapped key into a keyring that `encrypt`/`decrypt` accept.
 * Destroying the wrapped key then makes that member's values unreadable (crypto-shredding).
 */

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

export interface DataKey {
  /** A short name stored in each envelope: here the key's fingerprint, so no id needs configuring. */
  id: string;
  key: Buffer;
}

export interface Keyring {
  /** Encrypts every new value. */
  current: DataKey;
  /** Every key that may still be named by stored values, the current one included. */
  keys: ReadonlyMap<string, DataKey>;
}

/** A value could not be decrypted: malformed, tampered with, sealed for another context, or by an unknown key. */
export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptionError';
  }
}

/** A short, non-secret fingerprint of a key (the first 8 bytes of its SHA-256, base64url). */
export function keyId(key: Buffer): string {
  return createHash('sha256').update(key).digest().subarray(0, 8).toString('base64url');
}

function dataKey(key: Buffer): DataKey {
  if (key.length !== KEY_BYTES) throw new Error(`an encryption key must be ${KEY_BYTES} bytes (got ${key.length})`);
  return { id: keyId(key), key };
}

/** Parses a configured key: 32 bytes in base64 (standard or url-safe alphabet). */
export function parseKey(encoded: string): DataKey {
  const trimmed = encoded.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) throw new Error('an encryption key must be base64');
  return dataKey(Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
}

export function createKeyring(current: DataKey, previous: DataKey[] = []): Keyring {
  const keys = new Map<string, DataKey>();
  for (const key of [current, ...previous]) keys.set(key.id, key);
  return { current, keys };
}

/**
 * Only for development and tests: a fixed key derived from a public label. Anything it sealed is
 * readable by anyone with this source, which is why production refuses to start without a key.
 */
export const DEVELOPMENT_KEY: DataKey = dataKey(
  createHash('sha256').update('sukoyaka development data key (never for production)').digest(),
);

/**
 * The keyring from configuration: `DATA_ENCRYPTION_KEY` (the current key, 32 bytes base64) and
 * `DATA_ENCRYPTION_PREVIOUS_KEYS` (comma-separated, still accepted for decryption during a
 * rotation). Without a key, production throws and other environments use `DEVELOPMENT_KEY`.
 */
export function keyringFromEnv(env: NodeJS.ProcessEnv = process.env): Keyring {
  const configured = env.DATA_ENCRYPTION_KEY?.trim();
  if (!configured && env.NODE_ENV === 'production') throw new Error('DATA_ENCRYPTION_KEY is required in production');
  const current = configured ? parseKey(configured) : DEVELOPMENT_KEY;
  const previous = (env.DATA_ENCRYPTION_PREVIOUS_KEYS ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map(parseKey);
  return createKeyring(current, previous);
}

let configured: Keyring | undefined;
/** The configured keyring (read from the environment once): what the platform seals its own values with. */
export const configuredKeyring = (): Keyring => (configured ??= keyringFromEnv());

function additionalData(header: string, context: string | undefined): Buffer {
  // Length-prefixing the context keeps (header, context) pairs unambiguous.
  const ctx = Buffer.from(context ?? '', 'utf8');
  return Buffer.concat([Buffer.from(`${header}|${ctx.length}|`, 'utf8'), ctx]);
}

/** Seals a value with the keyring's current key; `context` binds it to where it is stored. */
export function encrypt(keyring: Keyring, plaintext: string | Buffer, context?: string): string {
  const { id, key } = keyring.current;
  const header = `${VERSION}:${id}`;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(additionalData(header, context));
  const body = Buffer.concat([cipher.update(typeof plaintext === 'string' ? Buffer.from(plaintext, 'utf8') : plaintext), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [header, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join(':');
}

interface ParsedEnvelope {
  header: string;
  keyId: string;
  iv: Buffer;
  tag: Buffer;
  body: Buffer;
}

function parseEnvelope(envelope: string): ParsedEnvelope {
  const parts = envelope.split(':');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new DecryptionError('not a v1 envelope');
  const [version, id, iv, tag, body] = parts as [string, string, string, string, string];
  const b64url = /^[A-Za-z0-9_-]*$/;
  if (![id, iv, tag, body].every((part) => b64url.test(part))) throw new DecryptionError('malformed envelope');
  const parsed = {
    header: `${version}:${id}`,
    keyId: id,
    iv: Buffer.from(iv, 'base64url'),
    tag: Buffer.from(tag, 'base64url'),
    body: Buffer.from(body, 'base64url'),
  };
  if (parsed.iv.length !== IV_BYTES || parsed.tag.length !== TAG_BYTES) throw new DecryptionError('malformed envelope');
  return parsed;
}

/** Opens a value sealed by any key of the keyring; throws DecryptionError on any failure. */
export function decrypt(keyring: Keyring, envelope: string, context?: string): Buffer {
  const parsed = parseEnvelope(envelope);
  const key = keyring.keys.get(parsed.keyId);
  if (!key) throw new DecryptionError('sealed by an unknown key');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, parsed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(additionalData(parsed.header, context));
    decipher.setAuthTag(parsed.tag);
    return Buffer.concat([decipher.update(parsed.body), decipher.final()]);
  } catch {
    throw new DecryptionError('the value failed authentication');
  }
}

export function decryptString(keyring: Keyring, envelope: string, context?: string): string {
  return decrypt(keyring, envelope, context).toString('utf8');
}

/** True when the value was sealed by a key other than the current one (a rotation job re-seals it). */
export function needsReencryption(keyring: Keyring, envelope: string): boolean {
  return parseEnvelope(envelope).keyId !== keyring.current.id;
}

/** Opens a value with any known key and seals it again with the current one. */
export function reencrypt(keyring: Keyring, envelope: string, context?: string): string {
  return encrypt(keyring, decrypt(keyring, envelope, context), context);
}

/** A fresh random 256-bit data key (e.g. one per member), to be stored only wrapped. */
export function generateDataKey(): DataKey {
  return dataKey(randomBytes(KEY_BYTES));
}

/** Seals a data key with the configured keyring; `context` should name its owner (e.g. the member id). */
export function wrapDataKey(keyring: Keyring, key: DataKey, context?: string): string {
  return encrypt(keyring, key.key, `data-key|${context ?? ''}`);
}

export function unwrapDataKey(keyring: Keyring, wrapped: string, context?: string): DataKey {
  const raw = decrypt(keyring, wrapped, `data-key|${context ?? ''}`);
  if (raw.length !== KEY_BYTES) throw new DecryptionError('the wrapped value is not a data key');
  return dataKey(raw);
}

/** A keyring of one data key, for `encrypt`/`decrypt` of the values that key protects. */
export function keyringForDataKey(key: DataKey): Keyring {
  return createKeyring(key);
}
