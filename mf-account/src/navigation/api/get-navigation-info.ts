import type { CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type NavigationInfo = CallOutput<'getNavigationInfo'>;

export const navigationInfoQueryKey = ['navigationInfo'] as const;

export function getNavigationInfo(): Promise<NavigationInfo> {
  return api.getNavigationInfo();
}

export function navigationInfoQueryOptions() {
  return queryOptions({ queryKey: navigationInfoQueryKey, queryFn: getNavigationInfo });
}

/** Where the signed-in account must go first (`next`), and what it may see; a visitor gets a 401 AppError. */
export function useNavigationInfo() {
  return useQuery(navigationInfoQueryOptions());
}
