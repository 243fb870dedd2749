import type { CallInput } from '@sukoyaka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './operator-client';

// The monthly challenges' operator calls (issue 29), by association.

const challengesKey = (associationId: string) => ['admin', associationId, 'challenges'] as const;

export function useOperatorChallenges(associationId: string) {
  return useQuery({ queryKey: challengesKey(associationId), queryFn: () => adminApi.listOperatorChallenges({ associationId }) });
}

function useChallengeWrite<Input, Output>(associationId: string, write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: challengesKey(associationId) }) });
}

export const useCreateChallenge = (associationId: string) =>
  useChallengeWrite(associationId, (input: CallInput<'createOperatorChallenge'>) => adminApi.createOperatorChallenge(input));
export const useSetChallengeActive = (associationId: string) =>
  useChallengeWrite(associationId, (input: CallInput<'setOperatorChallengeActive'>) => adminApi.setOperatorChallengeActive(input));
