import type { SmsMfaSetting } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const smsMfaSettingQueryKey = ['smsMfaSetting'] as const;

export function getSmsMfaSetting(): Promise<SmsMfaSetting> {
  return api.getSmsMfaSetting();
}

export function smsMfaSettingQueryOptions() {
  return queryOptions({ queryKey: smsMfaSettingQueryKey, queryFn: getSmsMfaSetting });
}

/** Whether SMS two-factor is on, and the masked number it sends to. */
export function useSmsMfaSetting() {
  return useQuery(smsMfaSettingQueryOptions());
}
