import { ErrorCodes } from '@sukoyaka/contract';
import { HttpError } from './errors';

/** What the account conditions are decided from: the member's row and their association's. */
export interface AccountStanding {
  lockedUntil: Date | null;
  suspendedAt: Date | null;
  membershipExpiresOn: string | null;
  associationId: string | null;
  associationVerifiedAt: Date | null;
  associationUnderMaintenance: boolean | null;
}

/** The calendar day in Japan, where memberships start and end. */
export function japanDate(now: Date): string {
  return new Date(now.getTime() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export const accountLocked = () =>
  new HttpError(423, ErrorCodes.systemAccountLocked, 'アカウントがロックされています。しばらく時間をおいてから再度お試しください。');

/**
 * The account conditions of spec §6/§8, in order of precedence. Returns the error the member's
 * calls answer with, or null for a member in good standing. A member with no association at all
 * is not refused here: they are sent to link one (/unassociated).
 */
export function accountConditionError(standing: AccountStanding, now: Date): HttpError | null {
  if (standing.lockedUntil && standing.lockedUntil.getTime() > now.getTime()) return accountLocked();
  if (standing.suspendedAt) {
    return new HttpError(
      403,
      ErrorCodes.userIsSuspended,
      'このアカウントはご利用が停止されています。詳しくはご加入の健康保険組合にお問い合わせください。',
    );
  }
  if (standing.membershipExpiresOn && standing.membershipExpiresOn < japanDate(now)) {
    return new HttpError(403, ErrorCodes.userMembershipExpired, '健康保険組合の資格が失効しているため、ご利用いただけません。');
  }
  if (standing.associationId && !standing.associationVerifiedAt) {
    return new HttpError(403, ErrorCodes.userNotAssociationVerified, '健康保険組合による加入者情報の確認が完了していません。');
  }
  if (standing.associationUnderMaintenance) {
    return new HttpError(503, ErrorCodes.associationUnderMaintenance, 'ご加入の健康保険組合のサービスはただいまメンテナンス中です。');
  }
  return null;
}

export const emailNotVerified = () =>
  new HttpError(403, ErrorCodes.userEmailNotVerified, 'メールアドレスの確認が完了していません。届いたメールのリンクを開いてください。');
