import type { CallInput } from '@sukoyaka/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './operator-client';

// The walking events' operator calls (issue 29), keyed by association.

const walkingKey = (associationId: string) => ['admin', associationId, 'walking'] as const;

export function useOperatorWalkingEvents(associationId: string) {
  return useQuery({
    queryKey: [...walkingKey(associationId), 'events'],
    queryFn: () => adminApi.listOperatorWalkingEvents({ associationId }),
  });
}

export function useOperatorWalkingHeldDays(associationId: string, eventId: string) {
  return useQuery({
    queryKey: [...walkingKey(associationId), 'held', eventId],
    queryFn: () => adminApi.listOperatorWalkingHeldDays({ associationId, eventId }),
  });
}

function useWalkingWrite<Input, Output>(associationId: string, write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: walkingKey(associationId) }) });
}

export const useCreateWalkingEvent = (associationId: string) =>
  useWalkingWrite(associationId, (input: CallInput<'createOperatorWalkingEvent'>) => adminApi.createOperatorWalkingEvent(input));
export const useDecideWalkingDay = (associationId: string) =>
  useWalkingWrite(associationId, (input: CallInput<'decideOperatorWalkingDay'>) => adminApi.decideOperatorWalkingDay(input));
export const useCloseWalkingEvent = (associationId: string) =>
  useWalkingWrite(associationId, (input: CallInput<'closeOperatorWalkingEvent'>) => adminApi.closeOperatorWalkingEvent(input));
