import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from './invalidate';

const addressKey = ['incentives', 'deliveryAddress'] as const;

/** The member's delivery address for physical gifts (null: none saved yet). */
export function useDeliveryAddress() {
  return useQuery({ queryKey: addressKey, queryFn: () => api.getDeliveryAddress() });
}

/** Saves the address; an order waiting for one takes it, so the gift lists are read again too. */
export function useSaveDeliveryAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'saveDeliveryAddress'>) => api.saveDeliveryAddress(input),
    onSuccess: async (result) => {
      queryClient.setQueryData(addressKey, result);
      await invalidateBalances(queryClient);
    },
  });
}
