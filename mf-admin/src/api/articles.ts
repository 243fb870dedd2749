import type { CallInput } from '@sukoyaka/contract';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './operator-client';

// The health articles' operator calls (decision 0030), by association.

const articlesKey = (associationId: string) => ['admin', associationId, 'articles'] as const;

export function useOperatorArticles(associationId: string) {
  return useInfiniteQuery({
    queryKey: articlesKey(associationId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) => adminApi.listOperatorArticles({ associationId, limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

function useArticleWrite<Input, Output>(associationId: string, write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: articlesKey(associationId) }) });
}

export const useCreateArticle = (associationId: string) =>
  useArticleWrite(associationId, (input: CallInput<'createOperatorArticle'>) => adminApi.createOperatorArticle(input));
export const useUpdateArticle = (associationId: string) =>
  useArticleWrite(associationId, (input: CallInput<'updateOperatorArticle'>) => adminApi.updateOperatorArticle(input));
export const usePublishArticle = (associationId: string) =>
  useArticleWrite(associationId, (input: CallInput<'publishOperatorArticle'>) => adminApi.publishOperatorArticle(input));
export const useSetArticleImage = (associationId: string) =>
  useArticleWrite(associationId, (input: CallInput<'setOperatorArticleImage'>) => adminApi.setOperatorArticleImage(input));
export const useRemoveArticleImage = (associationId: string) =>
  useArticleWrite(associationId, (input: CallInput<'removeOperatorArticleImage'>) => adminApi.removeOperatorArticleImage(input));
