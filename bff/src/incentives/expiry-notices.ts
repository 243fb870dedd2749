import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ledgerAccounts, pointLots, pointPrograms, users } from '../db/schema';
import { advanceWatermark, readWatermark, registerIntervalJob } from '../platform/jobs';
import { deliverNotifications, mayBeNotified, notDelivered } from '../platform/notification-mail';

/** Lots expiring within this many days get their notice. */
export const EXPIRY_NOTICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;
export const EXPIRY_NOTICES_JOB = 'points-expiry-notices';
/**
 * Lots granted this long before the last pass are looked at again: a grant committed just after
 * a pass began carries a creation time before it. The delivery key keeps the second look silent.
 */
const GRANT_MARGIN_MS = 10 * 60 * 1000;

const japanDate = (at: Date) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' }).format(at);

/**
 * One notice per point lot that still has points and expires within 30 days, to its member when
 * their ポイント・コイン setting is on and the address verified; the delivery key (member, lot)
 * keeps it to one mail however often the job runs.
 *
 * From what changed (issue 28): the job's watermark is the horizon (now + 30 days) its last pass
 * covered, so a pass reads two index ranges of lots with points left: those whose expiry entered
 * the horizon since (point_lots_due_idx), and those granted since the last pass
 * (point_lots_created_idx; a short expiry may start inside the horizon).
 */
export async function runExpiryNotices(db: Database, now: Date, publicUrl: string): Promise<{ sent: number }> {
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
  const covered = await readWatermark(db, EXPIRY_NOTICES_JOB);
  const live = and(gt(pointLots.remaining, 0), gt(pointLots.expiresAt, now), lte(pointLots.expiresAt, horizon))!;
  let sent: number;
  if (!covered) sent = await noticeLots(db, live, pointLots.expiresAt, now, publicUrl);
  else {
    // Two index ranges, read one after the other (an OR would read the whole horizon).
    const lastPass = new Date(covered.getTime() - EXPIRY_NOTICE_DAYS * DAY_MS - GRANT_MARGIN_MS);
    sent = await noticeLots(db, and(live, gt(pointLots.expiresAt, covered))!, pointLots.expiresAt, now, publicUrl);
    sent += await noticeLots(db, and(live, gte(pointLots.createdAt, lastPass))!, pointLots.createdAt, now, publicUrl);
  }
  await advanceWatermark(db, EXPIRY_NOTICES_JOB, horizon, now);
  return { sent };
}

/**
 * The notices of the lots `range` selects, in keyset batches by (`order`, id) — the column of the
 * range's index, so a batch is read in index order; how many were sent.
 */
async function noticeLots(
  db: Database,
  range: SQL,
  order: typeof pointLots.expiresAt | typeof pointLots.createdAt,
  now: Date,
  publicUrl: string,
): Promise<number> {
  let sent = 0;
  let after: { at: Date; id: string } | null = null;
  for (;;) {
    const due: Array<{
      userId: string;
      email: string;
      itemId: string;
      remaining: number;
      expiresAt: Date;
      at: Date;
      program: string | null;
    }> = await db
      .select({
        userId: users.id,
        email: users.email,
        itemId: pointLots.id,
        remaining: pointLots.remaining,
        expiresAt: pointLots.expiresAt,
        at: order,
        program: pointPrograms.name,
      })
      .from(pointLots)
      .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, pointLots.accountId), eq(ledgerAccounts.kind, 'member')))
      .innerJoin(users, eq(users.id, ledgerAccounts.userId))
      .leftJoin(pointPrograms, eq(pointPrograms.id, ledgerAccounts.programId))
      .where(
        and(
          range,
          after ? sql`(${order}, ${pointLots.id}) > (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined,
          mayBeNotified('points'),
          notDelivered('points_expiry', sql`${pointLots.id}::text`),
        ),
      )
      .orderBy(asc(order), asc(pointLots.id))
      .limit(BATCH);
    if (due.length === 0) return sent;
    sent += await db.transaction((tx) =>
      deliverNotifications(
        tx,
        'points_expiry',
        due.map((row) => ({
          userId: row.userId,
          email: row.email,
          itemId: row.itemId,
          subject: 'ポイントの有効期限のお知らせ',
          lines: [
            'ポイントの有効期限が近づいています。',
            '',
            `${row.program ?? 'ポイント'}: ${row.remaining.toLocaleString('ja-JP')}ポイント`,
            `有効期限: ${japanDate(row.expiresAt)}`,
            '',
            '期限を過ぎたポイントは失効します。お早めにご利用ください。',
            `ポイントを確認する: ${publicUrl}/points`,
          ],
        })),
        { publicUrl, now },
      ),
    );
    if (due.length < BATCH) return sent;
    const last = due.at(-1)!;
    after = { at: last.at, id: last.itemId };
  }
}

/** How far behind the notices are: since when the covered horizon lags (now + 30 days). */
async function expiryNoticeLag(db: Database, now: Date): Promise<{ backlog: number; oldestAt: Date | null }> {
  const covered = await readWatermark(db, EXPIRY_NOTICES_JOB);
  if (!covered) return { backlog: 0, oldestAt: null };
  const passAt = new Date(covered.getTime() - EXPIRY_NOTICE_DAYS * DAY_MS);
  return { backlog: 0, oldestAt: passAt.getTime() < now.getTime() ? passAt : null };
}

export function registerExpiryNotices(app: FastifyInstance, deps: { config: Config; db: Database; now: () => Date }): void {
  registerIntervalJob(app, {
    name: EXPIRY_NOTICES_JOB,
    everyMs: deps.config.notifications.everyMs,
    db: deps.db,
    now: deps.now,
    lag: () => expiryNoticeLag(deps.db, deps.now()),
    pass: async () => {
      const result = await runExpiryNotices(deps.db, deps.now(), deps.config.publicUrl);
      if (result.sent > 0) app.log.info(result, 'points expiry notices');
    },
  });
}
