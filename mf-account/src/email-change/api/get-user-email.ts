import type { CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type UserEmail = CallOutput<'getUserEmail'>;

export const userEmailQueryKey = ['userEmail'] as const;

export function getUserEmail(): Promise<UserEmail> {
  return api.getUserEmail();
}

export function userEmailQueryOptions() {
  return queryOptions({ queryKey: userEmailQueryKey, queryFn: getUserEmail });
}

/** The account's address and the new one waiting for confirmation (works before verification). */
export function useUserEmail() {
  return useQuery(userEmailQueryOptions());
}
