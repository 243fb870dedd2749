import type { AssociationAgreements } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigationInfoQueryKey } from '../../navigation/api/get-navigation-info';
import { associationAgreementsQueryKey } from './list-association-agreements';

export function agreeAssociationAgreements(documentIds: string[]): Promise<AssociationAgreements> {
  return api.agreeAssociationAgreements({ documentIds });
}

/** Records the member's consent; the answer is the new state of the association's documents. */
export function useAgreeAssociationAgreements() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: agreeAssociationAgreements,
    onSuccess: async (result) => {
      client.setQueryData(associationAgreementsQueryKey(result.association.id), result);
      await client.invalidateQueries({ queryKey: navigationInfoQueryKey });
    },
  });
}
