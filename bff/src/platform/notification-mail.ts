import { createHmac, timingSafeEqual } from 'node:crypto';
import { pagePaths } from '@sukoyaka/contract';
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, lte, min, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { notificationDeliveries, notificationFanouts, notificationSettings, users } from '../db/schema';
import { BULK_PRIORITY, enqueueMails } from './outbox';
import { keyringFromEnv } from './crypto';

/*
 * The notification mails (issue 14): who may get one, the exactly-once delivery record, the
 * signed unsubscribe token, and the fan-out of an item to its audience in keyset batches (issue
 * 28). Shared by the content area (announcements, enquetes) and the incentives area (expiring points); the account area turns a category off with the token.
 */

export type DeliveryKind = 'announcement' | 'enquete' | 'points_expiry' | 'article' | 'walking_start' | 'walking_team' | 'walking_result';

/** The member's stored setting that decides each kind (settings.ts: no row means on). */
export const categoryOfKind = {
  announcement: 'announcements',
  enquete: 'announcements',
  points_expiry: 'points',
  article: 'announcements',
  walking_start: 'walking',
  walking_team: 'walking',
  walking_result: 'walking',
} as const;
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
  if (category !== 'announcements' && category !== 'points' && category !== 'walking') return null;
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

/** A notification mail's body: its lines, the member's own unsubscribe link, the signature. */
export function notificationText(input: { userId: string; kind: DeliveryKind; lines: string[]; publicUrl: string }): string {
  return [
    ...input.lines,
    '',
    'このお知らせのメールが不要な場合は、次のページから配信を停止できます（ログインは不要です）。',
    unsubscribeUrl(input.publicUrl, input.userId, categoryOfKind[input.kind]),
    ...SIGNATURE,
  ].join('\n');
}

export interface NotificationMail {
  userId: string;
  email: string;
  itemId: string;
  subject: string;
  lines: string[];
}

/**
 * Records the deliveries of one kind and enqueues a mail for each new one, in the transaction it
 * is given, in two statements (the deliveries, then the outbox rows): a (member, kind, item)
 * already recorded (an earlier pass, another instance) sends nothing. Answers how many it sent.
 */
export async function deliverNotifications(
  tx: Executor,
  kind: DeliveryKind,
  mails: NotificationMail[],
  options: { publicUrl: string; now: Date },
): Promise<number> {
  if (mails.length === 0) return 0;
  const inserted = await tx
    .insert(notificationDeliveries)
    .values(mails.map((mail) => ({ userId: mail.userId, kind, itemId: mail.itemId, createdAt: options.now })))
    .onConflictDoNothing()
    .returning({ userId: notificationDeliveries.userId, itemId: notificationDeliveries.itemId });
  const fresh = new Set(inserted.map((row) => `${row.userId}|${row.itemId}`));
  const due = mails.filter((mail) => fresh.has(`${mail.userId}|${mail.itemId}`));
  await enqueueMails(
    tx,
    due.map((mail) => ({
      to: mail.email,
      subject: `【すこやか】${mail.subject}`,
      text: notificationText({ userId: mail.userId, kind, lines: mail.lines, publicUrl: options.publicUrl }),
    })),
    { kind: `notification_${kind}`, now: options.now, priority: BULK_PRIORITY },
  );
  return due.length;
}

/** Whether a (member, kind, item) was already delivered — lets a pass skip known ones cheaply. */
export function notDelivered(kind: DeliveryKind, itemId: SQL): SQL {
  return notExists(
    sql`(select 1 from ${notificationDeliveries} where ${notificationDeliveries.userId} = ${users.id} and ${notificationDeliveries.kind} = ${kind} and ${notificationDeliveries.itemId} = ${itemId})`,
  );
}

/** A fan-out in progress (notification_fanouts). */
export type Fanout = typeof notificationFanouts.$inferSelect;

/** The items of these kinds whose fan-out has not finished (a partial index; empty most of the time). */
export async function openFanouts(db: Executor, kinds: Fanout['kind'][]): Promise<Fanout[]> {
  return db
    .select()
    .from(notificationFanouts)
    .where(and(isNull(notificationFanouts.doneAt), inArray(notificationFanouts.kind, kinds)))
    .orderBy(asc(notificationFanouts.createdAt));
}

/** Starts the fan-outs of items that entered their window (a started one is not started again). */
export async function startFanouts(db: Executor, items: SQL): Promise<void> {
  await db.execute(sql`
    insert into ${notificationFanouts} (kind, item_id, association_id, cutoff, created_at)
    ${items}
    on conflict do nothing`);
}

/**
 * One batch of a fan-out, in one transaction: the next \`batch\` members of the item's audience by
 * id after the fan-out's position (an index range: the association's members, or everyone for a
 * site-wide item) who may be mailed about the category and signed up by the cutoff; their
 * deliveries and mails (deliverNotifications); the position moved past them, or the fan-out done
 * when fewer were left. Answers the mails sent and whether the fan-out is done.
 */
export async function fanOutBatch(
  db: Database,
  fanout: Fanout,
  mail: { subject: string; lines: string[] },
  options: { publicUrl: string; now: Date; batch: number },
): Promise<{ sent: number; done: boolean }> {
  return db.transaction(async (tx) => {
    const members = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        and(
          fanout.associationId === null ? undefined : eq(users.associationId, fanout.associationId),
          fanout.afterUserId === null ? undefined : gt(users.id, fanout.afterUserId),
          lte(users.createdAt, fanout.cutoff),
          mayBeNotified(categoryOfKind[fanout.kind]),
        ),
      )
      .orderBy(asc(users.id))
      .limit(options.batch);
    const sent = await deliverNotifications(
      tx,
      fanout.kind,
      members.map((member) => ({ userId: member.id, email: member.email, itemId: fanout.itemId, ...mail })),
      options,
    );
    // A batch of 0 closes the fan-out (its item was withdrawn).
    const done = members.length < Math.max(1, options.batch);
    const last = members.at(-1)?.id ?? fanout.afterUserId;
    await tx
      .update(notificationFanouts)
      .set({
        afterUserId: last,
        recipients: sql`${notificationFanouts.recipients} + ${sent}`,
        ...(done ? { doneAt: options.now } : {}),
      })
      .where(and(eq(notificationFanouts.kind, fanout.kind), eq(notificationFanouts.itemId, fanout.itemId)));
    fanout.afterUserId = last;
    return { sent, done };
  });
}

/** Fan-outs not finished, for /metrics: how many and since when the oldest waits. */
export async function fanoutLag(db: Executor): Promise<{ backlog: number; oldestAt: Date | null }> {
  const [row] = await db
    .select({ backlog: count(), oldestAt: min(notificationFanouts.createdAt) })
    .from(notificationFanouts)
    .where(isNull(notificationFanouts.doneAt));
  return { backlog: Number(row?.backlog ?? 0), oldestAt: row?.oldestAt ?? null };
}
