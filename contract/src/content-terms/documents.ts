/*
 * The kinds of file an association's procedures (/paperworks) are published in: the console's
 * file picker offers them as it loads; the schemas are the content area's
 * (../content/operator-documents.ts).
 */

export const DOCUMENT_FILE_TYPES = [
  'application/pdf',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
] as const;
