// The operators' member lookup (mf-admin /admin/members, issue 27): support staff find one of
// their association's members by e-mail address or by the card's 記号・番号 and see only what
// support needs. The route layer has checked the viewer role in `associationId`; every query here
// is bounded by that association, so another association's member is never found.
import type { CallOutput, OperatorMemberSupport, ParsedInput } from '@sukoyaka/contract';
import { and, eq, inArray, isNull, max } from 'drizzle-orm';
import { auditLogs, rosterEntries, signInLocks, users } from '../db/schema';
import type { CallContext } from '../platform/handlers';
import { memberRecordKeepers, type SupportFacts } from '../platform/member-records';
import { auditOperator } from '../platform/operators';
import { addressKey } from './lockout';

/** The most members one card's 記号・番号 can name (a family shares them): a lookup answers at most these. */
const MAX_FOUND = 20;

/** Ids of the association's members (not left) the query names: on users' unique e-mail, or the roster's identity index. */
async function findIds(db: CallContext<'operator'>['db'], input: ParsedInput<'lookupOperatorMember'>): Promise<string[]> {
  if (input.by === 'email') {
    const rows = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, input.email!), eq(users.associationId, input.associationId), isNull(users.leftAt)));
    return rows.map((row) => row.id);
  }
  // roster_entries_identity_idx (association_id, member_symbol, member_number, birthday): its prefix.
  const rows = await db
    .select({ id: users.id })
    .from(rosterEntries)
    .innerJoin(users, eq(users.id, rosterEntries.linkedUserId))
    .where(
      and(
        eq(rosterEntries.associationId, input.associationId),
        eq(rosterEntries.memberSymbol, input.memberSymbol!),
        eq(rosterEntries.memberNumber, input.memberNumber!),
        eq(users.associationId, input.associationId),
        isNull(users.leftAt),
      ),
    )
    .limit(MAX_FOUND);
  return rows.map((row) => row.id);
}

/**
 * lookupOperatorMember. The audit entry says who looked up (the operator), how (`by`: email or
 * card), how many were found and whom (their member ids): never the query itself, as the address
 * or the card's numbers are personal data that would outlive the member's leaving in the log
 * (leaving clears personal data from the member's own entries, not from operators').
 */
export async function lookupOperatorMember(
  input: ParsedInput<'lookupOperatorMember'>,
  { db, actor, operator, now }: CallContext<'operator'>,
): Promise<CallOutput<'lookupOperatorMember'>> {
  const ids = await findIds(db, input);
  const members = ids.length ? await supportViews(db, ids, now) : [];
  await auditOperator(
    db,
    actor,
    'member_looked_up',
    operator.id,
    input.associationId,
    { by: input.by, found: members.length, userIds: members.map((member) => member.id) },
    now,
  );
  return { members };
}

async function supportViews(db: CallContext<'operator'>['db'], ids: string[], now: Date): Promise<OperatorMemberSupport[]> {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      associationVerifiedAt: users.associationVerifiedAt,
      createdAt: users.createdAt,
      lockedUntil: users.lockedUntil,
      suspendedAt: users.suspendedAt,
      membershipExpiresOn: users.membershipExpiresOn,
    })
    .from(users)
    .where(inArray(users.id, ids));
  // audit_logs_user_idx (user_id, created_at): each member's sign-ins.
  const signIns = await db
    .select({ userId: auditLogs.userId, at: max(auditLogs.createdAt) })
    .from(auditLogs)
    .where(and(inArray(auditLogs.userId, ids), eq(auditLogs.event, 'sign_in')))
    .groupBy(auditLogs.userId);
  const lastSignIn = new Map(signIns.map((row) => [row.userId, row.at]));
  // Unknown browsers locked out of the address (lockout.ts) count as a lock too.
  const keys = new Map(rows.map((row) => [addressKey(row.email), row.id]));
  const addressLocks = await db
    .select({ key: signInLocks.emailHash, until: signInLocks.lockedUntil })
    .from(signInLocks)
    .where(inArray(signInLocks.emailHash, [...keys.keys()]));
  const addressLock = new Map(addressLocks.map((row) => [keys.get(row.key), row.until]));
  const facts = new Map<string, SupportFacts>();
  for (const keeper of memberRecordKeepers()) {
    if (!keeper.supportFacts) continue;
    for (const [id, found] of await keeper.supportFacts({ db, userIds: ids })) facts.set(id, { ...facts.get(id), ...found });
  }
  const current = (at: Date | null | undefined) => (at && at.getTime() > now.getTime() ? at : null);
  return rows
    .map((row) => {
      const locks = [current(row.lockedUntil), current(addressLock.get(row.id))].filter((at): at is Date => at !== null);
      const lockedUntil = locks.length ? new Date(Math.max(...locks.map((at) => at.getTime()))) : null;
      return {
        id: row.id,
        nickname: row.nickname,
        associationVerifiedAt: row.associationVerifiedAt?.toISOString() ?? null,
        signedUpAt: row.createdAt.toISOString(),
        lastSignInAt: lastSignIn.get(row.id)?.toISOString() ?? null,
        lockedUntil: lockedUntil?.toISOString() ?? null,
        suspended: row.suspendedAt !== null,
        membershipExpiresOn: row.membershipExpiresOn,
        mynaLinked: facts.get(row.id)?.mynaLinked ?? false,
      };
    })
    .sort((a, b) => a.signedUpAt.localeCompare(b.signedUpAt) || a.id.localeCompare(b.id));
}
