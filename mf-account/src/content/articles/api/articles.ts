import type { ArticleCategory, CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const articlesQueryKey = ['content', 'articles'] as const;
export const articleQueryKey = (articleId: string) => ['content', 'article', articleId] as const;
export const savedArticlesQueryKey = ['content', 'articles', 'saved'] as const;
export const articleRecommendationsQueryKey = ['content', 'articles', 'recommendations'] as const;

/** The visible articles, newest first, twenty at a time; `q` searches title and body, `category` one category. */
export function useArticles(q: string, category: ArticleCategory | '') {
  return useInfiniteQuery({
    queryKey: [...articlesQueryKey, 'list', q, category],
    queryFn: ({ pageParam }) =>
      api.listArticles({
        limit: 20,
        ...(q ? { q } : {}),
        ...(category ? { category } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** The member's saved articles, last saved first. */
export function useSavedArticles() {
  return useInfiniteQuery({
    queryKey: savedArticlesQueryKey,
    queryFn: ({ pageParam }) => api.listSavedArticles({ limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** One article with its body and quiz. */
export function useArticle(articleId: string) {
  return useQuery({ queryKey: articleQueryKey(articleId), queryFn: () => api.getArticle({ articleId }) });
}

/** Home's recommended articles, with the one line of reason. */
export function useArticleRecommendations() {
  return useQuery({ queryKey: articleRecommendationsQueryKey, queryFn: () => api.getArticleRecommendations({}) });
}

/** Saves or unsaves; the article and the lists then show it. */
export function useSaveArticle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'saveArticle'>) => api.saveArticle(input),
    onSettled: async (_result, _error, input) => {
      await Promise.all([
        client.invalidateQueries({ queryKey: articleQueryKey(input.articleId) }),
        client.invalidateQueries({ queryKey: articlesQueryKey }),
      ]);
    },
  });
}

/** Answers the quiz (the first answer is final); the article then shows the result. */
export function useAnswerArticleQuiz() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CallInput<'answerArticleQuiz'>) => api.answerArticleQuiz(input),
    onSettled: async (_result, _error, input) => {
      await client.invalidateQueries({ queryKey: articleQueryKey(input.articleId) });
    },
  });
}
