import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { associations, users } from './platform';
import { createdAt, generatedId, memberRef, moment } from './columns';

// The health area's tables: the five vitals and the member's goals. Each reading has a source
// (manual, wearable, app; only manual rows may be corrected), the app's own id for readings the
// native apps send (unique per member and source: a batch sent twice stores each reading once),
// the bounds of the contract checked again in SQL, and the index its list reads newest first
// with a keyset cursor: (user_id, measured_at DESC, id DESC).

export const SOURCES = sql`('manual', 'wearable', 'app')`;

/** The columns every timed reading has (the sleeps of db/schema/sleep.ts too). */
export const readingColumns = () => ({
  id: generatedId(),
  userId: memberRef(),
  measuredAt: moment('measured_at'),
  source: text('source', { enum: ['manual', 'wearable', 'app'] })
    .notNull()
    .default('manual'),
  clientRecordId: text('client_record_id'),
  createdAt: createdAt(),
  updatedAt: moment('updated_at').defaultNow(),
});

export const bloodPressures = pgTable(
  'blood_pressures',
  {
    ...readingColumns(),
    systolic: integer('systolic').notNull(),
    diastolic: integer('diastolic').notNull(),
    pulse: integer('pulse'),
  },
  (table) => [
    index('blood_pressures_user_measured_idx').on(table.userId, sql`${table.measuredAt} desc`, sql`${table.id} desc`),
    unique('blood_pressures_client_record_uq').on(table.userId, table.source, table.clientRecordId),
    check('blood_pressures_source_ck', sql`${table.source} in ${SOURCES}`),
    check(
      'blood_pressures_bounds_ck',
      sql`${table.systolic} between 60 and 300 and ${table.diastolic} between 30 and 200 and ${table.diastolic} < ${table.systolic} and (${table.pulse} is null or ${table.pulse} between 20 and 250)`,
    ),
  ],
);

export const bloodSugars = pgTable(
  'blood_sugars',
  {
    ...readingColumns(),
    /** mg/dL. */
    glucose: integer('glucose').notNull(),
    timing: text('timing', { enum: ['fasting', 'beforeMeal', 'afterMeal', 'random'] }).notNull(),
  },
  (table) => [
    index('blood_sugars_user_measured_idx').on(table.userId, sql`${table.measuredAt} desc`, sql`${table.id} desc`),
    unique('blood_sugars_client_record_uq').on(table.userId, table.source, table.clientRecordId),
    check('blood_sugars_source_ck', sql`${table.source} in ${SOURCES}`),
    check('blood_sugars_bounds_ck', sql`${table.glucose} between 20 and 800`),
    check('blood_sugars_timing_ck', sql`${table.timing} in ('fasting', 'beforeMeal', 'afterMeal', 'random')`),
  ],
);

export const weights = pgTable(
  'weights',
  {
    ...readingColumns(),
    /** kg, to 0.1. */
    weight: numeric('weight', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    /** %, to 0.1. */
    bodyFat: numeric('body_fat', { precision: 3, scale: 1, mode: 'number' }),
  },
  (table) => [
    index('weights_user_measured_idx').on(table.userId, sql`${table.measuredAt} desc`, sql`${table.id} desc`),
    unique('weights_client_record_uq').on(table.userId, table.source, table.clientRecordId),
    check('weights_source_ck', sql`${table.source} in ${SOURCES}`),
    check('weights_bounds_ck', sql`${table.weight} between 20 and 300 and (${table.bodyFat} is null or ${table.bodyFat} between 1 and 75)`),
  ],
);

export const bodyTemperatures = pgTable(
  'body_temperatures',
  {
    ...readingColumns(),
    /** °C, to 0.01. */
    temperature: numeric('temperature', { precision: 4, scale: 2, mode: 'number' }).notNull(),
  },
  (table) => [
    index('body_temperatures_user_measured_idx').on(table.userId, sql`${table.measuredAt} desc`, sql`${table.id} desc`),
    unique('body_temperatures_client_record_uq').on(table.userId, table.source, table.clientRecordId),
    check('body_temperatures_source_ck', sql`${table.source} in ${SOURCES}`),
    check('body_temperatures_bounds_ck', sql`${table.temperature} between 34 and 42`),
  ],
);

/**
 * One count per member and day (Japan): a later save for the day replaces it, whichever source
 * (hand entry, a Fitbit sync, the app). The row keeps who wrote it last. `status` is `held` for a
 * count over the plausible 100,000 a day (kept for the record and for review, neither paid nor
 * counted in competitions), else `counted`.
 */
export const steps = pgTable(
  'steps',
  {
    id: generatedId(),
    userId: memberRef(),
    day: date('day', { mode: 'string' }).notNull(),
    steps: integer('steps').notNull(),
    source: text('source', { enum: ['manual', 'wearable', 'app'] })
      .notNull()
      .default('manual'),
    clientRecordId: text('client_record_id'),
    status: text('status', { enum: ['counted', 'held'] })
      .notNull()
      .default('counted'),
    createdAt: createdAt(),
    updatedAt: moment('updated_at').defaultNow(),
  },
  (table) => [
    unique('steps_user_day_uq').on(table.userId, table.day),
    index('steps_user_day_idx').on(table.userId, sql`${table.day} desc`, sql`${table.id} desc`),
    // The review queue: held days only, newest first.
    index('steps_held_idx')
      .on(sql`${table.day} desc`)
      .where(sql`${table.status} = 'held'`),
    check('steps_source_ck', sql`${table.source} in ${SOURCES}`),
    check('steps_status_ck', sql`${table.status} in ('counted', 'held')`),
    check('steps_bounds_ck', sql`${table.steps} between 0 and 200000`),
  ],
);

/** The member's goals: a daily step count and a target weight; null when not set. */
export const vitalGoals = pgTable(
  'vital_goals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailySteps: integer('daily_steps'),
    targetWeight: numeric('target_weight', { precision: 4, scale: 1, mode: 'number' }),
    updatedAt: moment('updated_at').defaultNow(),
  },
  (table) => [
    check(
      'vital_goals_bounds_ck',
      sql`(${table.dailySteps} is null or ${table.dailySteps} between 1000 and 50000) and (${table.targetWeight} is null or ${table.targetWeight} between 20 and 300)`,
    ),
  ],
);

/**
 * Health forecast snapshots (issue 13): what the member chose to keep of a forecast — the inputs
 * with their sources and the result at that moment — as one sealed JSON value (platform/crypto,
 * context bound to the row and member), since it is health data. Listed newest first by keyset.
 */
export const healthForecastSnapshots = pgTable(
  'health_forecast_snapshots',
  {
    id: generatedId(),
    userId: memberRef(),
    savedAt: moment('saved_at').defaultNow(),
    sealed: text('sealed').notNull(),
  },
  (table) => [index('health_forecast_snapshots_user_saved_idx').on(table.userId, sql`${table.savedAt} desc`, sql`${table.id} desc`)],
);

/**
 * The physician who supervises the health forecast, per association; the row without an
 * association is the service's own (shown to visitors and to associations without one). Demo
 * content is a fictional doctor (health/forecast-seed.ts); operators edit it.
 */
export const doctorProfiles = pgTable(
  'doctor_profiles',
  {
    id: generatedId(),
    associationId: uuid('association_id').references(() => associations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKana: text('name_kana').notNull(),
    title: text('title').notNull(),
    specialty: text('specialty').notNull(),
    qualifications: text('qualifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    career: text('career')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    message: text('message').notNull(),
    updatedAt: moment('updated_at').defaultNow(),
  },
  // One per association, and one service-wide row (a NULL association compares equal here).
  (table) => [
    uniqueIndex('doctor_profiles_association_uq').on(sql`coalesce(${table.associationId}, '00000000-0000-0000-0000-000000000000'::uuid)`),
  ],
);

/**
 * Issue 28: the operators' health figures as a roll-up, one row per association, Japan day and
 * member who recorded anything that day (every vital: blood pressure, blood sugar, weight, body
 * temperature, steps, sleep), with the number of their records. Kept by triggers in the transaction of
 * each reading's insert, update and delete, and of a member's change of association (migration
 * 0025; decision 0022): no write path can miss it. Read by
 * health/operator-stats.ts on its primary key, one range per association and period.
 */
export const healthActivityDays = pgTable(
  'health_activity_days',
  {
    associationId: uuid('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    records: integer('records').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.associationId, table.day, table.userId] }),
    // A member's rows: their deletion (the cascade), their change of association, and the days
    // around a changed one (the gaps of health_activity_figures, migration 0029).
    index('health_activity_days_user_day_idx').on(table.userId, table.associationId, table.day),
    check('health_activity_days_records_ck', sql`${table.records} > 0`),
  ],
);

/**
 * Issue 28: the operators' health figures per association and Japan day, so that the dashboard
 * reads a few thousand counters instead of every member-day of the period (decision 0022).
 * `gap` is how many days the member-day row of that day follows the member's previous active day
 * in the association (1–30; 31 for a month or more, or none): the members active in any window
 * [a, b] of up to 30 days are the rows of its days whose gap reaches back before a, so the
 * figures' counts of distinct members per week, 7 and 30 days are sums of these counters.
 * `gap` 0 holds the day's records (the readings), with members 0.
 *
 * The statement triggers on health_activity_days (migration 0029) only ever insert here, into
 * health_activity_deltas: no two members' transactions wait on one counter row. The figures job
 * (health/figures-job.ts) folds the deltas into health_activity_figures; a reader sums both, so
 * the figures are exact before a fold too.
 */
export const healthActivityFigures = pgTable(
  'health_activity_figures',
  {
    associationId: uuid('association_id')
      .notNull()
      .references(() => associations.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    gap: smallint('gap').notNull(),
    members: integer('members').notNull(),
    records: integer('records').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.associationId, table.day, table.gap] }),
    check('health_activity_figures_gap_ck', sql`${table.gap} between 0 and 31`),
  ],
);

/** What the triggers add to health_activity_figures, until the figures job folds it in. */
export const healthActivityDeltas = pgTable(
  'health_activity_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    associationId: uuid('association_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    gap: smallint('gap').notNull(),
    members: integer('members').notNull(),
    records: integer('records').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('health_activity_deltas_association_day_idx').on(table.associationId, table.day)],
);
