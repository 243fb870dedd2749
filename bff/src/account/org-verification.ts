import type { Actor } from '../platform/actor';
import {
  associationAgreementsPath,
  ErrorCodes,
  ORG_ALREADY_LINKED_MESSAGE,
  ORG_NO_MATCH_MESSAGE,
  ORG_TOO_MANY_ATTEMPTS_MESSAGE,
  OrgVerificationErrorCodes,
  pagePaths,
  type ParsedInput,
} from '@sukoyaka/contract';
import { and, count, eq, gt } from 'drizzle-orm';
import type { Member } from '../platform/handlers';
import type { Database, Executor } from '../db/client';
import { associations, auditLogs, rosterEntries, users } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import { pendingTermsAssociationId } from './agreements';
import { audit } from '../platform/audit';
import { claimRosterEntry } from './roster-entries';
import { linkAssociation } from './users';

/** Failed attempts a member may make within the window before being told to wait. */
export const LINK_FAILURES_PER_WINDOW = 10;
export const LINK_FAILURE_WINDOW_MS = 60 * 60 * 1000;

export const noMatch = () => new HttpError(400, OrgVerificationErrorCodes.noMatch, ORG_NO_MATCH_MESSAGE);
const alreadyLinked = () => new HttpError(409, OrgVerificationErrorCodes.alreadyLinked, ORG_ALREADY_LINKED_MESSAGE);
const tooManyAttempts = () => new HttpError(429, ErrorCodes.tooManyRequests, ORG_TOO_MANY_ATTEMPTS_MESSAGE);

type FailureReason = 'unknown_insurer' | 'no_match' | 'already_linked';

/** Thrown inside the transaction to roll the member's update back when the entry was taken meanwhile. */
class EntryTaken extends Error {}

async function recentFailures(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ failures: count() })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.userId, userId),
        eq(auditLogs.event, 'association_link_failed'),
        gt(auditLogs.createdAt, new Date(now.getTime() - LINK_FAILURE_WINDOW_MS)),
      ),
    );
  return row?.failures ?? 0;
}

/**
 * Links the member to the association whose roster holds their card's details. Every way of
 * not matching (unknown insurer number, no such entry, an entry someone else linked) gets the
 * same answer, so the form cannot be used to learn who is insured where; each is audited and
 * counts toward the hourly limit.
 */
export async function verifyOrganization(
  db: Database,
  actor: Actor,
  member: Member,
  input: ParsedInput<'verifyOrganization'>,
  now: Date,
): Promise<{ association: { id: string; name: string }; next: string }> {
  if (member.associationId) throw alreadyLinked();
  if ((await recentFailures(db, member.id, now)) >= LINK_FAILURES_PER_WINDOW) throw tooManyAttempts();

  const [association] = await db
    .select({ id: associations.id, name: associations.name })
    .from(associations)
    .where(eq(associations.insurerNumber, input.insurerNumber));

  let failure: { reason: FailureReason; associationId?: string; rosterEntryId?: string } | null = null;
  if (!association) {
    failure = { reason: 'unknown_insurer' };
  } else {
    try {
      failure = await db.transaction(async (tx) => {
        const [entry] = await tx
          .select({ id: rosterEntries.id, linkedUserId: rosterEntries.linkedUserId, birthday: rosterEntries.birthday })
          .from(rosterEntries)
          .where(
            and(
              eq(rosterEntries.associationId, association.id),
              eq(rosterEntries.memberSymbol, input.memberSymbol),
              eq(rosterEntries.memberNumber, input.memberNumber),
              eq(rosterEntries.birthday, input.birthday),
            ),
          );
        if (!entry) return { reason: 'no_match' as const, associationId: association.id };
        if (entry.linkedUserId && entry.linkedUserId !== member.id) {
          return { reason: 'already_linked' as const, associationId: association.id, rosterEntryId: entry.id };
        }
        const [current] = await tx.select({ birthday: users.birthday }).from(users).where(eq(users.id, member.id));
        // Only a member with no association yet: a second tab cannot link a second entry.
        const linked = await linkAssociation(tx, member.id, {
          associationId: association.id,
          verifiedAt: now,
          birthday: current?.birthday ?? entry.birthday,
        });
        if (!linked) throw alreadyLinked();
        // Claimed only if still free: of two members racing for one entry, one wins.
        if (!(await claimRosterEntry(tx, entry.id, member.id))) throw new EntryTaken();
        await audit(tx, actor, 'association_linked', member.id, { associationId: association.id, rosterEntryId: entry.id }, now);
        return null;
      });
    } catch (error) {
      if (!(error instanceof EntryTaken)) throw error;
      failure = { reason: 'already_linked', associationId: association.id };
    }
  }

  if (failure) {
    // What was typed stays out of the log: it is personal data, and the reason is enough.
    await db.transaction((tx) => audit(tx, actor, 'association_link_failed', member.id, failure, now));
    throw noMatch();
  }
  const pending = await pendingTermsAssociationId(db, member.id, association!.id);
  return { association: association!, next: pending ? associationAgreementsPath(pending) : pagePaths.home };
}

/** The member's verified associations: at most one today. Never anyone else's. */
export async function listUserAssociations(db: Executor, member: Member, userId: string | undefined) {
  if (userId !== undefined && userId.toLowerCase() !== member.id) throw notFound();
  const rows = await db
    .select({ id: associations.id, name: associations.name, verifiedAt: users.associationVerifiedAt })
    .from(users)
    .innerJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.id, member.id));
  return { items: rows.map((row) => ({ id: row.id, name: row.name, verifiedAt: row.verifiedAt ? row.verifiedAt.toISOString() : null })) };
}

/** The member's own association; any other id is answered as not found. */
export async function getAssociation(db: Executor, member: Member, associationId: string) {
  if (!member.associationId || associationId.toLowerCase() !== member.associationId) throw notFound();
  const [row] = await db
    .select({ id: associations.id, name: associations.name, insurerNumber: associations.insurerNumber })
    .from(associations)
    .where(eq(associations.id, member.associationId));
  if (!row) throw notFound();
  return row;
}
