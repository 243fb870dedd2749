import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const openEnquetesQueryKey = ['content', 'enquetes'] as const;

export const openEnquetesQueryOptions = queryOptions({ queryKey: openEnquetesQueryKey, queryFn: () => api.listOpenEnquetes({}) });

/** The association's open enquetes, with whether the member answered each. */
export function useOpenEnquetes(enabled = true) {
  return useQuery({ ...openEnquetesQueryOptions, enabled });
}
