// The member's own data key for My Number data, and what is derived from it: every sealed value of
// the area (tokens, records) is encrypted with it, and the portal's record ids are kept as HMACs
// keyed from it. The key is stored wrapped by the configured keyring (DATA_ENCRYPTION_KEY), so
// rotating that key re-wraps one value per member (rewrapMynaDataKeys) and never touches the
// records; removing the member's data deletes the wrapped key with it (crypto-shredding).
import { createHash, createHmac, hkdfSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mynaDataKeys } from '../db/schema';
import {
  configuredKeyring,
  decryptString,
  encrypt,
  generateDataKey,
  keyringForDataKey,
  needsReencryption,
  unwrapDataKey,
  wrapDataKey,
  type DataKey,
  type Keyring,
} from '../platform/crypto';

/** The configured keyring (DATA_ENCRYPTION_KEY and the previous keys). */
export { configuredKeyring };

const wrapContext = (userId: string) => `myna_data_keys:${userId}`;

/** The places a value is sealed for: a value copied to another column or row does not open. */
export type SealedColumn =
  | 'myna_links.subject'
  | 'myna_links.access_token'
  | 'myna_links.refresh_token'
  | 'myna_medical_exams.payload'
  | 'myna_dispensings.payload'
  | 'myna_medical_bills.payload'
  | 'myna_medical_receipts.payload';

/** A member's unwrapped data key with what the area does with it. */
export class MemberKey {
  private readonly ring: Keyring;
  private readonly hmacKey: Buffer;

  constructor(key: DataKey) {
    this.ring = keyringForDataKey(key);
    // A separate key for the natural keys, derived so the encryption key itself never keys an HMAC.
    this.hmacKey = Buffer.from(hkdfSync('sha256', key.key, Buffer.alloc(0), 'sukoyaka myna natural key', 32));
  }

  seal(column: SealedColumn, rowId: string, value: string): string {
    return encrypt(this.ring, value, `${column}:${rowId}`);
  }

  open(column: SealedColumn, rowId: string, envelope: string): string {
    return decryptString(this.ring, envelope, `${column}:${rowId}`);
  }

  sealJson(column: SealedColumn, rowId: string, value: unknown): string {
    return this.seal(column, rowId, JSON.stringify(value));
  }

  openJson<T>(column: SealedColumn, rowId: string, envelope: string): T {
    return JSON.parse(this.open(column, rowId, envelope)) as T;
  }

  /** The stored form of a portal record id: the same id gives the same key for this member only. */
  naturalKey(kind: 'exam' | 'dispensing' | 'bill', portalId: string): string {
    return createHmac('sha256', this.hmacKey).update(`${kind}\u0000${portalId}`, 'utf8').digest('base64url');
  }
}

/** The member's data key, or null when the member has none (nothing linked or imported, or removed). */
export async function findMemberKey(db: Executor, userId: string): Promise<MemberKey | null> {
  const [row] = await db.select().from(mynaDataKeys).where(eq(mynaDataKeys.userId, userId));
  return row ? new MemberKey(unwrapDataKey(configuredKeyring(), row.wrappedKey, wrapContext(userId))) : null;
}

/** The member's data key, made (and stored wrapped) the first time it is needed. */
export async function memberKeyFor(db: Executor, userId: string, now: Date): Promise<MemberKey> {
  const existing = await findMemberKey(db, userId);
  if (existing) return existing;
  const key = generateDataKey();
  const inserted = await db
    .insert(mynaDataKeys)
    .values({ userId, wrappedKey: wrapDataKey(configuredKeyring(), key, wrapContext(userId)), createdAt: now })
    .onConflictDoNothing()
    .returning({ userId: mynaDataKeys.userId });
  // Another request made one at the same moment: use theirs.
  if (inserted.length === 0) return (await findMemberKey(db, userId))!;
  return new MemberKey(key);
}

/**
 * Key rotation: the data keys wrapped by an older configured key are wrapped again by the current
 * one (the records sealed with each data key stay as they are). Returns how many were re-wrapped.
 */
export async function rewrapMynaDataKeys(db: Executor, ring: Keyring = configuredKeyring()): Promise<number> {
  let count = 0;
  for (const row of await db.select().from(mynaDataKeys)) {
    if (!needsReencryption(ring, row.wrappedKey)) continue;
    const key = unwrapDataKey(ring, row.wrappedKey, wrapContext(row.userId));
    await db
      .update(mynaDataKeys)
      .set({ wrappedKey: wrapDataKey(ring, key, wrapContext(row.userId)) })
      .where(eq(mynaDataKeys.userId, row.userId));
    count += 1;
  }
  return count;
}

/** Only hashes of the authorization's state and nonce are stored. */
export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');
