import type { CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const leaveServiceSummaryQueryKey = ['leaveServiceSummary'] as const;

export function getLeaveServiceSummary(): Promise<CallOutput<'getLeaveServiceSummary'>> {
  return api.getLeaveServiceSummary();
}

/** What leaving would forfeit and end, for the statement before the member confirms. */
export function useLeaveServiceSummary() {
  return useQuery(queryOptions({ queryKey: leaveServiceSummaryQueryKey, queryFn: getLeaveServiceSummary }));
}
