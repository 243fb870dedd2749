import { associationAgreementsPath, pagePaths, type CallOutput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Member } from '../platform/handlers';
import type { Executor } from '../db/client';
import { associations, users } from '../db/schema';
import { pendingTermsAssociationId } from './agreements';

/**
 * What the areas need to decide what the member may see, and the one page the member must
 * visit first: verify the e-mail address, then link an association, then agree to its terms.
 */
export async function navigationInfo(db: Executor, member: Member): Promise<CallOutput<'getNavigationInfo'>> {
  const [row] = await db
    .select({ smsMfaEnabledAt: users.smsMfaEnabledAt, associationId: associations.id, associationName: associations.name })
    .from(users)
    .leftJoin(associations, eq(associations.id, users.associationId))
    .where(eq(users.id, member.id));
  const association = row?.associationId ? { id: row.associationId, name: row.associationName! } : null;
  const pending = association ? await pendingTermsAssociationId(db, member.id, association.id) : null;
  let next: string | null = null;
  if (!member.emailVerified) next = pagePaths.emailNotVerified;
  else if (!association) next = pagePaths.unassociated;
  else if (pending) next = associationAgreementsPath(pending);
  return {
    nickname: member.nickname,
    emailVerified: member.emailVerified,
    association,
    pendingAgreementAssociationId: pending,
    smsMfaEnabled: Boolean(row?.smsMfaEnabledAt),
    next,
  };
}
