import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_FOLDER } from '../../src/paths';

/**
 * Migrations for a live database with large tables and two bff versions running at once during a
 * rolling deploy (README, "Migrations and rolling deploys"): expand, deploy, then contract.
 */

interface Column {
  name: string;
  type: string;
  notNull: boolean;
  default?: unknown;
}
interface Snapshot {
  tables: Record<string, { columns: Record<string, Column> }>;
}

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
const tags = journal.entries.map((entry) => entry.tag);

/**
 * Statements of migrations already shipped that this check would refuse today, kept because
 * they ran when their tables were new or small. Never add a new migration here: split it.
 */
const ALLOWED: Record<string, RegExp[]> = {
  '0002_accounts': [/^ALTER TABLE "sessions" ADD CONSTRAINT "sessions_pending_mfa_user_id_users_id_fk" FOREIGN KEY/],
  '0006_vitals': [/^ALTER TABLE "blood_pressures" ADD CONSTRAINT "blood_pressures_(source|bounds)_ck" CHECK/],
  // audit_logs grows with every member action: the next index on it goes CONCURRENTLY, by hand.
  '0008_operators': [/^CREATE INDEX "audit_logs_operator_idx" ON "audit_logs"/],
  '0011_audit_logs_by_association': [/^CREATE INDEX "audit_logs_association_idx" ON "audit_logs"/],
  // Issue 24: on a large database these are created by hand with CREATE INDEX CONCURRENTLY before
  // the release (README, "Migrations and rolling deploys"); the migration's IF NOT EXISTS then skips them.
  '0015_earning_rules': [/^CREATE INDEX IF NOT EXISTS "(steps_held_idx|earning_marks_user_day_idx)" ON/],
  '0017_sealed_outbox_and_replays': [/^CREATE INDEX IF NOT EXISTS "outbox_messages_claimed_idx" ON "outbox_messages"/],
  // Issue 27 (the dashboard's points by program and day): likewise created by hand, CONCURRENTLY, first.
  '0021_ledger_by_program': [/^CREATE INDEX IF NOT EXISTS "ledger_transfers_program_created_idx" ON "ledger_transfers"/],
  // Issue 27 (the points history's earning day per transfer): likewise.
  '0023_onboarding_and_earning_days': [/^CREATE INDEX IF NOT EXISTS "earning_marks_transfer_idx" ON "earning_marks"/],
  // Issue 27 (a gift order's refund found by its reference) and issue 28 (every list on one index
  // range; the reconcile slices' lookups): likewise created by hand, CONCURRENTLY, first.
  '0024_gift_order_refunds': [/^CREATE INDEX IF NOT EXISTS "ledger_transfers_gift_order_idx" ON "ledger_transfers"/],
  '0025_figures_and_list_ranges': [
    /^CREATE INDEX IF NOT EXISTS "(announcements_association_publish_idx|announcements_site_wide_publish_idx)" ON "announcements"/,
    /^CREATE INDEX IF NOT EXISTS "(ledger_transfers_user_coins_idx|ledger_transfers_user_gift_actions_idx)" ON "ledger_transfers"/,
    /^CREATE INDEX IF NOT EXISTS "point_lots_grant_transfer_idx" ON "point_lots"/,
    /^CREATE INDEX IF NOT EXISTS "prize_competition_entries_transfer_idx" ON "prize_competition_entries"/,
    /^CREATE INDEX IF NOT EXISTS "audit_logs_association_operator_idx" ON "audit_logs"/,
    /^CREATE INDEX IF NOT EXISTS "(myna_dispensings|myna_medical_bills|myna_medical_exams)_list_idx" ON "\1"/,
  ],
  // Issue 28 (jobs from what changed): likewise created by hand, CONCURRENTLY, before the release.
  '0026_jobs_from_what_changed': [
    /^CREATE INDEX IF NOT EXISTS "(point_lots_created_idx|activity_events_pending(_user)?_idx|outbox_messages_pending_priority_idx|users_association_member_idx)" ON/,
  ],
  // Issue 28 (the incremental reconcile's ranges of what changed): likewise.
  '0028_incremental_reconcile': [
    /^CREATE INDEX IF NOT EXISTS "(gift_challenge_draws_created_idx|gift_orders_cancelled_idx|ledger_transfers_created_idx|prize_competition_entries_entered_idx|user_gifts_created_idx)" ON/,
  ],
  // Issue 28 (the health figures' counters): likewise.
  '0029_health_figures': [/^CREATE INDEX IF NOT EXISTS "health_activity_days_user_day_idx" ON "health_activity_days"/],
  // Issue 29 (a member's campaign entries for their download and leaving): likewise.
  '0037_campaign_entries_user_idx': [/^CREATE INDEX IF NOT EXISTS "point_campaign_entries_user_idx" ON "point_campaign_entries"/],
  // Issue 28 (a redemption takes the first free code from an ordered index, not a sort of them all): likewise.
  '0038_gift_codes_free_order': [/^CREATE INDEX IF NOT EXISTS "gift_codes_free_order_idx" ON "gift_codes"/],
  // Issue 28 (the dashboard's index of program transfers without the coins' rows): likewise.
  '0041_program_transfers_points_only': [/^CREATE INDEX IF NOT EXISTS "ledger_transfers_program_points_idx" ON "ledger_transfers"/],
};

/** A statement on one line, without the comment lines before it (they would hide what it does). */
const compact = (statement: string) =>
  statement
    .replace(/^(\s*--[^\n]*\n)*/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** What locks an existing table for long (or rewrites it); `created` are this migration's new tables. */
function lockingProblems(statement: string, created: Set<string>): string[] {
  const sql = compact(statement);
  const problems: string[] = [];
  const table = /^(?:ALTER TABLE|CREATE (?:UNIQUE )?INDEX(?: CONCURRENTLY)?(?: IF NOT EXISTS)? "[^"]+" ON) "([^"]+)"/i.exec(sql)?.[1];
  if (!table || created.has(table)) return problems;
  if (/^CREATE (UNIQUE )?INDEX (?!CONCURRENTLY)/i.test(sql)) {
    problems.push('CREATE INDEX on an existing table blocks its writes while it builds (CONCURRENTLY, outside the migration transaction)');
  }
  if (/ADD COLUMN .* NOT NULL/i.test(sql) && !/ DEFAULT /i.test(sql))
    problems.push('ADD COLUMN … NOT NULL without a DEFAULT fails or rewrites');
  if (/ALTER COLUMN "[^"]+" (SET DATA )?TYPE /i.test(sql)) problems.push('a column type change rewrites the table under an exclusive lock');
  if (/ALTER COLUMN "[^"]+" SET NOT NULL/i.test(sql)) problems.push('SET NOT NULL scans the whole table under an exclusive lock');
  if (/ADD CONSTRAINT .* (FOREIGN KEY|CHECK) /i.test(sql) && !/ NOT VALID/i.test(sql)) {
    problems.push('a foreign key or check added to an existing table is validated under lock (add it NOT VALID, VALIDATE later)');
  }
  return problems;
}

describe('migrations never lock a large table for long, and an older bff keeps working after them (issue 15)', () => {
  it('has no statement that locks an existing table for long (past ones allow-listed)', () => {
    const files = readdirSync(MIGRATIONS_FOLDER).filter((file) => file.endsWith('.sql'));
    expect(files.map((file) => file.replace(/\.sql$/, ''))).toEqual(tags);
    const found: string[] = [];
    for (const tag of tags) {
      const statements = readFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), 'utf8').split('--> statement-breakpoint');
      const created = new Set(
        statements.map((statement) => /CREATE TABLE (?:IF NOT EXISTS )?"([^"]+)"/i.exec(statement)?.[1]).filter(Boolean) as string[],
      );
      for (const statement of statements) {
        const line = compact(statement);
        if ((ALLOWED[tag] ?? []).some((pattern) => pattern.test(line))) continue;
        for (const problem of lockingProblems(statement, created)) found.push(`${tag}: ${line.slice(0, 120)} — ${problem}`);
      }
    }
    expect(found).toEqual([]);
  });

  it('the checks find what they are for', () => {
    const none = new Set<string>();
    expect(lockingProblems('CREATE INDEX "a_idx" ON "vitals" USING btree ("x");', none)).toHaveLength(1);
    expect(lockingProblems('-- why\nCREATE INDEX "a_idx" ON "vitals" USING btree ("x");', none)).toHaveLength(1);
    expect(lockingProblems('CREATE INDEX "a_idx" ON "vitals" USING btree ("x");', new Set(['vitals']))).toEqual([]);
    expect(lockingProblems('ALTER TABLE "users" ADD COLUMN "x" text NOT NULL;', none)).toHaveLength(1);
    expect(lockingProblems('ALTER TABLE "users" ADD COLUMN "x" text DEFAULT \'a\' NOT NULL;', none)).toEqual([]);
    expect(lockingProblems('ALTER TABLE "users" ALTER COLUMN "x" SET DATA TYPE bigint;', none)).toHaveLength(1);
    expect(lockingProblems('ALTER TABLE "users" ALTER COLUMN "x" SET NOT NULL;', none)).toHaveLength(1);
    expect(lockingProblems('ALTER TABLE "a" ADD CONSTRAINT "f" FOREIGN KEY ("b") REFERENCES "b"("id");', none)).toHaveLength(1);
    expect(lockingProblems('ALTER TABLE "a" ADD CONSTRAINT "f" FOREIGN KEY ("b") REFERENCES "b"("id") NOT VALID;', none)).toEqual([]);
  });

  /**
   * The bff of the previous migration set reads and writes the tables as its snapshot describes
   * them: after the newest migration every table and column it knows must still be there with the
   * same type and no stricter nullability, and no column it does not know may be required without
   * a default (its inserts would fail). Checked for each migration against the one before.
   */
  it('keeps every table and column the previous migration set uses (expand, then contract in a later release)', () => {
    const snapshot = (index: number) =>
      JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', `${String(index).padStart(4, '0')}_snapshot.json`), 'utf8')) as Snapshot;
    const allowedBreaks = new Set<string>([]);
    const breaks: string[] = [];
    for (let index = 1; index < tags.length; index += 1) {
      const before = snapshot(index - 1);
      const after = snapshot(index);
      for (const [table, { columns }] of Object.entries(before.tables)) {
        const next = after.tables[table];
        if (!next) {
          breaks.push(`${tags[index]}: ${table} dropped`);
          continue;
        }
        for (const [name, column] of Object.entries(columns)) {
          const now = next.columns[name];
          if (!now) breaks.push(`${tags[index]}: ${table}.${name} dropped`);
          else if (now.type !== column.type) breaks.push(`${tags[index]}: ${table}.${name} ${column.type} → ${now.type}`);
          else if (now.notNull && !column.notNull) breaks.push(`${tags[index]}: ${table}.${name} became NOT NULL`);
        }
        for (const [name, column] of Object.entries(next.columns)) {
          if (!columns[name] && column.notNull && column.default === undefined) {
            breaks.push(`${tags[index]}: ${table}.${name} is new, NOT NULL and has no default`);
          }
        }
      }
    }
    expect(breaks.filter((line) => !allowedBreaks.has(line))).toEqual([]);
  });
});
