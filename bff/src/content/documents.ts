import { documentFilePath, type SiteDocument, type SiteDocumentKind } from '@sukoyaka/contract';
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { documentFiles, siteDocuments } from '../db/schema';
import { notFound } from '../platform/errors';

/**
 * The current version of a document: the highest published one. Terms and the media policy are
 * the service's (association null); paperworks are the member's association's.
 */
export async function currentSiteDocument(
  db: Executor,
  kind: SiteDocumentKind,
  associationId: string | null,
  now: Date,
): Promise<SiteDocument> {
  if (kind === 'paperworks' && !associationId) throw notFound('ご加入の健康保険組合の手続き情報が見つかりませんでした。');
  const owner = kind === 'paperworks' ? eq(siteDocuments.associationId, associationId!) : isNull(siteDocuments.associationId);
  const [document] = await db
    .select()
    .from(siteDocuments)
    .where(and(eq(siteDocuments.kind, kind), owner, isNotNull(siteDocuments.publishedAt), lte(siteDocuments.publishedAt, now)))
    .orderBy(desc(siteDocuments.version))
    .limit(1);
  if (!document) throw notFound('文書が見つかりませんでした。');
  const files = await db
    .select({
      id: documentFiles.id,
      fileName: documentFiles.fileName,
      contentType: documentFiles.contentType,
      size: sql<number>`octet_length(${documentFiles.content})`.mapWith(Number),
    })
    .from(documentFiles)
    .where(eq(documentFiles.documentId, document.id))
    .orderBy(asc(documentFiles.position), asc(documentFiles.id));
  return {
    id: document.id,
    kind: document.kind,
    version: document.version,
    title: document.title,
    body: document.body,
    publishedAt: document.publishedAt!.toISOString(),
    files: files.map((file) => ({ ...file, url: documentFilePath(file.id) })),
  };
}

/**
 * A file of a current published document the member may see (their association's paperworks or
 * a service document); null for anything else, answered as 404 alike.
 */
export async function readDocumentFile(db: Executor, fileId: string, associationId: string | null, now: Date) {
  const [row] = await db
    .select({ file: documentFiles, document: siteDocuments })
    .from(documentFiles)
    .innerJoin(siteDocuments, eq(siteDocuments.id, documentFiles.documentId))
    .where(eq(documentFiles.id, fileId));
  if (!row) return null;
  const owner = row.document.associationId;
  if (owner !== null && owner !== associationId) return null;
  const current = await currentSiteDocument(db, row.document.kind, owner, now).catch(() => null);
  if (!current || current.id !== row.document.id) return null;
  return row.file;
}
