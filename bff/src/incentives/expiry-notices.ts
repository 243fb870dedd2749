import type { FastifyInstance } from 'fastify';
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { ledgerAccounts, pointLots, pointPrograms, users } from '../db/schema';
import { registerIntervalJob } from '../platform/jobs';
import { deliverNotification, mayBeNotified, notDelivered } from '../platform/notification-mail';

/** Lots expiring within this many days get their notice. */
export const EXPIRY_NOTICE_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 500;

const japanDate = (at: Date) =>
  new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'long', day: 'numeric' }).format(at);

/**
 * One notice per point lot that still has points and expires within 30 days, to its member when
 * their ポイント・コイン setting is on and the address verified; the delivery key (member, lot)
 * keeps it to one mail however often the job runs.
 */
export async function runExpiryNotices(db: Database, now: Date, publicUrl: string): Promise<{ sent: number }> {
  const horizon = new Date(now.getTime() + EXPIRY_NOTICE_DAYS * DAY_MS);
  const due = await db
    .select({
      userId: users.id,
      email: users.email,
      itemId: pointLots.id,
      remaining: pointLots.remaining,
      expiresAt: pointLots.expiresAt,
      program: pointPrograms.name,
    })
    .from(pointLots)
    .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.id, pointLots.accountId), eq(ledgerAccounts.kind, 'member')))
    .innerJoin(users, eq(users.id, ledgerAccounts.userId))
    .leftJoin(pointPrograms, eq(pointPrograms.id, ledgerAccounts.programId))
    .where(
      and(
        gt(pointLots.remaining, 0),
        gt(pointLots.expiresAt, now),
        lte(pointLots.expiresAt, horizon),
        mayBeNotified('points'),
        notDelivered('points_expiry', sql`${pointLots.id}::text`),
      ),
    )
    .orderBy(asc(pointLots.expiresAt), asc(pointLots.id))
    .limit(BATCH);
  let sent = 0;
  for (const row of due) {
    const lines = [
      'ポイントの有効期限が近づいています。',
      '',
      `${row.program ?? 'ポイント'}: ${row.remaining.toLocaleString('ja-JP')}ポイント`,
      `有効期限: ${japanDate(row.expiresAt)}`,
      '',
      '期限を過ぎたポイントは失効します。お早めにご利用ください。',
      `ポイントを確認する: ${publicUrl}/points`,
    ];
    const delivered = await deliverNotification(db, {
      userId: row.userId,
      email: row.email,
      kind: 'points_expiry',
      itemId: row.itemId,
      subject: 'ポイントの有効期限のお知らせ',
      lines,
      publicUrl,
      now,
    });
    if (delivered) sent += 1;
  }
  return { sent };
}

export function registerExpiryNotices(app: FastifyInstance, deps: { config: Config; db: Database; now: () => Date }): void {
  registerIntervalJob(app, {
    name: 'points-expiry-notices',
    everyMs: deps.config.notifications.everyMs,
    pass: async () => {
      const result = await runExpiryNotices(deps.db, deps.now(), deps.config.publicUrl);
      if (result.sent > 0) app.log.info(result, 'points expiry notices');
    },
  });
}
