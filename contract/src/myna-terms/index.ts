/*
 * What pages show of the My Number Portal area's calls without a schema (issue 27's script
 * budget): its constants, the names members read, its paths and pure helpers. A module of its own
 * (`@sukoyaka/contract/myna-terms`), without zod: a page that only names these loads this module,
 * not the area's schemas (`@sukoyaka/contract/myna`, which import them from here) and zod/mini.
 */

/** The area's pages (mf-myna); the callback's address is the redirect URI registered with the portal. */
export const mynaPagePaths = {
  top: '/myna_connection',
  agreements: '/myna_connection/agreements',
  callback: '/myna_connection/callback',
  complete: '/myna_connection/complete',
  mistake: '/myna_connection/mistake',
  verify: '/myna_connection/verify',
  secretQuestionGuidance: '/myna_connection/secret_question/guidance',
  secretQuestionNew: '/myna_connection/secret_question/new',
  secretQuestionConfirm: '/myna_connection/secret_question/confirm',
  secretQuestionResetGuidance: '/myna_connection/secret_question/reset/guidance',
  medicalBills: '/myna_connection/medical_bills',
  medicalExams: '/myna_connection/medical_exams',
  medicines: '/myna_connection/medicines',
  removeSensitives: '/myna_connection/removeSensitives',
  import: '/myna_connection/import',
  export: '/myna_connection/export',
  checkSheet: '/myna_connection/check_sheet',
  /** mf-account: choosing a new secret question after the password step-up. */
  changeSecretQuestion: '/change_secret_question',
  /** mf-health's pages that read the same records. */
  healthReports: '/health_reports',
  medicationHistories: '/medication/histories',
  medicalExpenseBills: '/medical_expenses/bills',
} as const;

export * from './errors';
export * from './records';
export * from './exam-items';
export * from './receipts';
