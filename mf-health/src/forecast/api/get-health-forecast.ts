import type { HealthForecast } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const healthForecastQueryKey = ['healthForecast'] as const;

export function getHealthForecast(): Promise<HealthForecast> {
  return api.getHealthForecast({});
}

export function healthForecastQueryOptions() {
  return queryOptions({ queryKey: healthForecastQueryKey, queryFn: getHealthForecast });
}

/** The member's inputs with their sources, and the forecast of them (nothing stored by viewing). */
export function useHealthForecast() {
  return useQuery(healthForecastQueryOptions());
}
