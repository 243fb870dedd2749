import type { AnnouncementState, CallOutput, OperatorAnnouncement, ParsedInput } from '@sukoyaka/contract';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { announcementReads, announcements } from '../db/schema';
import { decodeCursor, keysetBefore, keysetPage } from '../platform/cursor';
import { notFound } from '../platform/errors';
import { auditOperator } from '../platform/operators';
import type { OperatorContext } from './operator-context';

type Row = typeof announcements.$inferSelect;

export function announcementState(row: Row, now: Date): AnnouncementState {
  if (!row.publishedAt) return 'draft';
  if (row.publishFrom > now) return 'scheduled';
  if (row.publishUntil && row.publishUntil <= now) return 'expired';
  return 'published';
}

const toOperatorAnnouncement = (row: Row, readCount: number, now: Date): OperatorAnnouncement => ({
  id: row.id,
  title: row.title,
  category: row.category,
  body: row.body,
  linkPath: row.linkPath,
  linkLabel: row.linkLabel,
  publishFrom: row.publishFrom.toISOString(),
  publishUntil: row.publishUntil?.toISOString() ?? null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  state: announcementState(row, now),
  readCount,
  updatedAt: row.updatedAt.toISOString(),
});

async function readCounts(db: Executor, ids: string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: announcementReads.announcementId, value: count() })
    .from(announcementReads)
    .where(inArray(announcementReads.announcementId, ids))
    .groupBy(announcementReads.announcementId);
  return new Map(rows.map((row) => [row.id, row.value]));
}

/** The association's own announcement; another association's is as absent as a missing one. */
async function ownAnnouncement(db: Executor, associationId: string, announcementId: string, lock = false): Promise<Row> {
  const query = db
    .select()
    .from(announcements)
    .where(and(eq(announcements.id, announcementId.toLowerCase()), eq(announcements.associationId, associationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('お知らせが見つかりませんでした。');
  return row;
}

export async function listOperatorAnnouncements(
  db: Executor,
  input: ParsedInput<'listOperatorAnnouncements'>,
  now: Date,
): Promise<CallOutput<'listOperatorAnnouncements'>> {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await db
    .select()
    .from(announcements)
    .where(
      and(
        eq(announcements.associationId, input.associationId.toLowerCase()),
        after ? keysetBefore(announcements.publishFrom, announcements.id, after) : sql`true`,
      ),
    )
    .orderBy(desc(announcements.publishFrom), desc(announcements.id))
    .limit(input.limit + 1);
  const page = keysetPage(rows, input.limit, (row) => ({ at: row.publishFrom, id: row.id }));
  const counts = await readCounts(
    db,
    page.rows.map((row) => row.id),
  );
  return { items: page.rows.map((row) => toOperatorAnnouncement(row, counts.get(row.id) ?? 0, now)), nextCursor: page.nextCursor };
}

const fieldsOf = (input: ParsedInput<'createOperatorAnnouncement'> | ParsedInput<'updateOperatorAnnouncement'>) => ({
  title: input.title,
  category: input.category,
  body: input.body,
  linkPath: input.linkPath ?? null,
  linkLabel: input.linkPath ? (input.linkLabel ?? null) : null,
  publishFrom: new Date(input.publishFrom),
  publishUntil: input.publishUntil ? new Date(input.publishUntil) : null,
});

export async function createOperatorAnnouncement(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'createOperatorAnnouncement'>,
): Promise<OperatorAnnouncement> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({ associationId, ...fieldsOf(input), publishedAt: input.publish ? now : null, createdAt: now, updatedAt: now })
      .returning();
    await auditOperator(
      tx,
      actor,
      'announcement_created',
      operator.id,
      associationId,
      { announcementId: row!.id, published: input.publish },
      now,
    );
    return toOperatorAnnouncement(row!, 0, now);
  });
}

export async function updateOperatorAnnouncement(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'updateOperatorAnnouncement'>,
): Promise<OperatorAnnouncement> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await ownAnnouncement(tx, associationId, input.announcementId, true);
    const fields = fieldsOf(input);
    const [row] = await tx
      .update(announcements)
      .set({ ...fields, updatedAt: now })
      .where(eq(announcements.id, existing.id))
      .returning();
    // Which fields the edit changed (names only: the texts themselves are the announcement's).
    const comparable = (value: unknown) => (value instanceof Date ? value.getTime() : (value ?? null));
    const changed = (Object.keys(fields) as Array<keyof typeof fields>).filter(
      (key) => comparable(fields[key]) !== comparable(existing[key]),
    );
    await auditOperator(tx, actor, 'announcement_updated', operator.id, associationId, { announcementId: existing.id, changed }, now);
    return toOperatorAnnouncement(row!, (await readCounts(tx, [existing.id])).get(existing.id) ?? 0, now);
  });
}

export async function publishOperatorAnnouncement(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'publishOperatorAnnouncement'>,
): Promise<OperatorAnnouncement> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const existing = await ownAnnouncement(tx, associationId, input.announcementId, true);
    let row = existing;
    // Only a change of state is written and audited: publishing twice keeps the first time.
    if (Boolean(existing.publishedAt) !== input.published) {
      [row] = (await tx
        .update(announcements)
        .set({ publishedAt: input.published ? now : null, updatedAt: now })
        .where(eq(announcements.id, existing.id))
        .returning()) as [Row];
      await auditOperator(
        tx,
        actor,
        input.published ? 'announcement_published' : 'announcement_unpublished',
        operator.id,
        associationId,
        { announcementId: existing.id },
        now,
      );
    }
    return toOperatorAnnouncement(row, (await readCounts(tx, [existing.id])).get(existing.id) ?? 0, now);
  });
}
