import { randomBytes } from 'node:crypto';
import {
  createKeyring,
  decrypt,
  decryptString,
  DecryptionError,
  DEVELOPMENT_KEY,
  encrypt,
  generateDataKey,
  keyringForDataKey,
  keyringFromEnv,
  needsReencryption,
  parseKey,
  reencrypt,
  unwrapDataKey,
  wrapDataKey,
} from '../src/platform/crypto';

const newKey = () => parseKey(randomBytes(32).toString('base64'));

/** Flips one bit of the given envelope part (1 = key id, 2 = iv, 3 = tag, 4 = ciphertext). */
function tamper(envelope: string, part: number): string {
  const parts = envelope.split(':');
  const bytes = Buffer.from(parts[part]!, 'base64url');
  bytes[0] = bytes[0]! ^ 0x01;
  parts[part] = bytes.toString('base64url');
  return parts.join(':');
}

describe('encryption at rest (AES-256-GCM envelopes)', () => {
  const keyring = createKeyring(newKey());

  test('a value round-trips, in a v1 envelope naming its key, with a fresh IV each time', () => {
    const secret = '1//0e-refresh-token-日本語';
    const first = encrypt(keyring, secret, 'fitbit_connections.refresh_token:42');
    const second = encrypt(keyring, secret, 'fitbit_connections.refresh_token:42');
    expect(first.split(':')).toHaveLength(5);
    expect(first.startsWith(`v1:${keyring.current.id}:`)).toBe(true);
    expect(first).not.toContain(secret);
    expect(first).not.toBe(second);
    expect(first.split(':')[2]).not.toBe(second.split(':')[2]);
    expect(decryptString(keyring, first, 'fitbit_connections.refresh_token:42')).toBe(secret);
    expect(decryptString(keyring, second, 'fitbit_connections.refresh_token:42')).toBe(secret);
    expect(decrypt(keyring, encrypt(keyring, Buffer.alloc(0))).length).toBe(0);
  });

  test.each([
    ['the IV', 2],
    ['the tag', 3],
    ['the ciphertext', 4],
  ])('a change to %s is refused', (_name, part) => {
    const envelope = encrypt(keyring, 'secret value');
    expect(() => decrypt(keyring, tamper(envelope, part))).toThrow(DecryptionError);
  });

  test('a truncated or malformed envelope is refused', () => {
    const envelope = encrypt(keyring, 'secret value');
    expect(() => decrypt(keyring, envelope.slice(0, -4))).toThrow(DecryptionError);
    expect(() => decrypt(keyring, envelope.split(':').slice(0, 4).join(':'))).toThrow(DecryptionError);
    expect(() => decrypt(keyring, envelope.replace(/^v1:/, 'v2:'))).toThrow(DecryptionError);
    expect(() => decrypt(keyring, 'plain text')).toThrow(DecryptionError);
  });

  test('a value moved to another context (column or row) is refused', () => {
    const envelope = encrypt(keyring, 'secret value', 'row:1');
    expect(() => decrypt(keyring, envelope, 'row:2')).toThrow(DecryptionError);
    expect(() => decrypt(keyring, envelope)).toThrow(DecryptionError);
  });

  test('the wrong key is refused, whether unknown by id or substituted under the same id', () => {
    const envelope = encrypt(keyring, 'secret value');
    expect(() => decrypt(createKeyring(newKey()), envelope)).toThrow(DecryptionError);
    const impostor = { id: keyring.current.id, key: randomBytes(32) };
    expect(() => decrypt(createKeyring(impostor), envelope)).toThrow(DecryptionError);
  });

  test('rotation: the new key encrypts, old values still decrypt and are re-sealed with the new key', () => {
    const oldKey = newKey();
    const newer = newKey();
    const before = createKeyring(oldKey);
    const sealedBefore = encrypt(before, 'token', 'ctx');

    const after = createKeyring(newer, [oldKey]);
    expect(needsReencryption(after, sealedBefore)).toBe(true);
    expect(decryptString(after, sealedBefore, 'ctx')).toBe('token');
    const sealedAfter = encrypt(after, 'token', 'ctx');
    expect(sealedAfter.split(':')[1]).toBe(newer.id);
    expect(needsReencryption(after, sealedAfter)).toBe(false);

    const resealed = reencrypt(after, sealedBefore, 'ctx');
    expect(needsReencryption(after, resealed)).toBe(false);
    // Once the old key is dropped, only re-sealed values remain readable.
    const retired = createKeyring(newer);
    expect(decryptString(retired, resealed, 'ctx')).toBe('token');
    expect(() => decrypt(retired, sealedBefore, 'ctx')).toThrow(DecryptionError);
  });

  test('configuration: DATA_ENCRYPTION_KEY and previous keys; production requires a key', () => {
    const current = randomBytes(32);
    const previous = randomBytes(32);
    const configured = keyringFromEnv({
      NODE_ENV: 'production',
      DATA_ENCRYPTION_KEY: current.toString('base64'),
      DATA_ENCRYPTION_PREVIOUS_KEYS: ` ${previous.toString('base64url')} `,
    });
    expect(configured.current.key.equals(current)).toBe(true);
    expect(configured.keys.size).toBe(2);
    const sealedWithPrevious = encrypt(createKeyring(parseKey(previous.toString('base64'))), 'x');
    expect(decryptString(configured, sealedWithPrevious)).toBe('x');

    expect(() => keyringFromEnv({ NODE_ENV: 'production' })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(keyringFromEnv({ NODE_ENV: 'development' }).current.id).toBe(DEVELOPMENT_KEY.id);
    expect(() => keyringFromEnv({ DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(/32 bytes/);
    expect(() => keyringFromEnv({ DATA_ENCRYPTION_KEY: 'not base64!' })).toThrow(/base64/);
  });

  test('per-member data keys: wrapped by the configured key, bound to their owner', () => {
    const memberKey = generateDataKey();
    const wrapped = wrapDataKey(keyring, memberKey, 'member:7');
    const sealed = encrypt(keyringForDataKey(memberKey), '123456789012', 'my_number');

    const unwrapped = unwrapDataKey(keyring, wrapped, 'member:7');
    expect(unwrapped.key.equals(memberKey.key)).toBe(true);
    expect(decryptString(keyringForDataKey(unwrapped), sealed, 'my_number')).toBe('123456789012');
    // The configured key alone cannot read what a data key sealed, nor can another member's key.
    expect(() => decrypt(keyring, sealed, 'my_number')).toThrow(DecryptionError);
    expect(() => decrypt(keyringForDataKey(generateDataKey()), sealed, 'my_number')).toThrow(DecryptionError);
    expect(() => unwrapDataKey(keyring, wrapped, 'member:8')).toThrow(DecryptionError);
    // A wrapped key survives a rotation of the configured key.
    const rotated = createKeyring(newKey(), [keyring.current]);
    expect(unwrapDataKey(rotated, wrapped, 'member:7').key.equals(memberKey.key)).toBe(true);
  });
});
