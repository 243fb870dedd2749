import type { FastifyInstance } from 'fastify';
import { and, asc, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { announcements, enquetes, users } from '../db/schema';
import { registerIntervalJob } from '../platform/jobs';
import { deliverNotification, inAudience, mayBeNotified, notDelivered } from '../platform/notification-mail';

/** Pairs handled per pass and kind; the rest follow at the next pass. */
const BATCH = 500;

/**
 * One mail per member for each announcement now inside its publish window and each enquete now
 * open, to members of its association (site-wide announcements: everyone) whose お知らせ setting is
 * on, with a verified address, who signed up before the item was published.
 */
export async function runContentNotifications(db: Database, now: Date, publicUrl: string): Promise<{ sent: number }> {
  let sent = 0;
  const dueAnnouncements = await db
    .select({ userId: users.id, email: users.email, itemId: announcements.id, title: announcements.title })
    .from(announcements)
    .innerJoin(users, inAudience(announcements.associationId))
    .where(
      and(
        isNotNull(announcements.publishedAt),
        lte(announcements.publishFrom, now),
        or(isNull(announcements.publishUntil), gt(announcements.publishUntil, now)),
        lte(users.createdAt, announcements.publishFrom),
        mayBeNotified('announcements'),
        notDelivered('announcement', sql`${announcements.id}::text`),
      ),
    )
    .orderBy(asc(announcements.publishFrom), asc(users.id))
    .limit(BATCH);
  for (const row of dueAnnouncements) {
    const lines = ['新しいお知らせがあります。', '', `「${row.title}」`, '', `お知らせを読む: ${publicUrl}/announcements/${row.itemId}`];
    if (await deliverNotification(db, { ...row, kind: 'announcement', subject: '新しいお知らせ', lines, publicUrl, now })) sent += 1;
  }
  const openEnquetes = await db
    .select({ userId: users.id, email: users.email, itemId: enquetes.id, title: enquetes.title })
    .from(enquetes)
    .innerJoin(users, sql`${users.associationId} = ${enquetes.associationId}`)
    .where(
      and(
        isNotNull(enquetes.publishedAt),
        lte(enquetes.publishedAt, now),
        or(isNull(enquetes.closesAt), gt(enquetes.closesAt, now)),
        lte(users.createdAt, enquetes.publishedAt),
        mayBeNotified('announcements'),
        notDelivered('enquete', sql`${enquetes.id}::text`),
      ),
    )
    .orderBy(asc(enquetes.publishedAt), asc(users.id))
    .limit(BATCH);
  for (const row of openEnquetes) {
    const lines = [
      '新しいアンケートのご協力をお願いします。',
      '',
      `「${row.title}」`,
      '',
      `アンケートに回答する: ${publicUrl}/enquetes/${row.itemId}`,
    ];
    if (await deliverNotification(db, { ...row, kind: 'enquete', subject: 'アンケートのお願い', lines, publicUrl, now })) sent += 1;
  }
  return { sent };
}

/** Every NOTIFICATIONS_EVERY_MINUTES (0: off). Safe on two instances: the delivery key sends once. */
export function registerContentNotifications(app: FastifyInstance, deps: { config: Config; db: Database; now: () => Date }): void {
  registerIntervalJob(app, {
    name: 'content-notifications',
    everyMs: deps.config.notifications.everyMs,
    pass: async () => {
      const result = await runContentNotifications(deps.db, deps.now(), deps.config.publicUrl);
      if (result.sent > 0) app.log.info(result, 'content notifications');
    },
  });
}
