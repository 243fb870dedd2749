import type { CallInput, OperatorAuditAction } from '@sukoyaka/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './operator-client';

// One hook per operator call of the other areas (account, health, incentives, the operators'
// own audit log), keyed by association so switching associations never shows another's data.

const programsKey = (associationId: string) => ['admin', associationId, 'programs'] as const;

export function usePointPrograms(associationId: string) {
  return useQuery({ queryKey: programsKey(associationId), queryFn: () => adminApi.listOperatorPointPrograms({ associationId }) });
}

/** A write to the association's programs: the list is read again. */
function useProgramWrite<Input, Output>(associationId: string, write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: programsKey(associationId) }),
  });
}

export const useCreateProgram = (associationId: string) =>
  useProgramWrite(associationId, (input: CallInput<'createOperatorPointProgram'>) => adminApi.createOperatorPointProgram(input));
export const useAddMenus = (associationId: string) =>
  useProgramWrite(associationId, (input: CallInput<'addOperatorPointMenus'>) => adminApi.addOperatorPointMenus(input));
export const useAddGift = (associationId: string) =>
  useProgramWrite(associationId, (input: CallInput<'addOperatorGift'>) => adminApi.addOperatorGift(input));
export const useImportGiftCodes = (associationId: string) =>
  useProgramWrite(associationId, (input: CallInput<'importOperatorGiftCodes'>) => adminApi.importOperatorGiftCodes(input));
export const useSetGiftImage = (associationId: string) =>
  useProgramWrite(associationId, (input: CallInput<'setOperatorGiftImage'>) => adminApi.setOperatorGiftImage(input));
export const useRemoveGiftImage = (associationId: string) =>
  useProgramWrite(associationId, (input: CallInput<'removeOperatorGiftImage'>) => adminApi.removeOperatorGiftImage(input));
export const useAdjustPoints = (associationId: string) =>
  useProgramWrite(associationId, (input: CallInput<'adjustOperatorPoints'>) => adminApi.adjustOperatorPoints(input));

const doctorKey = (associationId: string) => ['admin', associationId, 'doctorProfile'] as const;

export function useDoctorProfile(associationId: string) {
  return useQuery({ queryKey: doctorKey(associationId), queryFn: () => adminApi.getOperatorDoctorProfile({ associationId }) });
}

export function useUpdateDoctorProfile(associationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'updateOperatorDoctorProfile'>) => adminApi.updateOperatorDoctorProfile(input),
    onSuccess: (result) => queryClient.setQueryData(doctorKey(associationId), result),
  });
}

/** The audit log's filters: a period (Japan days), an action, an operator; empty means any. */
export interface AuditLogFilters {
  from: string;
  to: string;
  action: OperatorAuditAction | '';
  operatorId: string;
}

export function useAuditLogs(associationId: string, filters: AuditLogFilters) {
  return useInfiniteQuery({
    queryKey: ['admin', associationId, 'auditLogs', filters],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      adminApi.listOperatorAuditLogs({
        associationId,
        limit: 50,
        ...(filters.from ? { from: filters.from } : {}),
        ...(filters.to ? { to: filters.to } : {}),
        ...(filters.action ? { action: filters.action } : {}),
        ...(filters.operatorId ? { operatorId: filters.operatorId } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useOperatorStaff(associationId: string) {
  return useQuery({ queryKey: ['admin', associationId, 'staff'], queryFn: () => adminApi.listOperatorStaff({ associationId }) });
}
