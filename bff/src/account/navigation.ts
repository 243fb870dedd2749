import { associationAgreementsPath, pagePaths, type CallOutput } from '@sukoyaka/contract';
import { and, asc, count, eq, gt, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Member } from '../platform/handlers';
import type { Executor } from '../db/client';
import { announcementReads, announcements, associations, pointPrograms, users } from '../db/schema';
import { pendingTermsAssociationId } from './agreements';

/**
 * What the areas need to decide what the member may see, and the one page the member must
 * visit first: verify the e-mail address, then link an association, then agree to its terms.
 */
export async function navigationInfo(db: Executor, member: Member, now: Date): Promise<CallOutput<'getNavigationInfo'>> {
  const [row] = await db
    .select({
      smsMfaEnabledAt: users.smsMfaEnabledAt,
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
