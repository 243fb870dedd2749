import { useEffect } from 'react';

export const BRAND_LABEL = 'すこやか';

export function pageTitle(title?: string | null): string {
  return title ? `${title} | ${BRAND_LABEL}` : BRAND_LABEL;
}

/** Sets the document title for a page; without a title, the brand label (spec §1). */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
