// Walking events' part of a member's download and of their leaving (platform/member-records.ts,
// decision 0028). The users row stays when a member leaves (decision 0001), so nothing here goes
// by cascade: the participations and their days are deleted by the member's id, and an event not
// closed yet is corrected as if the member had never joined: their total leaves their team's and
// both histograms, their team seat is free again. A closed event's figures stand as paid.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '../db/client';
import { walkingDays, walkingEvents, walkingParticipants, walkingTeams } from '../db/schema';
import { exportTimestamp as iso, type MemberRecordsKeeper } from '../platform/member-records';
import { addToTeam, moveInHistogram } from './walking-events';

const DAY_STATUS: Record<(typeof walkingDays.$inferSelect)['status'], string> = {
  counted: '集計対象',
  held: '確認中',
  approved: '確認済み（集計対象）',
  refused: '対象外',
};

/**
 * Takes one participation of an event not closed yet out of the event, in the lock order of the
 * step write (participant, the members' histogram, the team, the teams' histogram), after the
 * event row, as a join and a close take it first. Answers whether the team went with it.
 */
async function withdraw(tx: Transaction, eventId: string, participantId: string): Promise<{ withdrawn: boolean; teamRemoved: boolean }> {
  const [participant] = await tx.select().from(walkingParticipants).where(eq(walkingParticipants.id, participantId)).for('update');
  if (!participant) return { withdrawn: false, teamRemoved: false };
  const total = Number(participant.total);
  await moveInHistogram(tx, eventId, 'members', total, null);
  let teamRemoved = false;
  if (participant.teamId) {
    await addToTeam(tx, eventId, participant.teamId, -total);
    const [team] = await tx
      .update(walkingTeams)
      .set({ members: sql`${walkingTeams.members} - 1` })
      .where(eq(walkingTeams.id, participant.teamId))
      .returning({ id: walkingTeams.id, members: walkingTeams.members, total: walkingTeams.total });
    if (team && team.members === 0) {
      // The last member gone, the team goes too, as when its last member leaves it before the
      // start: an empty team would stay on the board at 0 steps with no one to see or win it,
      // and its invite code would hand its name to whoever finds it.
      await moveInHistogram(tx, eventId, 'teams', Number(team.total), null);
      await tx.delete(walkingTeams).where(eq(walkingTeams.id, team.id));
      teamRemoved = true;
    }
  }
  await tx.delete(walkingParticipants).where(eq(walkingParticipants.id, participant.id));
  await tx
    .update(walkingEvents)
    .set({ participants: sql`${walkingEvents.participants} - 1`, ...(teamRemoved ? { teams: sql`${walkingEvents.teams} - 1` } : {}) })
    .where(eq(walkingEvents.id, eventId));
  return { withdrawn: true, teamRemoved };
}

export const walkingMemberRecords: MemberRecordsKeeper = {
  area: 'walking',

  async collect({ db, userId }) {
    const participations = await db
      .select({
        id: walkingParticipants.id,
        event: walkingEvents.title,
        startsOn: walkingEvents.startsOn,
        endsOn: walkingEvents.endsOn,
        team: walkingTeams.name,
        total: walkingParticipants.total,
        joinedAt: walkingParticipants.joinedAt,
        rewardPoints: walkingParticipants.rewardPoints,
      })
      .from(walkingParticipants)
      .innerJoin(walkingEvents, eq(walkingEvents.id, walkingParticipants.eventId))
      .leftJoin(walkingTeams, eq(walkingTeams.id, walkingParticipants.teamId))
      .where(eq(walkingParticipants.userId, userId))
      .orderBy(asc(walkingParticipants.joinedAt), asc(walkingParticipants.id));
    const eventOf = new Map(participations.map((row) => [row.id, row.event]));
    // The days by event in the order joined, then by date (each event's range of the (participant, day) index).
    const place = new Map(participations.map((row, index) => [row.id, index]));
    const days = participations.length
      ? await db
          .select({
            participantId: walkingDays.participantId,
            day: walkingDays.day,
            steps: walkingDays.steps,
            status: walkingDays.status,
            counted: walkingDays.counted,
          })
          .from(walkingDays)
          .where(inArray(walkingDays.participantId, [...eventOf.keys()]))
          .orderBy(asc(walkingDays.participantId), asc(walkingDays.day))
          .then((rows) => rows.sort((a, b) => place.get(a.participantId)! - place.get(b.participantId)! || (a.day < b.day ? -1 : 1)))
      : [];
    return {
      tables: [
        {
          kind: 'walking_events',
          title: '参加したウォーキングイベント',
          columns: [
            ['event', 'イベント'],
            ['startsOn', '開始日'],
            ['endsOn', '終了日'],
            ['team', 'チーム'],
            ['total', '合計歩数'],
            ['rewardPoints', '獲得ポイント'],
            ['joinedAt', '参加日時'],
          ],
          rows: participations.map((row) => ({
            event: row.event,
            startsOn: row.startsOn,
            endsOn: row.endsOn,
            team: row.team,
            total: Number(row.total),
            rewardPoints: row.rewardPoints,
            joinedAt: iso(row.joinedAt),
          })),
        },
        {
          kind: 'walking_days',
          title: 'ウォーキングイベントの日ごとの歩数',
          columns: [
            ['event', 'イベント'],
            ['day', '日付'],
            ['steps', '歩数'],
            ['status', '状態'],
            ['counted', '合計に入った歩数'],
          ],
          rows: days.map((row) => ({
            event: eventOf.get(row.participantId) ?? null,
            day: row.day,
            steps: row.steps,
            status: DAY_STATUS[row.status],
            counted: row.counted,
          })),
        },
      ],
    };
  },

  async erase({ tx, userId }) {
    const participations = await tx
      .select({ id: walkingParticipants.id, eventId: walkingParticipants.eventId })
      .from(walkingParticipants)
      .where(eq(walkingParticipants.userId, userId))
      .orderBy(asc(walkingParticipants.eventId));
    if (participations.length === 0) return { audit: { participations: 0, days: 0, corrected: 0, teamsRemoved: 0 } };
    // The days first, as a step write and an operator's decision lock a day before its participant.
    const days = await tx
      .delete(walkingDays)
      .where(
        inArray(
          walkingDays.participantId,
          participations.map((row) => row.id),
        ),
      )
      .returning({ id: walkingDays.id });
    let corrected = 0;
    let teamsRemoved = 0;
    for (const { id, eventId } of participations) {
      // The event row first, as a join and the close take it: a close waits for the leaving (and
      // then neither ranks nor pays the member), or has committed and the event's figures stand.
      const [open] = await tx
        .select({ id: walkingEvents.id })
        .from(walkingEvents)
        .where(and(eq(walkingEvents.id, eventId), isNull(walkingEvents.closedAt)))
        .for('no key update');
      if (open) {
        const outcome = await withdraw(tx, eventId, id);
        if (outcome.withdrawn) corrected += 1;
        if (outcome.teamRemoved) teamsRemoved += 1;
      } else {
        await tx.delete(walkingParticipants).where(eq(walkingParticipants.id, id));
      }
    }
    return { audit: { participations: participations.length, days: days.length, corrected, teamsRemoved } };
  },
};
