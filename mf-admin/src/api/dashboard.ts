import { useQuery } from '@tanstack/react-query';
import { adminApi } from './operator-client';

export interface Period {
  from: string;
  to: string;
}

// The dashboard is composed here from each area's own operator call (account, health,
// incentives): each loads, fails and retries on its own.

export function useMemberStats(associationId: string, period: Period) {
  return useQuery({
    queryKey: ['admin', associationId, 'memberStats', period.from, period.to],
    queryFn: () => adminApi.getOperatorMemberStats({ associationId, ...period }),
  });
}

export function useHealthStats(associationId: string, period: Period) {
  return useQuery({
    queryKey: ['admin', associationId, 'healthStats', period.from, period.to],
    queryFn: () => adminApi.getOperatorHealthStats({ associationId, ...period }),
  });
}

export function usePointStats(associationId: string, period: Period) {
  return useQuery({
    queryKey: ['admin', associationId, 'pointStats', period.from, period.to],
    queryFn: () => adminApi.getOperatorPointStats({ associationId, ...period }),
  });
}
