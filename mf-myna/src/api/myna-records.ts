import { api } from '@sukoyaka/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';

/*
 * The member's records (listMynaMedicalExams, getMynaMedicalExam, listMynaMedicines,
 * listMynaMedicalBills): each read needs a fresh secret-question answer, and all of them live
 * under one key so that an import, an answer or a removal refreshes them together.
 */

export const mynaRecordsQueryKey = ['myna', 'records'] as const;
export const PAGE_SIZE = 20;

export function medicalExamsQueryOptions(limit = PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey: [...mynaRecordsQueryKey, 'medicalExams', limit] as const,
    queryFn: ({ pageParam }) => api.listMynaMedicalExams({ limit, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useMedicalExams(limit = PAGE_SIZE) {
  return useInfiniteQuery(medicalExamsQueryOptions(limit));
}

export function useMedicalExam(id: string | null) {
  return useQuery({
    queryKey: [...mynaRecordsQueryKey, 'medicalExam', id] as const,
    queryFn: () => api.getMynaMedicalExam({ id: id! }),
    enabled: id !== null,
  });
}

export function useMedicines(limit = PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...mynaRecordsQueryKey, 'medicines', limit] as const,
    queryFn: ({ pageParam }) => api.listMynaMedicines({ limit, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One year's bills (the newest year with bills when `year` is null), with the year's and months' totals. */
export function useMedicalBills(year: number | null) {
  return useInfiniteQuery({
    queryKey: [...mynaRecordsQueryKey, 'medicalBills', year] as const,
    queryFn: ({ pageParam }) =>
      api.listMynaMedicalBills({ limit: PAGE_SIZE, ...(year !== null ? { year } : {}), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}
