import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { Actor } from './actor';
import { auditLogs } from '../db/schema';

/** The account events kept in the audit log (issue: accounts and access). */
export type AuditEvent =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_in_mfa_required'
  | 'account_locked'
  | 'account_unlocked'
  | 'logout'
  | 'sign_up'
  | 'email_verified'
  | 'password_reset_requested'
  | 'password_reset'
  | 'email_change_requested'
  | 'email_changed'
  | 'mfa_enabled'
  | 'mfa_changed'
  | 'mfa_disabled'
  | 'step_up_succeeded'
  | 'step_up_failed'
  | 'association_linked'
  | 'association_link_failed'
  | 'consent_given'
  | 'consent_withdrawn'
  | 'profile_updated'
  | 'onboarding_finished'
  | 'notification_settings_updated'
  | 'notification_unsubscribed'
  | 'points_adjusted'
  | 'city_os_opted_in'
  // Taking one's records and leaving (issue 24 #15): the counts, never the values.
  | 'member_data_exported'
  | 'member_left'
  // My Number data (issue 12): who read, exported or removed how many records, never the values.
  | 'myna_linked'
  | 'myna_link_failed'
  | 'myna_secret_question_registered'
  | 'myna_secret_question_failed'
  | 'myna_secret_question_locked'
  | 'myna_secret_question_reset'
  | 'myna_import_requested'
  | 'myna_records_read'
  | 'myna_exported'
  // Hand-entered receipts (issue 25 #3): created, updated or deleted, and the year; never a value.
  | 'myna_medical_receipt_saved'
  | 'myna_removed';

/**
 * Writes one audit row. Pass the transaction the change runs in, so the event is recorded if
 * and only if the change is.
 */
export async function audit(
  db: Executor,
  /** Who made the request (null: the system, or no request). */
  actor: Actor | null,
  event: AuditEvent,
  userId: string | null,
  detail: Record<string, unknown> = {},
  /** When it happened, from the app's clock: rules that count recent events (throttles) read it. */
  at?: Date,
): Promise<void> {
  await db.insert(auditLogs).values({
    event,
    userId,
    ip: actor?.ip ?? null,
    userAgent: actor?.userAgent ?? null,
    detail,
    ...(at ? { createdAt: at } : {}),
  });
}

/** Detail keys that name the person (an address, a phone number). */
const PERSONAL_DETAIL_KEYS = ['email', 'newEmail', 'from', 'to', 'phoneNumber', 'sentTo', 'nickname', 'birthday'];

/**
 * A member left the service: their entries stay (who did what, when: the association's evidence),
 * without the client address, browser or any address or phone number their detail named.
 */
export async function anonymiseAuditEntriesOf(db: Executor, userId: string): Promise<void> {
  const keys = sql.join(
    PERSONAL_DETAIL_KEYS.map((key) => sql`${key}`),
    sql`, `,
  );
  await db
    .update(auditLogs)
    .set({ ip: null, userAgent: null, detail: sql`${auditLogs.detail} - array[${keys}]::text[]` })
    .where(eq(auditLogs.userId, userId));
}
