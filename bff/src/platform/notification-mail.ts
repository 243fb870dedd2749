import { createHmac, timingSafeEqual } from 'node:crypto';
import { pagePaths } from '@sukoyaka/contract';
import { and, isNotNull, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { notificationDeliveries, notificationSettings, users } from '../db/schema';
import { enqueueMail } from './outbox';
import { keyringFromEnv } from './crypto';

/*
 * The notification mails (issue 14): who may get one, the exactly-once delivery record, and the
 * signed unsubscribe token. Shared by the content area (announcements, enquetes) and the
 * incentives area (expiring points); the account area turns a category off with the token.
 */

export type DeliveryKind = 'announcement' | 'enquete' | 'points_expiry';

/** The member's stored setting that decides each kind (settings.ts: no row means on). */
export const categoryOfKind = { announcement: 'announcements', enquete: 'announcements', points_expiry: 'points' } as const;
export type UnsubscribeCategory = (typeof categoryOfKind)[DeliveryKind];

export const UNSUBSCRIBE_PATH = pagePaths.notificationUnsubscribe;

/** Members who may be mailed about this category now: a verified address, not suspended, the category on. */
export function mayBeNotified(category: UnsubscribeCategory): SQL {
  return and(
    isNotNull(users.emailVerifiedAt),
    isNull(users.suspendedAt),
    notExists(
      sql`(select 1 from ${notificationSettings} where ${notificationSettings.userId} = ${users.id} and ${notificationSettings.category} = ${category} and ${notificationSettings.enabled} = false)`,
    ),
  )!;
}

/** Association content reaches that association's members; site-wide content (null) everyone. */
export function inAudience(associationId: SQL | unknown): SQL {
  return or(sql`${associationId} is null`, sql`${users.associationId} = ${associationId}`)!;
}

// The signing key is derived from the data key (DATA_ENCRYPTION_KEY), so no further secret is
// needed; links signed before a key rotation keep working while the old key is listed as previous.
function signature(payload: string, dataKey: Buffer): string {
  const key = createHmac('sha256', dataKey).update('sukoyaka notification unsubscribe token v1').digest();
  return createHmac('sha256', key).update(payload).digest('base64url');
}

/** `<member id>.<category>.<HMAC-SHA256>`: names the member and the category; no expiry (a mail is kept for years). */
export function unsubscribeToken(userId: string, category: UnsubscribeCategory): string {
  const payload = `${userId}.${category}`;
  return `${payload}.${signature(payload, keyringFromEnv().current.key)}`;
}

export function verifyUnsubscribeToken(token: string): { userId: string; category: UnsubscribeCategory } | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [userId, category, given] = parts as [string, string, string];
  if (category !== 'announcements' && category !== 'points') return null;
  if (!/^[0-9a-f-]{36}$/.test(userId)) return null;
  const actual = Buffer.from(given);
  for (const { key } of keyringFromEnv().keys.values()) {
    const expected = Buffer.from(signature(`${userId}.${category}`, key));
    if (expected.length === actual.length && timingSafeEqual(expected, actual)) return { userId, category };
  }
  return null;
}

export function unsubscribeUrl(publicUrl: string, userId: string, category: UnsubscribeCategory): string {
  return `${publicUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(userId, category))}`;
}

const SIGNATURE = ['', '――', 'すこやか', '※このメールは送信専用です。ご返信いただいてもお答えできません。'];

/**
 * Records the delivery and enqueues the mail in one transaction; when the (member, kind, item)
 * is already recorded (an earlier pass, another instance) nothing is sent. Returns whether it sent.
 */
export async function deliverNotification(
  db: Database,
  input: {
    userId: string;
    email: string;
    kind: DeliveryKind;
    itemId: string;
    subject: string;
    lines: string[];
    publicUrl: string;
    now: Date;
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(notificationDeliveries)
      .values({ userId: input.userId, kind: input.kind, itemId: input.itemId, createdAt: input.now })
      .onConflictDoNothing()
      .returning({ userId: notificationDeliveries.userId });
    if (inserted.length === 0) return false;
    const category = categoryOfKind[input.kind];
    const text = [
      ...input.lines,
      '',
      'このお知らせのメールが不要な場合は、次のページから配信を停止できます（ログインは不要です）。',
      unsubscribeUrl(input.publicUrl, input.userId, category),
      ...SIGNATURE,
    ].join('\n');
    await enqueueMail(
      tx,
      { to: input.email, subject: `【すこやか】${input.subject}`, text },
      { kind: `notification_${input.kind}`, now: input.now },
    );
    return true;
  });
}

/** Whether a (member, kind, item) was already delivered — lets a pass skip known ones cheaply. */
export function notDelivered(kind: DeliveryKind, itemId: SQL): SQL {
  return notExists(
    sql`(select 1 from ${notificationDeliveries} where ${notificationDeliveries.userId} = ${users.id} and ${notificationDeliveries.kind} = ${kind} and ${notificationDeliveries.itemId} = ${itemId})`,
  );
}
