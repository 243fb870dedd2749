import type { CallInput, MynaConnectionState, UserMynaSecretQuestion } from '@sukoyaka/contract';
import { api, authStateQueryKey } from '@sukoyaka/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mynaConnectionStateQueryKey } from './get-myna-connection-state';

/*
 * The secret question: the fixed list (listMynaSecretQuestions), the member's own
 * (getUserMynaSecretQuestion), registering one (createUserMynaSecretQuestion) and answering it
 * (authenticateUserMynaSecretQuestion), which every read of the records needs fresh.
 */

export const secretQuestionsQueryKey = ['myna', 'secretQuestions'] as const;
export const userSecretQuestionQueryKey = ['myna', 'userSecretQuestion'] as const;

export function useMynaSecretQuestions() {
  return useQuery({ queryKey: secretQuestionsQueryKey, queryFn: () => api.listMynaSecretQuestions({}), staleTime: Infinity });
}

export function useUserMynaSecretQuestion() {
  // Always read fresh: the lock and the attempts left change with every answer.
  return useQuery({ queryKey: userSecretQuestionQueryKey, queryFn: () => api.getUserMynaSecretQuestion({}), staleTime: 0 });
}

export function useCreateMynaSecretQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'createUserMynaSecretQuestion'>) => api.createUserMynaSecretQuestion(input),
    onSuccess: (question: UserMynaSecretQuestion) => {
      queryClient.setQueryData(userSecretQuestionQueryKey, question);
      // Registering counts as a fresh answer: the state and the auth state change with it.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: mynaConnectionStateQueryKey }),
        queryClient.invalidateQueries({ queryKey: authStateQueryKey }),
      ]);
    },
  });
}

export function useAnswerMynaSecretQuestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'authenticateUserMynaSecretQuestion'>) => api.authenticateUserMynaSecretQuestion(input),
    // The page the member returns to reads the new expiry at once, not a cached "not answered".
    onSuccess: ({ mynaSecretQuestionExpireAt }) =>
      queryClient.setQueryData<MynaConnectionState>(mynaConnectionStateQueryKey, (state) =>
        state ? { ...state, secretQuestion: { ...state.secretQuestion, authenticatedUntil: mynaSecretQuestionExpireAt } } : state,
      ),
    // A right answer opens the records; a wrong one changes the attempts left or the lock.
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['myna'] }), queryClient.invalidateQueries({ queryKey: authStateQueryKey })]),
  });
}
