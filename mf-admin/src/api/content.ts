import type { CallInput } from '@sukoyaka/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './operator-client';

// The content area's operator calls (announcements, enquetes and their results), by association.

const announcementsKey = (associationId: string) => ['admin', associationId, 'announcements'] as const;

export function useOperatorAnnouncements(associationId: string) {
  return useInfiniteQuery({
    queryKey: announcementsKey(associationId),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      adminApi.listOperatorAnnouncements({ associationId, limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

function useContentWrite<Input, Output>(key: readonly unknown[], write: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: () => queryClient.invalidateQueries({ queryKey: key }) });
}

export const useCreateAnnouncement = (associationId: string) =>
  useContentWrite(announcementsKey(associationId), (input: CallInput<'createOperatorAnnouncement'>) =>
    adminApi.createOperatorAnnouncement(input),
  );
export const useUpdateAnnouncement = (associationId: string) =>
  useContentWrite(announcementsKey(associationId), (input: CallInput<'updateOperatorAnnouncement'>) =>
    adminApi.updateOperatorAnnouncement(input),
  );
export const usePublishAnnouncement = (associationId: string) =>
  useContentWrite(announcementsKey(associationId), (input: CallInput<'publishOperatorAnnouncement'>) =>
    adminApi.publishOperatorAnnouncement(input),
  );

const enquetesKey = (associationId: string) => ['admin', associationId, 'enquetes'] as const;

export function useOperatorEnquetes(associationId: string) {
  return useQuery({ queryKey: enquetesKey(associationId), queryFn: () => adminApi.listOperatorEnquetes({ associationId }) });
}

export const useCreateEnquete = (associationId: string) =>
  useContentWrite(enquetesKey(associationId), (input: CallInput<'createOperatorEnquete'>) => adminApi.createOperatorEnquete(input));
export const usePublishEnquete = (associationId: string) =>
  useContentWrite(enquetesKey(associationId), (input: CallInput<'publishOperatorEnquete'>) => adminApi.publishOperatorEnquete(input));
export const useCloseEnquete = (associationId: string) =>
  useContentWrite(enquetesKey(associationId), (input: CallInput<'closeOperatorEnquete'>) => adminApi.closeOperatorEnquete(input));

export function useEnqueteResults(associationId: string, enqueteId: string) {
  return useQuery({
    queryKey: ['admin', associationId, 'enqueteResults', enqueteId],
    queryFn: () => adminApi.getOperatorEnqueteResults({ associationId, enqueteId }),
  });
}

const faqKey = (associationId: string) => ['admin', associationId, 'faq'] as const;

export function useOperatorFaq(associationId: string) {
  return useQuery({ queryKey: faqKey(associationId), queryFn: () => adminApi.listOperatorFaq({ associationId }) });
}

export const useSaveFaqCategory = (associationId: string) =>
  useContentWrite(faqKey(associationId), (input: CallInput<'saveOperatorFaqCategory'>) => adminApi.saveOperatorFaqCategory(input));
export const useSaveFaqQuestion = (associationId: string) =>
  useContentWrite(faqKey(associationId), (input: CallInput<'saveOperatorFaqQuestion'>) => adminApi.saveOperatorFaqQuestion(input));

const documentsKey = (associationId: string) => ['admin', associationId, 'documents'] as const;

export function useOperatorDocuments(associationId: string) {
  return useQuery({ queryKey: documentsKey(associationId), queryFn: () => adminApi.listOperatorDocuments({ associationId }) });
}

export const useCreateDocumentVersion = (associationId: string) =>
  useContentWrite(documentsKey(associationId), (input: CallInput<'createOperatorDocumentVersion'>) =>
    adminApi.createOperatorDocumentVersion(input),
  );
export const usePublishDocumentVersion = (associationId: string) =>
  useContentWrite(documentsKey(associationId), (input: CallInput<'publishOperatorDocumentVersion'>) =>
    adminApi.publishOperatorDocumentVersion(input),
  );

const competitionsKey = (associationId: string) => ['admin', associationId, 'competitions'] as const;

export function useOperatorCompetitions(associationId: string) {
  return useQuery({ queryKey: competitionsKey(associationId), queryFn: () => adminApi.listOperatorPrizeCompetitions({ associationId }) });
}

export const useCreateCompetition = (associationId: string) =>
  useContentWrite(competitionsKey(associationId), (input: CallInput<'createOperatorPrizeCompetition'>) =>
    adminApi.createOperatorPrizeCompetition(input),
  );
export const useDrawCompetition = (associationId: string) =>
  useContentWrite(competitionsKey(associationId), (input: CallInput<'drawOperatorPrizeCompetition'>) =>
    adminApi.drawOperatorPrizeCompetition(input),
  );
