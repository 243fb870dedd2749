import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { pointMenus, pointPrograms } from './incentives';
import { associationRef, createdAt, generatedId, memberRef, moment } from './columns';

// Monthly challenges (issue 29, decision 0029): an association's operators define a challenge once
// (what counts, how many days, the points); it is offered every month while active. A member takes
// it for a month (an entry); completing it records one activity event the challenge's own point
// menu rewards, so the points go through the earning rules. Only bff/src/incentives/challenges.ts
// writes these tables.

export const challengeKinds = ['blood_pressure_days', 'step_days'] as const;

export const challenges = pgTable(
  'challenges',
  {
    id: generatedId(),
    associationId: associationRef(),
    programId: uuid('program_id')
      .notNull()
      .references(() => pointPrograms.id, { onDelete: 'cascade' }),
    /** The menu (kind challenge_completed) whose event the completion records. */
    menuId: uuid('menu_id')
      .notNull()
      .references(() => pointMenus.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    kind: text('kind', { enum: challengeKinds }).notNull(),
    /** How many days of the month must count. */
    targetDays: integer('target_days').notNull(),
    /** step_days: the steps a day needs to count. */
    minSteps: integer('min_steps'),
    /** Offered to members this month and the next while true. */
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    index('challenges_association_idx').on(table.associationId, table.createdAt),
    check('challenges_kind_ck', sql`${table.kind} in ('blood_pressure_days', 'step_days')`),
    check('challenges_target_ck', sql`${table.targetDays} between 1 and 28`),
    check('challenges_steps_ck', sql`(${table.kind} = 'step_days') = (${table.minSteps} is not null)`),
  ],
);

/** A member's taking of a challenge for one month (`month` is its first day); completed once. */
export const challengeEntries = pgTable(
  'challenge_entries',
  {
    id: generatedId(),
    challengeId: uuid('challenge_id')
      .notNull()
      .references(() => challenges.id, { onDelete: 'cascade' }),
    userId: memberRef(),
    month: date('month', { mode: 'string' }).notNull(),
    joinedAt: moment('joined_at'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    // The member's month (home, the settler's check): one index range.
    unique('challenge_entries_member_month_uq').on(table.userId, table.month, table.challengeId),
    index('challenge_entries_challenge_idx').on(table.challengeId),
    check('challenge_entries_month_ck', sql`extract(day from ${table.month}) = 1`),
  ],
);
