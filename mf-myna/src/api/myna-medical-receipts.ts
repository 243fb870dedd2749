import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mynaRecordsQueryKey } from './myna-records';

/*
 * The receipts typed in by hand for the 医療費控除 (listMynaMedicalReceipts and its writes), under
 * the records' key: an answer to the secret question or a removal refreshes them with the rest.
 */

const receiptsKey = (year: number) => [...mynaRecordsQueryKey, 'medicalReceipts', year] as const;

export function useMedicalReceipts(year: number) {
  return useQuery({ queryKey: receiptsKey(year), queryFn: () => api.listMynaMedicalReceipts({ year }) });
}

/** After a write: every year's list (a changed day may move a receipt to another year). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [...mynaRecordsQueryKey, 'medicalReceipts'] });
}

export function useSaveMedicalReceipt(id: string | null) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CallInput<'createMynaMedicalReceipt'>) =>
      id ? api.updateMynaMedicalReceipt({ id, ...input }) : api.createMynaMedicalReceipt(input),
    onSuccess: refresh,
  });
}

export function useDeleteMedicalReceipt() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => api.deleteMynaMedicalReceipt({ id }), onSuccess: refresh });
}
