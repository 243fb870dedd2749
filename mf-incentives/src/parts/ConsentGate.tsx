import type { PointAccount } from '@sukoyaka/contract';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from '@sukoyaka/shared';
import { usePointAccount } from '../api/points';
import { QueryState } from './IncentivePage';

export const requireAgreementPath = (pointId: string, returnTo?: string) =>
  `/points/${encodeURIComponent(pointId)}/require_agreement${returnTo ? `?return_to=${encodeURIComponent(returnTo)}` : ''}`;

/** A program that needs consent first sends the member to its require_agreement page, and back afterwards. */
export function ConsentGate({ pointId, children }: { pointId: string; children: (account: PointAccount) => ReactNode }) {
  const account = usePointAccount(pointId);
  const location = useLocation();
  if (!account.data) return <QueryState query={account} label="ポイント" />;
  if (account.data.requiresAgreement) return <Navigate replace to={requireAgreementPath(pointId, location.pathname)} />;
  return <>{children(account.data)}</>;
}
