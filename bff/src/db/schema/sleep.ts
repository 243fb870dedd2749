import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, unique } from 'drizzle-orm/pg-core';
import { moment } from './columns';
import { readingColumns, SOURCES } from './health';

/**
 * Issue 29: the sixth vital, sleep. One row per night (or nap): `measured_at` is the wake moment
 * (a night belongs to the day one wakes on, as the list, the chart and the operators' figures
 * count it), `started_at` the bedtime. `minutes_asleep` is the span for a hand entry, light + deep
 * + REM for a device that measured stages; the four stage columns are all null (no stages) or all
 * set. A wearable's session is known by Google's data point name (`client_record_id`, source
 * `wearable`), so a later sync replaces it rather than adding it twice. Listed newest first on
 * (user_id, measured_at DESC, id DESC), like the other readings; counted in health_activity_days
 * by the statement triggers of the custom migration that follows this table's.
 */
export const sleeps = pgTable(
  'sleeps',
  {
    ...readingColumns(),
    startedAt: moment('started_at'),
    minutesAsleep: integer('minutes_asleep').notNull(),
    awakeMinutes: integer('awake_minutes'),
    lightMinutes: integer('light_minutes'),
    deepMinutes: integer('deep_minutes'),
    remMinutes: integer('rem_minutes'),
  },
  (table) => [
    index('sleeps_user_measured_idx').on(table.userId, sql`${table.measuredAt} desc`, sql`${table.id} desc`),
    unique('sleeps_client_record_uq').on(table.userId, table.source, table.clientRecordId),
    check('sleeps_source_ck', sql`${table.source} in ${SOURCES}`),
    check(
      'sleeps_span_ck',
      sql`${table.startedAt} < ${table.measuredAt} and ${table.measuredAt} - ${table.startedAt} <= interval '24 hours' and ${table.minutesAsleep} between 0 and 1440`,
    ),
    check(
      'sleeps_stages_ck',
      sql`(${table.awakeMinutes} is null and ${table.lightMinutes} is null and ${table.deepMinutes} is null and ${table.remMinutes} is null) or (${table.awakeMinutes} between 0 and 1440 and ${table.lightMinutes} between 0 and 1440 and ${table.deepMinutes} between 0 and 1440 and ${table.remMinutes} between 0 and 1440)`,
    ),
  ],
);
