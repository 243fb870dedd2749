import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { smsMfaSettingQueryKey } from './get-sms-mfa-setting';

export function confirmSmsMfaSetup(input: CallInput<'confirmSmsMfaSetup'>) {
  return api.confirmSmsMfaSetup(input);
}

/** The code comes back: SMS two-factor is on (or on the new number). */
export function useConfirmSmsMfaSetup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmSmsMfaSetup,
    onSuccess: (setting) => queryClient.setQueryData(smsMfaSettingQueryKey, setting),
  });
}
