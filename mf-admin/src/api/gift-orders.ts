import type { CallInput, CallOutput } from '@sukoyaka/contract';
import { saveFile } from '@sukoyaka/shared/widgets';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './operator-client';

// The orders of physical gifts (issue 27), by association, as the console ships them.

type Filter = Omit<CallInput<'listOperatorGiftOrders'>, 'cursor' | 'limit' | 'associationId'>;
const ordersKey = (associationId: string) => ['admin', associationId, 'giftOrders'] as const;

export function useGiftOrders(associationId: string, filter: Filter) {
  return useInfiniteQuery({
    queryKey: [...ordersKey(associationId), filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      adminApi.listOperatorGiftOrders({ associationId, ...filter, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

function useOrderWrite<Input>(associationId: string, write: (input: Input) => Promise<CallOutput<'shipOperatorGiftOrder'>>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: ordersKey(associationId) }) });
}

export const useShipGiftOrder = (associationId: string) =>
  useOrderWrite(associationId, (input: CallInput<'shipOperatorGiftOrder'>) => adminApi.shipOperatorGiftOrder(input));
export const useCorrectGiftOrderTracking = (associationId: string) =>
  useOrderWrite(associationId, (input: CallInput<'correctOperatorGiftOrderTracking'>) => adminApi.correctOperatorGiftOrderTracking(input));
export const useCancelGiftOrder = (associationId: string) =>
  useOrderWrite(associationId, (input: CallInput<'cancelOperatorGiftOrder'>) => adminApi.cancelOperatorGiftOrder(input));

/** The carrier's CSV of the filtered orders, downloaded. `save` is replaceable for tests. */
export function useExportGiftOrders(save: (file: CallOutput<'exportOperatorGiftOrders'>) => void = saveFile) {
  return useMutation({
    mutationFn: (input: CallInput<'exportOperatorGiftOrders'>) => adminApi.exportOperatorGiftOrders(input),
    onSuccess: (file) => save(file),
  });
}
