import type { CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export type VitalsSummary = CallOutput<'getVitalsSummary'>;

export const vitalsSummaryQueryKey = ['vitalsSummary'] as const;

export function getVitalsSummary(): Promise<VitalsSummary> {
  return api.getVitalsSummary({});
}

export function vitalsSummaryQueryOptions() {
  return queryOptions({ queryKey: vitalsSummaryQueryKey, queryFn: getVitalsSummary });
}

/** The latest of each vital, today's steps against the goal, the goals and the height. */
export function useVitalsSummary() {
  return useQuery(vitalsSummaryQueryOptions());
}
