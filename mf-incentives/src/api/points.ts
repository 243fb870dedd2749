import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from './invalidate';

export const pointAccountsQueryKey = ['incentives', 'pointAccounts'] as const;

/** The member's programs with balance, expiries and whether consent is needed. */
export function usePointAccounts() {
  return useQuery({ queryKey: pointAccountsQueryKey, queryFn: () => api.listEnablePointAccounts({}) });
}

export function usePointAccount(pointId: string) {
  return useQuery({ queryKey: ['incentives', 'pointAccount', pointId], queryFn: () => api.getEnablePointAccount({ pointId }) });
}

export function usePointInfo(pointId: string) {
  return useQuery({ queryKey: ['incentives', 'pointInfo', pointId], queryFn: () => api.getPointInfo({ pointId }) });
}

export function usePointMenus(pointId: string) {
  return useQuery({ queryKey: ['incentives', 'pointMenus', pointId], queryFn: () => api.listPointMenus({ pointId }) });
}

export function usePointUserActions(pointId: string) {
  return useQuery({ queryKey: ['incentives', 'pointUserActions', pointId], queryFn: () => api.listPointUserActions({ pointId }) });
}

/** Consent to one program's current terms. */
export function useCreatePointAgreement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pointId: string) => api.createPointAgreement({ pointId }),
    onSuccess: () => invalidateBalances(queryClient),
  });
}
