import { japanDay } from '@sukoyaka/contract';
import { and, asc, eq, gt, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { notificationFanouts, users, walkingEvents, walkingParticipants } from '../db/schema';
import { deliverNotifications, fanOutBatch, mayBeNotified, openFanouts, startFanouts } from '../platform/notification-mail';

/*
 * The walking events' mails (issue 29, decision 0028), through the outbox, within each member's
 * ウォーキングイベント setting, each once (notification_deliveries' key):
 * - the start: to every member of the association, a fan-out (notification_fanouts, keyset batches
 *   over the association's members) started once when the event's first day has come;
 * - a teammate: when a member joins a team, to its other members (at most nine), in the join's
 *   transaction, keyed by the new member's participant entry;
 * - the results: to every participant when the event closes, a fan-out over the event's
 *   participants by member id (walking_participants (event_id, user_id)), with their rank, total
 *   and the points paid.
 */

/** Members or participants per batch (one transaction each). */
export const WALKING_MAIL_BATCH = 2000;

type EventRow = typeof walkingEvents.$inferSelect;

const eventLink = (publicUrl: string, eventId: string) => `${publicUrl}/incentives/walking_events/${eventId}`;
const periodText = (row: Pick<EventRow, 'startsOn' | 'endsOn'>) => `${japaneseDay(row.startsOn)}〜${japaneseDay(row.endsOn)}`;
function japaneseDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${year}年${month}月${date}日`;
}

function startMail(row: EventRow, publicUrl: string) {
  return {
    subject: 'ウォーキングイベントが始まりました',
    lines: [
      `ウォーキングイベント「${row.title}」が始まりました。`,
      `期間：${periodText(row)}`,
      '',
      '連携した機器やアプリの歩数で参加できます。',
      `イベントを見る: ${eventLink(publicUrl, row.id)}`,
    ],
  };
}

/**
 * One pass: the fan-outs of events whose first day has come (started once), then each unfinished
 * start fan-out in batches. Costs the open events and the unfinished fan-outs when nothing is new.
 */
export async function runWalkingStartNotifications(
  db: Database,
  now: Date,
  publicUrl: string,
  options: { batch?: number } = {},
): Promise<{ sent: number }> {
  const today = japanDay(now);
  await startFanouts(
    db,
    sql`select 'walking_start', ${walkingEvents.id}, ${walkingEvents.associationId}, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
        from ${walkingEvents}
        where ${and(isNull(walkingEvents.closedAt), lte(walkingEvents.startsOn, today), gte(walkingEvents.endsOn, today))}
          and not exists (select 1 from ${notificationFanouts} f where f.kind = 'walking_start' and f.item_id = ${walkingEvents.id})`,
  );
  const open = await openFanouts(db, ['walking_start']);
  if (open.length === 0) return { sent: 0 };
  const rows = await db
    .select()
    .from(walkingEvents)
    .where(
      inArray(
        walkingEvents.id,
        open.map((fanout) => fanout.itemId),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  let sent = 0;
  for (const fanout of open) {
    const row = byId.get(fanout.itemId);
    // An event closed (or gone) meanwhile: the rest of the association is not mailed.
    const mail = row && !row.closedAt ? startMail(row, publicUrl) : null;
    for (let done = false; !done;) {
      const result = await fanOutBatch(db, fanout, mail ?? { subject: '', lines: [] }, {
        publicUrl,
        now,
        batch: mail ? (options.batch ?? WALKING_MAIL_BATCH) : 0,
      });
      sent += result.sent;
      done = result.done;
    }
  }
  return { sent };
}

/**
 * A member joined a team: its other members are told, once per joining member (the key is the
 * participant entry), in the join's transaction.
 */
export async function notifyTeamJoined(
  tx: Executor,
  input: { event: EventRow; teamId: string; teamName: string; participantId: string; userId: string; nickname: string },
  options: { publicUrl: string; now: Date },
): Promise<number> {
  const mates = await tx
    .select({ id: users.id, email: users.email })
    .from(walkingParticipants)
    .innerJoin(users, eq(users.id, walkingParticipants.userId))
    .where(and(eq(walkingParticipants.teamId, input.teamId), ne(walkingParticipants.userId, input.userId), mayBeNotified('walking')));
  return deliverNotifications(
    tx,
    'walking_team',
    mates.map((mate) => ({
      userId: mate.id,
      email: mate.email,
      itemId: input.participantId,
      subject: 'チームに仲間が加わりました',
      lines: [
        `ウォーキングイベント「${input.event.title}」のチーム「${input.teamName}」に、${input.nickname}さんが加わりました。`,
        '',
        `チームのページを見る: ${eventLink(options.publicUrl, input.event.id)}/teams/${input.teamId}`,
      ],
    })),
    options,
  );
}

/** Starts the results' fan-out of a closed event (in the close's transaction). */
export async function startResultNotifications(tx: Executor, row: EventRow, now: Date): Promise<void> {
  await tx
    .insert(notificationFanouts)
    .values({ kind: 'walking_result', itemId: row.id, associationId: row.associationId, cutoff: now, createdAt: now })
    .onConflictDoNothing();
}

/**
 * One pass over the unfinished results' fan-outs: the event's participants by member id after the
 * fan-out's position (one range of (event_id, user_id)), each with their rank (from the
 * histogram: `rankOf`), total and reward.
 */
export async function runWalkingResultNotifications(
  db: Database,
  now: Date,
  publicUrl: string,
  rankOf: (db: Executor, eventId: string, total: number) => Promise<number>,
  options: { batch?: number } = {},
): Promise<{ sent: number }> {
  const open = await openFanouts(db, ['walking_result']);
  let sent = 0;
  for (const fanout of open) {
    const [row] = await db.select().from(walkingEvents).where(eq(walkingEvents.id, fanout.itemId));
    for (let done = false; !done;) {
      const batch = row ? (options.batch ?? WALKING_MAIL_BATCH) : 0;
      const result = await db.transaction(async (tx) => {
        const entries =
          batch === 0
            ? []
            : await tx
                .select({
                  userId: walkingParticipants.userId,
                  total: walkingParticipants.total,
                  rewardPoints: walkingParticipants.rewardPoints,
                  email: users.email,
                  notify: sql<boolean>`${mayBeNotified('walking')}`,
                })
                .from(walkingParticipants)
                .innerJoin(users, eq(users.id, walkingParticipants.userId))
                .where(
                  and(
                    eq(walkingParticipants.eventId, fanout.itemId),
                    fanout.afterUserId === null ? undefined : gt(walkingParticipants.userId, fanout.afterUserId),
                  ),
                )
                .orderBy(asc(walkingParticipants.userId))
                .limit(batch);
        const mails = [];
        for (const entry of entries) {
          if (!entry.notify) continue;
          const total = Number(entry.total);
          const rank = await rankOf(tx, fanout.itemId, total);
          mails.push({
            userId: entry.userId,
            email: entry.email,
            itemId: fanout.itemId,
            subject: 'ウォーキングイベントの結果',
            lines: [
              `ウォーキングイベント「${row!.title}」の結果をお知らせします。`,
              '',
              `順位：${rank.toLocaleString('ja-JP')}位 / ${row!.participants.toLocaleString('ja-JP')}人`,
              `合計：${total.toLocaleString('ja-JP')}歩`,
              entry.rewardPoints ? `報酬：${entry.rewardPoints.toLocaleString('ja-JP')}pt を付与しました` : '報酬：ありません',
              '',
              `イベントを見る: ${eventLink(publicUrl, fanout.itemId)}`,
            ],
          });
        }
        const delivered = await deliverNotifications(tx, 'walking_result', mails, { publicUrl, now });
        const finished = entries.length < Math.max(1, batch);
        const last = entries.at(-1)?.userId ?? fanout.afterUserId;
        await tx
          .update(notificationFanouts)
          .set({
            afterUserId: last,
            recipients: sql`${notificationFanouts.recipients} + ${delivered}`,
            ...(finished ? { doneAt: now } : {}),
          })
          .where(and(eq(notificationFanouts.kind, 'walking_result'), eq(notificationFanouts.itemId, fanout.itemId)));
        fanout.afterUserId = last;
        return { delivered, finished };
      });
      sent += result.delivered;
      done = result.finished;
    }
  }
  return { sent };
}
