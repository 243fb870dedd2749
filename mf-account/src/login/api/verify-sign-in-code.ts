import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export function verifySignInCode(input: CallInput<'verifySignInCode'>) {
  return api.verifySignInCode(input);
}

/** Sign-in's second step when SMS two-factor is on: the code completes it. */
export function useVerifySignInCode() {
  return useMutation({ mutationFn: verifySignInCode });
}
