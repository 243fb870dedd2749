import type { CallInput, ForecastSnapshot, ListedForecastSnapshot } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { healthForecastQueryKey } from './get-health-forecast';

export const SNAPSHOT_PAGE_SIZE = 10;
export const snapshotsQueryKey = ['healthForecast', 'snapshots'] as const;

export function listSavedHealthForecasts(
  cursor: string | undefined,
): Promise<{ items: ListedForecastSnapshot[]; nextCursor: string | null }> {
  return api.listSavedHealthForecasts({ ...(cursor ? { cursor } : {}), limit: SNAPSHOT_PAGE_SIZE });
}

export function snapshotsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: snapshotsQueryKey,
    queryFn: ({ pageParam }) => listSavedHealthForecasts(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The member's saved forecasts, newest first, ten at a time. */
export function useHealthForecastSnapshots() {
  return useInfiniteQuery(snapshotsQueryOptions());
}

export type SnapshotInput = CallInput<'saveHealthForecastSnapshot'>;

export function saveHealthForecastSnapshot(input: SnapshotInput): Promise<ForecastSnapshot> {
  return api.saveHealthForecastSnapshot(input);
}

/** A new snapshot: the list, and the forecast (its saved answers fill missing inputs next time). */
export function useSaveHealthForecastSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveHealthForecastSnapshot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: healthForecastQueryKey }),
  });
}

export function deleteHealthForecastSnapshot(id: string) {
  return api.deleteHealthForecastSnapshot({ id });
}

export function useDeleteHealthForecastSnapshot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteHealthForecastSnapshot,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: snapshotsQueryKey }),
  });
}
