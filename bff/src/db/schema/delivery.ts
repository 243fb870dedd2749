import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// The live import map (platform/delivery): one row per deployable package naming the artefact
// version every instance serves, and the history of every change to it. Instances read these,
// never their own disk, so a deploy reaches all of them.

export const importMapEntries = pgTable('import_map_entries', {
  /** The package's name, `@sukoyaka/health`. */
  package: text('package').primaryKey(),
  version: text('version').notNull(),
  /** The artefact's manifest (files with integrity, entry, shared imports, routes, contract). */
  manifest: jsonb('manifest').notNull(),
  /** Raised by one at every change: a deploy may name the revision it expects (compare-and-set). */
  revision: integer('revision').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const importMapHistory = pgTable(
  'import_map_history',
  {
    /** Also the map's change counter: instances poll its maximum. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    package: text('package').notNull(),
    version: text('version').notNull(),
    /** What was live before this change; a rollback returns to it. */
    previousVersion: text('previous_version'),
    /** `deploy` or `rollback`. */
    action: text('action').notNull(),
    revision: integer('revision').notNull(),
    /** Who changed it: `cli`, `api`, `startup`. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('import_map_history_package_idx').on(table.package, table.id)],
);
