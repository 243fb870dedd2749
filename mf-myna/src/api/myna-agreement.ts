import type { MynaAgreement } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { mynaConnectionStateQueryKey } from './get-myna-connection-state';

/*
 * The My Number terms: getMynaAgreement, createMynaAgreement and withdrawMynaAgreement answer the
 * same thing (the terms and the member's consent), so they share one cache entry.
 */

export const mynaAgreementQueryKey = ['myna', 'agreement'] as const;

export function useMynaAgreement() {
  return useQuery({ queryKey: mynaAgreementQueryKey, queryFn: () => api.getMynaAgreement({}) });
}

function settle(queryClient: QueryClient, agreement: MynaAgreement) {
  queryClient.setQueryData(mynaAgreementQueryKey, agreement);
  return queryClient.invalidateQueries({ queryKey: mynaConnectionStateQueryKey });
}

export function useAgreeMynaTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (version: number) => api.createMynaAgreement({ version }),
    onSuccess: (agreement) => settle(queryClient, agreement),
  });
}

export function useWithdrawMynaTerms() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => api.withdrawMynaAgreement({}), onSuccess: (agreement) => settle(queryClient, agreement) });
}
