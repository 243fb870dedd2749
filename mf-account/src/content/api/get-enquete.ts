import { api } from '@sukoyaka/shared';
import { useQuery } from '@tanstack/react-query';

export const enqueteQueryKey = (enqueteId: string) => ['content', 'enquete', enqueteId] as const;

/** One enquete with its questions. */
export function useEnquete(enqueteId: string) {
  return useQuery({ queryKey: enqueteQueryKey(enqueteId), queryFn: () => api.getEnquete({ enqueteId }) });
}
