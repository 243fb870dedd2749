import { associationAgreementsPath, pagePaths, type CallOutput } from '@sukoyaka/contract';
import { and, asc, count, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Member } from '../platform/handlers';
import type { Database, Executor } from '../db/client';
import type { Actor } from '../platform/actor';
import { audit } from '../platform/audit';
import { markOnboarded } from './users';
import { announcementReads, announcements, associations, pointPrograms, users } from '../db/schema';
import { pendingTermsAssociationId } from './agreements';

/**
 * What the areas need to decide what the member may see, and the one page the member must
 * visit first: verify the e-mail address, then link an association, then agree to its terms,
 * then (once) the welcome of a new member.
 */
export async function navigationInfo(db: Executor, member: Member, now: Date): Promise<CallOutput<'getNavigationInfo'>> {
  const [row] = await db
    .select({
      smsMfaEnabledAt: users.smsMfaEnabledAt,
      onboardedAt: users.onboardedAt,
      associationId: associations.id,
      associationName: associations.name,
      mynaAvailable: associations.mynaAvailable,
    })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.id, member.id));
  const association = row?.associationId ? { id: row.associationId, name: row.associationName! } : null;
  const pending = association ? await pendingTermsAssociationId(db, member.id, association.id) : null;
  let next: string | null = null;
  if (!member.emailVerified) next = pagePaths.emailNotVerified;
  else if (!association) next = pagePaths.unassociated;
  else if (pending) next = associationAgreementsPath(pending);
  // Last, once the member may use the service: the first sign-in's welcome, until finished or skipped.
  else if (row && !row.onboardedAt) next = pagePaths.onboarding;
  const programs = association
    ? await db
        .select({ id: pointPrograms.id, name: pointPrograms.name })
        .from(pointPrograms)
        .where(eq(pointPrograms.associationId, association.id))
        .orderBy(asc(pointPrograms.createdAt))
    : [];
  return {
    nickname: member.nickname,
    emailVerified: member.emailVerified,
    association,
    pendingAgreementAssociationId: pending,
    smsMfaEnabled: Boolean(row?.smsMfaEnabledAt),
    pointPrograms: programs,
    mynaAvailable: Boolean(row?.mynaAvailable),
    unreadAnnouncements: member.emailVerified && association ? await unreadAnnouncements(db, member.id, association.id, now) : 0,
    next,
  };
}

/**
 * Unread announcements visible now (the content area's tables, read here for the menu's badge in
 * one statement; the content area's own count is `countUnreadAnnouncements`).
 */
async function unreadAnnouncements(db: Executor, userId: string, associationId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(announcements)
    .leftJoin(announcementReads, and(eq(announcementReads.announcementId, announcements.id), eq(announcementReads.userId, userId)))
    .where(
      and(
        isNotNull(announcements.publishedAt),
        lte(announcements.publishFrom, now),
        or(isNull(announcements.publishUntil), gt(announcements.publishUntil, now)),
        or(isNull(announcements.associationId), eq(announcements.associationId, associationId)),
        isNull(announcementReads.userId),
      ),
    );
  return row?.value ?? 0;
}

/**
 * The member finished or skipped the welcome: recorded once (the first time stays), audited with
 * which of the two it was. A second call changes nothing and answers the first time.
 */
export async function finishOnboarding(
  db: Database,
  actor: Actor,
  member: Member,
  skipped: boolean,
  now: Date,
): Promise<CallOutput<'finishOnboarding'>> {
  return db.transaction(async (tx) => {
    const first = await markOnboarded(tx, member.id, now);
    if (first) await audit(tx, actor, 'onboarding_finished', member.id, { skipped }, now);
    const [row] = await tx.select({ onboardedAt: users.onboardedAt }).from(users).where(eq(users.id, member.id));
    return { onboardedAt: (row?.onboardedAt ?? now).toISOString() };
  });
}
