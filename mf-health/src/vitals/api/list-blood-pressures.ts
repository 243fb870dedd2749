import type { CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';

export type BloodPressurePage = CallOutput<'listBloodPressures'>;

export const bloodPressuresQueryKey = ['bloodPressures'] as const;

export function getBloodPressures(cursor?: string): Promise<BloodPressurePage> {
  return api.listBloodPressures(cursor ? { cursor, limit: 20 } : { limit: 20 });
}

export function bloodPressuresQueryOptions() {
  return infiniteQueryOptions({
    queryKey: bloodPressuresQueryKey,
    queryFn: ({ pageParam }) => getBloodPressures(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The member's readings, newest first, twenty at a time. */
export function useBloodPressures() {
  return useInfiniteQuery(bloodPressuresQueryOptions());
}
