import { api } from '@sukoyaka/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/** The visible FAQ, filtered by a word when one is given (the bff folds width, kana and case). */
export function useFaqCategories(q: string) {
  return useQuery({
    queryKey: ['content', 'faq', q],
    queryFn: () => api.listVisibleFaqCategories(q ? { q } : {}),
    placeholderData: keepPreviousData,
  });
}
