import { z } from 'zod/mini';
import { defineCall } from '../define';
import { isoTimestamp } from '../fields';

/*
 * Documents an operator publishes in versions (the highest published version is shown): the
 * service's terms and media policy, and each association's procedures (paperworks) with files.
 * An association's own terms a member agrees to belong to the account area
 * (listAssociationAgreements); these are the service's.
 */

export const siteDocumentKinds = ['terms', 'media_policy', 'paperworks'] as const;
export type SiteDocumentKind = (typeof siteDocumentKinds)[number];

export const documentFileSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
  /** Where to download it (a GET with the session; answered as an attachment). */
  url: z.string(),
});

export const siteDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(siteDocumentKinds),
  version: z.number(),
  title: z.string(),
  /** Plain text; paragraphs separated by a blank line. */
  body: z.string(),
  publishedAt: isoTimestamp,
  files: z.array(documentFileSchema),
});
export type SiteDocument = z.infer<typeof siteDocumentSchema>;

export const getSiteDocument = defineCall({
  name: 'getSiteDocument',
  method: 'GET',
  access: 'visitor',
  summary:
    "The current published version of a document: `terms` and `media_policy` (site-wide, readable before signing in); `paperworks` (the signed-in member's association's procedures, with their files; 404 otherwise).",
  input: () => z.object({ kind: z.enum(siteDocumentKinds, { error: '文書の種類が正しくありません' }) }),
  output: () => siteDocumentSchema,
});

/** The download address of a document's file. */
export const documentFilePath = (fileId: string) => `/api/bff/files/documents/${fileId}`;
