import { z } from 'zod/mini';
import { DOCUMENT_FILE_TYPES } from '../content-terms';
import { documented } from '../documented';
import { defineCall } from '../define';
import { fileName, requiredText } from '../fields';
import { operatorAssociationId } from '../operators/shared';
import { contentId } from './shared';

/*
 * The association's procedures (/paperworks) in versions, as its staff publish them (mf-admin): a
 * new version is a draft until published; members see the highest published version. The
 * service's terms and media policy are not the associations' to change.
 */

/** Per file, before base64. */
export const DOCUMENT_FILE_MAX_BYTES = 512 * 1024;
/** Files per version. */
export const DOCUMENT_FILES_MAX = 5;
const DOCUMENT_FILE_BASE64_MAX = Math.ceil(DOCUMENT_FILE_MAX_BYTES / 3) * 4;

export const operatorDocumentVersionSchema = z.object({
  id: z.string(),
  kind: z.literal('paperworks'),
  version: z.number(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.nullable(z.string()),
  /** True for the version members see now. */
  current: z.boolean(),
  files: z.array(z.object({ id: z.string(), fileName: z.string(), contentType: z.string(), size: z.number() })),
  createdAt: z.string(),
});
export type OperatorDocumentVersion = z.infer<typeof operatorDocumentVersionSchema>;

export const listOperatorDocuments = defineCall({
  name: 'listOperatorDocuments',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary: "Every version of the association's procedures page (/paperworks), newest first, with which one members see.",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () => z.object({ versions: z.array(operatorDocumentVersionSchema) }),
});

const fileInput = z.object({
  fileName: fileName('ファイル名', 100),
  contentType: z.enum(DOCUMENT_FILE_TYPES, { error: 'PDF・CSV・Excelのファイルを選んでください' }),
  /** The file's bytes, base64. */
  contentBase64: documented(
    z
      .string()
      .check(
        z.maxLength(DOCUMENT_FILE_BASE64_MAX, 'ファイルは512KB以内にしてください'),
        z.regex(/^[A-Za-z0-9+/]*={0,2}$/, 'ファイルの内容を読み取れませんでした'),
      ),
    {
      contentEncoding: 'base64',
      minLength: 4,
      allOf: [{ pattern: '^([A-Za-z0-9+/]{4})*([A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$' }],
      description: 'The file’s bytes in base64 (not empty); a text/csv file is UTF-8 or Shift_JIS text.',
    },
  ),
});

export const createOperatorDocumentVersion = defineCall({
  name: 'createOperatorDocumentVersion',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  createsResource: true,
  // Five files of 512 KB in base64, and the page's text (20,000 characters as UTF-8).
  maxBodyBytes: DOCUMENT_FILES_MAX * DOCUMENT_FILE_BASE64_MAX + 20_000 * 3 + 64 * 1024,
  summary:
    "Adds a new (draft) version of the association's procedures page with its text and up to 5 files (PDF, CSV, Excel; 512 KB each). Audited.",
  input: () =>
    z.object({
      associationId: operatorAssociationId(),
      title: requiredText('タイトル', 100),
      body: requiredText('本文', 20000),
      files: z._default(z.array(fileInput).check(z.maxLength(DOCUMENT_FILES_MAX, `ファイルは${DOCUMENT_FILES_MAX}つまでです`)), []),
    }),
  output: () => operatorDocumentVersionSchema,
});

export const publishOperatorDocumentVersion = defineCall({
  name: 'publishOperatorDocumentVersion',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  summary:
    'Publishes a draft version of the association’s procedures page: members see it from now on (an earlier version stays recorded). Publishing again changes nothing. Audited.',
  input: () => z.object({ associationId: operatorAssociationId(), documentId: contentId('文書ID') }),
  output: () => operatorDocumentVersionSchema,
});
