import type { CallInput } from '@sukoyaka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './operator-client';

// The account area's operator calls about members (issue 27): the member lookup and the roster's
// figures, by association.

/** A lookup is a POST (the address stays out of URLs) and each is audited: a mutation, never cached. */
export function useLookupMember() {
  return useMutation({ mutationFn: (input: CallInput<'lookupOperatorMember'>) => adminApi.lookupOperatorMember(input) });
}

const rosterSummaryKey = (associationId: string) => ['admin', associationId, 'rosterSummary'] as const;

export function useRosterSummary(associationId: string) {
  return useQuery({ queryKey: rosterSummaryKey(associationId), queryFn: () => adminApi.getOperatorRosterSummary({ associationId }) });
}

/** A roster import; its figures are read again once it is in. */
export function useImportRoster(associationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'importOperatorRoster'>) => adminApi.importOperatorRoster(input),
    onSuccess: (result) => (result.ok ? queryClient.invalidateQueries({ queryKey: rosterSummaryKey(associationId) }) : undefined),
  });
}
