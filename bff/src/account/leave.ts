// Leaving the service (退会, issue 24 #15). What goes and what stays, and why, is
// docs/decisions/0001-leaving-the-service.md; the page says the same to the member before they
// confirm. In short: the personal records are deleted at once, in one transaction; the ledger
// (transfers, entries, lots, redeemed gifts, draws, competition entries) and the audit entries
// stay for LEAVE_RETENTION_YEARS, attached to the users row emptied of everything personal, so the
// ledger still reconciles and an auditor can follow a transfer without learning who it was.
import { ErrorCodes, LEAVE_RETENTION_YEARS, type CallOutput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import {
  consents,
  knownDevices,
  notificationDeliveries,
  notificationSettings,
  oneTimeTokens,
  signInLocks,
  smsCodes,
  users,
} from '../db/schema';
import { deleteActivitiesOf } from '../platform/activity-events';
import { anonymiseAuditEntriesOf, audit } from '../platform/audit';
import { HttpError } from '../platform/errors';
import type { CallContext } from '../platform/handlers';
import { deleteIdempotencyKeysOf } from '../platform/idempotency';
import { memberRecordKeepers, type LeaveOutlook } from '../platform/member-records';
import { dropPendingMessagesTo, enqueueMail } from '../platform/outbox';
import { SESSION_COOKIE } from '../platform/plugins/session';
import { deleteSessionsOfUser } from '../platform/sessions';
import { farewellMail } from './account-mails';
import { addressKey } from './lockout';
import { releaseRosterEntries } from './roster-entries';
import { anonymiseLeftUser } from './users';

export async function leaveServiceSummary(context: CallContext<'member'>): Promise<CallOutput<'getLeaveServiceSummary'>> {
  const outlook: LeaveOutlook = {};
  for (const keeper of memberRecordKeepers()) {
    if (keeper.outlook) Object.assign(outlook, await keeper.outlook({ db: context.db, userId: context.member.id }));
  }
  return {
    points: outlook.points ?? [],
    coins: outlook.coins ?? 0,
    wearableConnected: outlook.wearableConnected ?? false,
    mynaConnected: outlook.mynaConnected ?? false,
    pendingGiftOrders: outlook.pendingGiftOrders ?? [],
    retentionYears: LEAVE_RETENTION_YEARS,
  };
}

const alreadyLeft = () => new HttpError(409, ErrorCodes.alreadyLeft, 'この会員はすでに退会しています。');

export async function leaveService(context: CallContext<'member'>): Promise<CallOutput<'leaveService'>> {
  const { db, member, request, actor, reply, services, now } = context;
  const userId = member.id;
  const keepers = memberRecordKeepers();
  // Grants held by other services are ended first, outside the transaction (network calls); a
  // keeper that cannot end its grant refuses the leaving with nothing changed.
  for (const keeper of keepers) await keeper.revokeGrants?.({ db, services, log: request.log, userId, now });

  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, phoneNumber: users.phoneNumber, leftAt: users.leftAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || user.leftAt) throw alreadyLeft();

    const erased: Record<string, unknown> = {};
    const forfeited = { points: 0, coins: 0 };
    for (const keeper of keepers) {
      const outcome = await keeper.erase({ tx, actor, userId, now });
      erased[keeper.area] = outcome.audit;
      forfeited.points += outcome.forfeited?.points ?? 0;
      forfeited.coins += outcome.forfeited?.coins ?? 0;
    }
    const rosterEntriesFreed = await releaseRosterEntries(tx, userId);
    // The account's own records. Each delete is by the member's id (or address), on its index.
    await tx.delete(consents).where(eq(consents.userId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.delete(notificationDeliveries).where(eq(notificationDeliveries.userId, userId));
    await tx.delete(knownDevices).where(eq(knownDevices.userId, userId));
    await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
    await tx.delete(smsCodes).where(eq(smsCodes.userId, userId));
    await tx.delete(signInLocks).where(eq(signInLocks.emailHash, addressKey(user.email)));
    await deleteActivitiesOf(tx, userId);
    await deleteIdempotencyKeysOf(tx, userId);
    await dropPendingMessagesTo(tx, [user.email, ...(user.phoneNumber ? [user.phoneNumber] : [])]);
    const sessionsEnded = await deleteSessionsOfUser(tx, userId);

    await anonymiseAuditEntriesOf(tx, userId);
    await anonymiseLeftUser(tx, userId, now);
    await audit(
      tx,
      null,
      'member_left',
      userId,
      { forfeited, sessionsEnded, rosterEntriesFreed, erased, retentionYears: LEAVE_RETENTION_YEARS },
      now,
    );
    await enqueueMail(tx, farewellMail(user.email), { kind: 'farewell', now });
    return { forfeited };
  });

  // This browser's session went with the others: its cookie goes too.
  request.session = null;
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
  return { leftAt: now.toISOString(), forfeited: result.forfeited };
}
