import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { associationRef, createdAt, generatedId, memberRef, moment } from './columns';
import { pointPrograms } from './incentives';

/*
 * Walking events (issue 29, decision 0028), written only by bff/src/incentives/walking-events.ts.
 * Totals are kept incrementally in the transaction of each step write or operator decision:
 * a participant's and a team's total, and per event a histogram of totals (buckets of
 * WALKING_BUCKET_STEPS), so a rank is a sum over the buckets above plus a count inside one bucket,
 * and the top and the neighbours of a participant are ranges of the (event, total desc, id) index.
 */

export const walkingEvents = pgTable(
  'walking_events',
  {
    id: generatedId(),
    associationId: associationRef(),
    programId: uuid('program_id')
      .notNull()
      .references(() => pointPrograms.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    graceDays: integer('grace_days').notNull(),
    mode: text('mode', { enum: ['solo', 'team', 'both'] }).notNull(),
    teamSize: integer('team_size').notNull(),
    dailyLimit: integer('daily_limit').notNull(),
    finishSteps: integer('finish_steps'),
    finishPoints: integer('finish_points').notNull().default(0),
    /** JSON [{ upToRank, points }], best rank first. */
    rankRewards: text('rank_rewards').notNull().default('[]'),
    teamRankRewards: text('team_rank_rewards').notNull().default('[]'),
    participants: integer('participants').notNull().default(0),
    teams: integer('teams').notNull().default(0),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('walking_events_association_idx').on(table.associationId, sql`${table.endsOn} desc`, sql`${table.id} desc`),
    // The closing job: open events by their last day.
    index('walking_events_open_idx')
      .on(table.endsOn)
      .where(sql`${table.closedAt} is null`),
    check('walking_events_period_ck', sql`${table.endsOn} >= ${table.startsOn}`),
    check('walking_events_team_size_ck', sql`${table.teamSize} between 2 and 10`),
    check('walking_events_counts_ck', sql`${table.participants} >= 0 and ${table.teams} >= 0`),
  ],
);

export const walkingTeams = pgTable(
  'walking_teams',
  {
    id: generatedId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => walkingEvents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Unguessable (12 characters of 62): the invite link's code. */
    inviteCode: text('invite_code').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    members: integer('members').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    unique('walking_teams_invite_code_uq').on(table.inviteCode),
    index('walking_teams_board_idx').on(table.eventId, sql`${table.total} desc`, table.id),
    check('walking_teams_members_ck', sql`${table.members} between 0 and 10`),
  ],
);

export const walkingParticipants = pgTable(
  'walking_participants',
  {
    id: generatedId(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => walkingEvents.id, { onDelete: 'cascade' }),
    userId: memberRef(),
    teamId: uuid('team_id').references(() => walkingTeams.id, { onDelete: 'set null' }),
    /** The counted steps: allowed days in the period from a device or the app. */
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    joinedAt: moment('joined_at'),
    /** Set when the event closes: what the member was paid (0: nothing). */
    rewardPoints: integer('reward_points'),
  },
  (table) => [
    unique('walking_participants_uq').on(table.eventId, table.userId),
    index('walking_participants_board_idx').on(table.eventId, sql`${table.total} desc`, table.id),
    index('walking_participants_user_idx').on(table.userId),
    index('walking_participants_team_idx').on(table.teamId),
  ],
);

/** A participant's day in an event: the count as it arrived, its status, and what it adds to the total now. */
export const walkingDays = pgTable(
  'walking_days',
  {
    id: generatedId(),
    participantId: uuid('participant_id')
      .notNull()
      .references(() => walkingParticipants.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => walkingEvents.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    steps: integer('steps').notNull(),
    status: text('status', { enum: ['counted', 'held', 'approved', 'refused'] }).notNull(),
    reason: text('reason', { enum: ['over_limit', 'repeated'] }),
    /** steps when counted or approved, else 0: what the participant's total holds of this day. */
    counted: integer('counted').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    updatedAt: moment('updated_at').defaultNow(),
  },
  (table) => [
    unique('walking_days_uq').on(table.participantId, table.day),
    // The review queue of one event: held days, oldest first.
    index('walking_days_held_idx')
      .on(table.eventId, table.day, table.id)
      .where(sql`${table.status} = 'held'`),
    check('walking_days_status_ck', sql`${table.status} in ('counted', 'held', 'approved', 'refused')`),
  ],
);

/** Per event and board, how many participants (or teams) have a total in each bucket. */
export const walkingBuckets = pgTable(
  'walking_buckets',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => walkingEvents.id, { onDelete: 'cascade' }),
    board: text('board', { enum: ['members', 'teams'] }).notNull(),
    bucket: integer('bucket').notNull(),
    count: integer('count').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.eventId, table.board, table.bucket] }),
    check('walking_buckets_count_ck', sql`${table.count} >= 0`),
  ],
);
