import type { FastifyInstance } from 'fastify';
import { and, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { announcements, articles, enquetes, notificationFanouts } from '../db/schema';
import { articleDue } from './articles';
import { registerIntervalJob } from '../platform/jobs';
import { fanOutBatch, fanoutLag, openFanouts, startFanouts, type Fanout } from '../platform/notification-mail';

/** Members per fan-out batch (one transaction: their deliveries and mails in one statement each). */
export const FANOUT_BATCH = 2000;

/** An announcement inside its publish window. */
const announcementDue = (now: Date) =>
  and(
    isNotNull(announcements.publishedAt),
    lte(announcements.publishFrom, now),
    or(isNull(announcements.publishUntil), gt(announcements.publishUntil, now)),
  )!;

/** An enquete published and open. */
const enqueteDue = (now: Date) =>
  and(isNotNull(enquetes.publishedAt), lte(enquetes.publishedAt, now), or(isNull(enquetes.closesAt), gt(enquetes.closesAt, now)))!;

/**
 * One mail per member for each announcement and health article now inside its publish window and
 * each enquete now open, to members of its association (site-wide announcements: everyone) whose お知らせ setting is
 * on, with a verified address, who signed up before the item was published.
 *
 * From what changed (issue 28): an item that entered its window gets a fan-out row once; each
 * unfinished fan-out is walked over its audience in keyset batches until done. A pass with nothing
 * new reads the items in their window against the fan-outs (by primary key) and the unfinished
 * fan-outs (a partial index): it never joins members with items. Who may be mailed is judged when
 * the fan-out reaches the member.
 */
export async function runContentNotifications(
  db: Database,
  now: Date,
  publicUrl: string,
  options: { batch?: number } = {},
): Promise<{ sent: number }> {
  await startFanouts(
    db,
    sql`select 'announcement', ${announcements.id}, ${announcements.associationId}, ${announcements.publishFrom}, ${now.toISOString()}::timestamptz
        from ${announcements}
        where ${announcementDue(now)}
          and not exists (select 1 from ${notificationFanouts} f where f.kind = 'announcement' and f.item_id = ${announcements.id})
        union all
        select 'enquete', ${enquetes.id}, ${enquetes.associationId}, ${enquetes.publishedAt}, ${now.toISOString()}::timestamptz
        from ${enquetes}
        where ${enqueteDue(now)}
          and not exists (select 1 from ${notificationFanouts} f where f.kind = 'enquete' and f.item_id = ${enquetes.id})
        union all
        select 'article', ${articles.id}, ${articles.associationId}, ${articles.publishFrom}, ${now.toISOString()}::timestamptz
        from ${articles}
        where ${articleDue(now)}
          and not exists (select 1 from ${notificationFanouts} f where f.kind = 'article' and f.item_id = ${articles.id})`,
  );
  const open = await openFanouts(db, ['announcement', 'enquete', 'article']);
  if (open.length === 0) return { sent: 0 };
  const mails = await mailsFor(db, open, now, publicUrl);
  let sent = 0;
  for (const fanout of open) {
    const mail = mails.get(fanout.itemId);
    for (let done = false; !done;) {
      // An item withdrawn or closed meanwhile: the rest of its audience is not mailed.
      const result = await fanOutBatch(db, fanout, mail ?? { subject: '', lines: [] }, {
        publicUrl,
        now,
        batch: mail ? (options.batch ?? FANOUT_BATCH) : 0,
      });
      sent += result.sent;
      done = result.done;
    }
  }
  return { sent };
}

/** Each open fan-out's mail (subject and lines), read once per pass; an item no longer due has none. */
async function mailsFor(
  db: Database,
  open: Fanout[],
  now: Date,
  publicUrl: string,
): Promise<Map<string, { subject: string; lines: string[] }>> {
  const ids = (kind: Fanout['kind']) => open.filter((fanout) => fanout.kind === kind).map((fanout) => fanout.itemId);
  const mails = new Map<string, { subject: string; lines: string[] }>();
  if (ids('announcement').length > 0) {
    const rows = await db
      .select({ id: announcements.id, title: announcements.title })
      .from(announcements)
      .where(and(inArray(announcements.id, ids('announcement')), announcementDue(now)));
    for (const row of rows)
      mails.set(row.id, {
        subject: '新しいお知らせ',
        lines: ['新しいお知らせがあります。', '', `「${row.title}」`, '', `お知らせを読む: ${publicUrl}/announcements/${row.id}`],
      });
  }
  if (ids('enquete').length > 0) {
    const rows = await db
      .select({ id: enquetes.id, title: enquetes.title })
      .from(enquetes)
      .where(and(inArray(enquetes.id, ids('enquete')), enqueteDue(now)));
    for (const row of rows)
      mails.set(row.id, {
        subject: 'アンケートのお願い',
        lines: [
          '新しいアンケートのご協力をお願いします。',
          '',
          `「${row.title}」`,
          '',
          `アンケートに回答する: ${publicUrl}/enquetes/${row.id}`,
        ],
      });
  }
  if (ids('article').length > 0) {
    const rows = await db
      .select({ id: articles.id, title: articles.title })
      .from(articles)
      .where(and(inArray(articles.id, ids('article')), articleDue(now)));
    for (const row of rows)
      mails.set(row.id, {
        subject: '新しい健康記事',
        lines: ['新しい健康記事が公開されました。', '', `「${row.title}」`, '', `記事を読む: ${publicUrl}/articles/${row.id}`],
      });
  }
  return mails;
}

/** Every NOTIFICATIONS_EVERY_MINUTES (0: off), one instance per period (the job's lease); the delivery key sends once anyway. */
export function registerContentNotifications(app: FastifyInstance, deps: { config: Config; db: Database; now: () => Date }): void {
  registerIntervalJob(app, {
    name: 'content-notifications',
    everyMs: deps.config.notifications.everyMs,
    db: deps.db,
    now: deps.now,
    lag: () => fanoutLag(deps.db),
    pass: async () => {
      const result = await runContentNotifications(deps.db, deps.now(), deps.config.publicUrl);
      if (result.sent > 0) app.log.info(result, 'content notifications');
    },
  });
}
