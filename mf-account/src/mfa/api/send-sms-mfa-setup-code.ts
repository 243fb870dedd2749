import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation } from '@tanstack/react-query';

export function sendSmsMfaSetupCode(input: CallInput<'sendSmsMfaSetupCode'>) {
  return api.sendSmsMfaSetupCode(input);
}

/** Sends the six-digit code to the number being registered. */
export function useSendSmsMfaSetupCode() {
  return useMutation({ mutationFn: sendSmsMfaSetupCode });
}
