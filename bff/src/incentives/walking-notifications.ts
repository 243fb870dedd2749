import { japanDay } from '@sukoyaka/contract';
import { and, eq, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { notificationFanouts, users, walkingEvents, walkingParticipants } from '../db/schema';
import {
  deliverNotifications,
  fanOutBatch,
  mayBeNotified,
  openFanouts,
  startFanouts,
  type NotificationMail,
} from '../platform/notification-mail';

/*
 * The walking events' mails (issue 29, decision 0028), through the outbox, within each member's
 * ウォーキングイベント setting, each once (notification_deliveries' key):
 * - the start: to every member of the association, a fan-out (notification_fanouts, keyset batches
 *   over the association's members) started once when the event's first day has come;
 * - a teammate: when a member joins a team, to its other members (at most nine), in the join's
 *   transaction, keyed by the new member's participant entry;
 * - the results: to each participant by the payout batch that paid them (walking-events.ts
 *   payWalkingEvent), in its transaction, with their rank, total and the points paid.
 */

/** Members per batch of the start's fan-out (one transaction each). */
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

/**
 * A participant's result mail, sent by the payout batch that paid them (in its transaction, so the
 * mail goes with the points actually paid): their rank (the frozen histogram), total and reward.
 */
export function resultMail(
  row: EventRow,
  entry: { userId: string; email: string; rank: number; total: number; points: number },
  publicUrl: string,
): NotificationMail {
  return {
    userId: entry.userId,
    email: entry.email,
    itemId: row.id,
    subject: 'ウォーキングイベントの結果',
    lines: [
      `ウォーキングイベント「${row.title}」の結果をお知らせします。`,
      '',
      `順位：${entry.rank.toLocaleString('ja-JP')}位 / ${row.participants.toLocaleString('ja-JP')}人`,
      `合計：${entry.total.toLocaleString('ja-JP')}歩`,
      entry.points > 0 ? `報酬：${entry.points.toLocaleString('ja-JP')}pt を付与しました` : '報酬：ありません',
      '',
      `イベントを見る: ${eventLink(publicUrl, row.id)}`,
    ],
  };
}
