import { useQuery } from '@tanstack/react-query';
import type { CallOutput } from '@sukoyaka/contract';
import { api } from '../api/calls';

export type UserInfo = CallOutput<'getUserInfo'>;
export const userInfoQueryKey = ['userInfo'] as const;

export function userInfoQueryOptions() {
  return { queryKey: userInfoQueryKey, queryFn: () => api.getUserInfo() };
}

/** The signed-in member; a visitor gets an AppError with statusCode 401. */
export function useUserInfo() {
  return useQuery(userInfoQueryOptions());
}
