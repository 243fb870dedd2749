// Sleep (issue 29): the timed reading service of readings.ts (hand entries, the list, corrections,
// the app's batch), plus the wearable's sessions from the Fitbit connection's sync, which replace
// the session they were before (Google may add the stages to a night after it first reported it).
import type { Sleep } from '@sukoyaka/contract';
import { japanDay } from '@sukoyaka/contract';
import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sleeps } from '../db/schema';
import { recordActivities, vitalRecordedKind } from '../platform/activity-events';
import { isoTime } from '../platform/iso-time';
import { type AnsweredRow, readingService } from './readings';

type Row = AnsweredRow<typeof sleeps>;

const toSleep = (row: Row): Sleep => ({
  id: row.id,
  startedAt: isoTime(row.startedAt),
  measuredAt: isoTime(row.measuredAt),
  minutesAsleep: row.minutesAsleep,
  stages:
    row.awakeMinutes === null || row.lightMinutes === null || row.deepMinutes === null || row.remMinutes === null
      ? null
      : { awake: row.awakeMinutes, light: row.lightMinutes, deep: row.deepMinutes, rem: row.remMinutes },
  source: row.source,
  createdAt: isoTime(row.createdAt),
});

export const sleepService = readingService({ type: 'sleep', table: sleeps, name: 'sleeps', toReading: toSleep });

interface StageMinutes {
  awake: number;
  light: number;
  deep: number;
  rem: number;
}

/**
 * The row's values of a sleep: without stages the whole span is sleep (a member writes when they
 * went to bed and woke); with stages, sleep is light + deep + REM.
 */
export function sleepValues(input: { startedAt: string; measuredAt: string; stages?: StageMinutes | null | undefined }) {
  const startedAt = new Date(input.startedAt);
  const measuredAt = new Date(input.measuredAt);
  const stages = input.stages ?? null;
  return {
    startedAt,
    measuredAt,
    minutesAsleep: stages
      ? Math.min(stages.light + stages.deep + stages.rem, 1440)
      : Math.round((measuredAt.getTime() - startedAt.getTime()) / 60_000),
    awakeMinutes: stages?.awake ?? null,
    lightMinutes: stages?.light ?? null,
    deepMinutes: stages?.deep ?? null,
    remMinutes: stages?.rem ?? null,
  };
}

/** One session as the wearable reported it (integrations/google-health/client.ts, `sleepSessions`). */
export interface WearableSleep {
  /** Google's name of the data point: the session's identity across syncs. */
  id: string;
  startedAt: string;
  endedAt: string;
  /** Minutes asleep as Google summarised them (light + deep + REM for stages, ASLEEP for classic). */
  minutesAsleep: number;
  stages: StageMinutes | null;
}

/**
 * A sync's sessions in one statement: a new one is inserted, a known one (same Google name)
 * replaced when Google changed it, so a night is never counted twice. Activity events for the
 * new nights' wake days; the caller settles them with the sync (sync.ts).
 */
export async function saveWearableSleeps(tx: Executor, userId: string, sessions: readonly WearableSleep[], now: Date): Promise<number> {
  const unique = [...new Map(sessions.map((session) => [session.id, session] as const)).values()];
  if (unique.length === 0) return 0;
  const rows = unique.map((session) => ({
    userId,
    source: 'wearable' as const,
    clientRecordId: session.id,
    startedAt: new Date(session.startedAt),
    measuredAt: new Date(session.endedAt),
    minutesAsleep: session.minutesAsleep,
    awakeMinutes: session.stages?.awake ?? null,
    lightMinutes: session.stages?.light ?? null,
    deepMinutes: session.stages?.deep ?? null,
    remMinutes: session.stages?.rem ?? null,
    updatedAt: now,
  }));
  const written = await tx
    .insert(sleeps)
    .values(rows)
    .onConflictDoUpdate({
      target: [sleeps.userId, sleeps.source, sleeps.clientRecordId],
      set: {
        startedAt: sql`excluded.started_at`,
        measuredAt: sql`excluded.measured_at`,
        minutesAsleep: sql`excluded.minutes_asleep`,
        awakeMinutes: sql`excluded.awake_minutes`,
        lightMinutes: sql`excluded.light_minutes`,
        deepMinutes: sql`excluded.deep_minutes`,
        remMinutes: sql`excluded.rem_minutes`,
        updatedAt: sql`excluded.updated_at`,
      },
      // Nothing written when nothing changed: a re-sync of the same nights moves no figure.
      setWhere: sql`(${sleeps.startedAt}, ${sleeps.measuredAt}, ${sleeps.minutesAsleep}, ${sleeps.awakeMinutes}, ${sleeps.lightMinutes}, ${sleeps.deepMinutes}, ${sleeps.remMinutes}) is distinct from (excluded.started_at, excluded.measured_at, excluded.minutes_asleep, excluded.awake_minutes, excluded.light_minutes, excluded.deep_minutes, excluded.rem_minutes)`,
    })
    .returning({ measuredAt: sleeps.measuredAt });
  await recordActivities(
    tx,
    written.map((row) => ({ userId, kind: vitalRecordedKind('sleep'), day: japanDay(row.measuredAt) })),
  );
  return written.length;
}
