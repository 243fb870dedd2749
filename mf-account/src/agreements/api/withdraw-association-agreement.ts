import type { AssociationAgreements } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { navigationInfoQueryKey } from '../../navigation/api/get-navigation-info';
import { associationAgreementsQueryKey } from './list-association-agreements';

export function withdrawAssociationAgreement(documentId: string): Promise<AssociationAgreements> {
  return api.withdrawAssociationAgreement({ documentId });
}

export function useWithdrawAssociationAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawAssociationAgreement,
    onSuccess: async (result) => {
      client.setQueryData(associationAgreementsQueryKey(result.association.id), result);
      await client.invalidateQueries({ queryKey: navigationInfoQueryKey });
    },
  });
}
