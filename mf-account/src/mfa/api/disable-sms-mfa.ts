import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { smsMfaSettingQueryKey } from './get-sms-mfa-setting';

export function disableSmsMfa() {
  return api.disableSmsMfa();
}

/** Turns SMS two-factor off. */
export function useDisableSmsMfa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableSmsMfa,
    onSuccess: (setting) => queryClient.setQueryData(smsMfaSettingQueryKey, setting),
  });
}
