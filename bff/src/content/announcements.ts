import type { Announcement, CallOutput } from '@sukoyaka/contract';
import { and, count, desc, eq, gt, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { announcementReads, announcements } from '../db/schema';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import { notFound } from '../platform/errors';
import type { Member } from '../platform/handlers';

type Row = typeof announcements.$inferSelect;

/**
 * What a member may see at `now`: published, inside its window, and site-wide or their own
 * association's. Another association's announcement is as absent as one that does not exist.
 */
export function visibleTo(associationId: string | null, now: Date, scope?: SQL): SQL {
  return and(
    isNotNull(announcements.publishedAt),
    lte(announcements.publishFrom, now),
    or(isNull(announcements.publishUntil), gt(announcements.publishUntil, now)),
    scope ??
      (associationId
        ? or(isNull(announcements.associationId), eq(announcements.associationId, associationId))
        : isNull(announcements.associationId)),
  )!;
}

export const toAnnouncement = (row: Row, readAt: Date | null): Announcement => ({
  id: row.id,
  title: row.title,
  category: row.category,
  body: row.body,
  linkPath: row.linkPath,
  linkLabel: row.linkPath ? (row.linkLabel ?? '詳しく見る') : null,
  siteWide: row.associationId === null,
  publishedAt: row.publishFrom.toISOString(),
  readAt: readAt ? readAt.toISOString() : null,
});

export async function countUnread(db: Executor, member: Member, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(announcements)
    .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, member.id)))
    .where(and(visibleTo(member.associationId, now), isNull(announcementReads.userId)));
  return row?.value ?? 0;
}

export async function listAnnouncements(
  db: Executor,
  member: Member,
  input: { cursor?: string | undefined; limit: number },
  now: Date,
): Promise<CallOutput<'listAnnouncements'>> {
  // Newest first by the time it became visible; the cursor is that time and the id. The
  // association's and the site-wide announcements are each one ordered index range
  // (announcements_association_publish_idx, announcements_site_wide_publish_idx): a page of each,
  // merged here, instead of sorting every visible announcement for each page.
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rangeOf = (scope: SQL) =>
    db
      .select({ announcement: announcements, readAt: announcementReads.readAt })
      .from(announcements)
      .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, member.id)))
      .where(and(visibleTo(null, now, scope), after ? keysetBefore(announcements.publishFrom, announcements.id, after) : sql`true`))
      .orderBy(desc(announcements.publishFrom), desc(announcements.id))
      .limit(input.limit + 1);
  const ranges = [await rangeOf(isNull(announcements.associationId))];
  if (member.associationId) ranges.push(await rangeOf(eq(announcements.associationId, member.associationId)));
  const rows = ranges
    .flat()
    .sort(
      (a, b) =>
        b.announcement.publishFrom.getTime() - a.announcement.publishFrom.getTime() ||
        (b.announcement.id < a.announcement.id ? -1 : b.announcement.id > a.announcement.id ? 1 : 0),
    )
    .slice(0, input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.announcement.publishFrom, id: row.announcement.id }));
  return {
    items: page.rows.map((row) => toAnnouncement(row.announcement, row.readAt)),
    nextCursor: page.nextCursor,
    unreadCount: await countUnread(db, member, now),
  };
}

/** Marks it read once: a second read keeps the first time (idempotent). */
export async function readAnnouncement(db: Executor, member: Member, announcementId: string, now: Date): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, announcementId.toLowerCase()), visibleTo(member.associationId, now)));
    if (!row) throw notFound('お知らせが見つかりませんでした。');
    await tx.insert(announcementReads).values({ userId: member.id, announcementId: row.id, readAt: now }).onConflictDoNothing();
    const [read] = await tx
      .select({ readAt: announcementReads.readAt })
      .from(announcementReads)
      .where(and(eq(announcementReads.userId, member.id), eq(announcementReads.announcementId, row.id)));
    return toAnnouncement(row, read?.readAt ?? now);
  });
}
