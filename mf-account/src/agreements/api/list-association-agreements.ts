import type { AssociationAgreements } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';

export const associationAgreementsQueryKey = (associationId: string) => ['associationAgreements', associationId] as const;

export function listAssociationAgreements(associationId: string): Promise<AssociationAgreements> {
  return api.listAssociationAgreements({ associationId });
}

export function associationAgreementsQueryOptions(associationId: string) {
  return queryOptions({
    queryKey: associationAgreementsQueryKey(associationId),
    queryFn: () => listAssociationAgreements(associationId),
  });
}

/** The current version of each of the association's documents, with the member's consent. */
export function useAssociationAgreements(associationId: string | null) {
  return useQuery({ ...associationAgreementsQueryOptions(associationId ?? ''), enabled: associationId !== null });
}
