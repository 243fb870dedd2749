import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { enqueteQueryKey } from './get-enquete';
import { openEnquetesQueryKey } from './list-open-enquetes';

/** Sends the answers once; the enquete and the list then show it answered. */
export function useAnswerEnquete() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'answerEnquete'>) => api.answerEnquete(input),
    onSettled: async (_result, _error, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: enqueteQueryKey(input.enqueteId) }),
        client.invalidateQueries({ queryKey: openEnquetesQueryKey }),
      ]);
    },
  });
}
