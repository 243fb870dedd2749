import type { CallInput } from '@sukoyaka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './operator-client';

export const operatorSessionQueryKey = ['admin', 'session'] as const;

/** Where the operator's sign-in stands, the operator and their associations once signed in. */
export function useOperatorSession() {
  return useQuery({ queryKey: operatorSessionQueryKey, queryFn: () => adminApi.getOperatorSession({}) });
}

/** Each sign-in step changes the session: it is read again afterwards (and every cached figure goes). */
function useSessionStep<Input, Output>(step: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: step,
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] === 'admin' && query.queryKey[1] !== 'session' });
      await queryClient.invalidateQueries({ queryKey: operatorSessionQueryKey });
    },
  });
}

export const useOperatorSignIn = () => useSessionStep((input: CallInput<'operatorSignIn'>) => adminApi.operatorSignIn(input));
export const useVerifyOperatorTotp = () => useSessionStep((input: CallInput<'verifyOperatorTotp'>) => adminApi.verifyOperatorTotp(input));
export const useConfirmOperatorTotpEnrolment = () =>
  useSessionStep((input: CallInput<'confirmOperatorTotpEnrolment'>) => adminApi.confirmOperatorTotpEnrolment(input));
export const useOperatorSignOut = () => useSessionStep(() => adminApi.operatorSignOut({}));

/** A new secret for this session's enrolment (asked for once the page opens). */
export function useStartOperatorTotpEnrolment() {
  return useMutation({ mutationFn: () => adminApi.startOperatorTotpEnrolment({}) });
}
