import type { SiteDocumentKind } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';
import { useQuery } from '@tanstack/react-query';

/** The current published version of a document (terms, media policy, the association's procedures). */
export function useSiteDocument(kind: SiteDocumentKind) {
  return useQuery({ queryKey: ['content', 'document', kind], queryFn: () => api.getSiteDocument({ kind }) });
}
