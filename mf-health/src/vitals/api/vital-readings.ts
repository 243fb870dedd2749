import type { CallName, CallOutput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnyReading, VitalKind } from '../kinds';
import type { Period } from '../periods';
import { vitalsSummaryQueryKey } from './get-vitals-summary';

/*
 * The four calls of each vital (list, save, update, delete), through one set of fetchers and
 * hooks: the calls differ only in name (see kinds.ts), the contract declares them alike.
 */

interface ReadingPage {
  items: AnyReading[];
  nextCursor: string | null;
}

/**
 * A vital's call by its contract name (kinds.ts, VitalCalls). The input is the form's values,
 * which the call's own schema validates (VitalForm): the five kinds' inputs differ in shape.
 */
const call = <N extends CallName>(name: N) => api[name] as (input: unknown) => Promise<CallOutput<N>>;

export const LIST_PAGE_SIZE = 20;
/** The chart reads its whole range, at the largest page the contract allows. */
export const CHART_PAGE_SIZE = 100;

export const readingsQueryKey = (kind: VitalKind) => ['vitals', kind.key] as const;

export function listReadings(kind: VitalKind, period: Period | null, cursor: string | undefined, limit: number): Promise<ReadingPage> {
  return call(kind.calls.list)({
    ...(period ? { from: period.from, to: period.to } : {}),
    ...(cursor ? { cursor } : {}),
    limit,
  });
}

/** The list under the chart: the period's readings, newest first, twenty at a time. */
export function readingsQueryOptions(kind: VitalKind, period: Period) {
  return infiniteQueryOptions({
    queryKey: [...readingsQueryKey(kind), 'list', period.from, period.to] as const,
    queryFn: ({ pageParam }) => listReadings(kind, period, pageParam, LIST_PAGE_SIZE),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useReadings(kind: VitalKind, period: Period) {
  return useInfiniteQuery(readingsQueryOptions(kind, period));
}

/** Every reading of the period, for the chart: the pages followed to the end. */
export async function allReadings(kind: VitalKind, period: Period): Promise<AnyReading[]> {
  const readings: AnyReading[] = [];
  let cursor: string | undefined;
  do {
    const page = await listReadings(kind, period, cursor, CHART_PAGE_SIZE);
    readings.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return readings;
}

export function chartReadingsQueryOptions(kind: VitalKind, period: Period) {
  return queryOptions({
    queryKey: [...readingsQueryKey(kind), 'chart', period.from, period.to] as const,
    queryFn: () => allReadings(kind, period),
  });
}

export function useChartReadings(kind: VitalKind, period: Period) {
  return useQuery(chartReadingsQueryOptions(kind, period));
}

/** After any change: this kind's lists and chart, and the overview's latest values. */
function useInvalidate(kind: VitalKind) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: readingsQueryKey(kind) }),
      queryClient.invalidateQueries({ queryKey: vitalsSummaryQueryKey }),
    ]);
}

export function saveReading(kind: VitalKind, input: unknown) {
  return call(kind.calls.save)(input);
}

export function useSaveReading(kind: VitalKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({ mutationFn: (input: unknown) => saveReading(kind, input), onSuccess: invalidate });
}

export function updateReading(kind: VitalKind, input: unknown) {
  return call(kind.calls.update)(input);
}

export function useUpdateReading(kind: VitalKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({ mutationFn: (input: unknown) => updateReading(kind, input), onSuccess: invalidate });
}

export function deleteReading(kind: VitalKind, id: string) {
  return call(kind.calls.remove)({ id });
}

export function useDeleteReading(kind: VitalKind) {
  const invalidate = useInvalidate(kind);
  return useMutation({ mutationFn: (id: string) => deleteReading(kind, id), onSuccess: invalidate });
}
