import { mynaPagePaths } from '@sukoyaka/contract/myna-terms';

export { mynaPagePaths };

export const medicalExamPath = (examId: string) => `${mynaPagePaths.medicalExams}/${encodeURIComponent(examId)}`;

/** `page?return_to=…`: the way back the step-up pages take (as mf-shared's stepUpRedirect writes it). */
export function withReturnTo(page: string, returnTo: string): string {
  return `${page}?return_to=${encodeURIComponent(returnTo)}`;
}

/** The current page, to come back to. */
export const currentPath = () => window.location.pathname + window.location.search;
