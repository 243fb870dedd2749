import type { HealthForecast } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const healthForecastQueryKey = ['healthForecast'] as const;

export function getHealthForecast(): Promise<HealthForecast> {
  return api.getHealthForecast({});
}

/**
 * Read again whenever the page opens (not the client's 30 s): coming back from the secret question
 * or from recording a blood pressure, the inputs must be the new ones.
 */
export function healthForecastQueryOptions() {
  return queryOptions({ queryKey: healthForecastQueryKey, queryFn: getHealthForecast, staleTime: 0 });
}

/** The member's inputs with their sources, and the forecast of them (nothing stored by viewing). */
export function useHealthForecast() {
  return useQuery(healthForecastQueryOptions());
}
