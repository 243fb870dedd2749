import { ErrorCodes, type CallOutput, type OperatorDocumentVersion, type ParsedInput } from '@sukoyaka/contract';
import { and, asc, desc, eq, inArray, isNotNull, lte, max, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { documentFiles, siteDocuments } from '../db/schema';
import { neutraliseCsvFile } from '../platform/csv';
import { HttpError, notFound } from '../platform/errors';
import { auditOperator } from '../platform/operators';
import type { OperatorContext } from './operator-context';

type Row = typeof siteDocuments.$inferSelect;

async function filesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: documentFiles.id,
      documentId: documentFiles.documentId,
      fileName: documentFiles.fileName,
      contentType: documentFiles.contentType,
      size: sql<number>`octet_length(${documentFiles.content})`.mapWith(Number),
    })
    .from(documentFiles)
    .where(inArray(documentFiles.documentId, ids))
    .orderBy(asc(documentFiles.position), asc(documentFiles.id));
}

async function currentId(db: Executor, associationId: string, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ id: siteDocuments.id })
    .from(siteDocuments)
    .where(
      and(
        eq(siteDocuments.associationId, associationId),
        eq(siteDocuments.kind, 'paperworks'),
        isNotNull(siteDocuments.publishedAt),
        lte(siteDocuments.publishedAt, now),
      ),
    )
    .orderBy(desc(siteDocuments.version))
    .limit(1);
  return row?.id ?? null;
}

async function versions(db: Executor, associationId: string, now: Date, only?: string): Promise<OperatorDocumentVersion[]> {
  const rows = await db
    .select()
    .from(siteDocuments)
    .where(
      and(
        eq(siteDocuments.associationId, associationId),
        eq(siteDocuments.kind, 'paperworks'),
        only ? eq(siteDocuments.id, only) : sql`true`,
      ),
    )
    .orderBy(desc(siteDocuments.version));
  const files = await filesOf(
    db,
    rows.map((row) => row.id),
  );
  const current = await currentId(db, associationId, now);
  return rows.map((row: Row) => ({
    id: row.id,
    kind: 'paperworks' as const,
    version: row.version,
    title: row.title,
    body: row.body,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    current: row.id === current,
    files: files.filter((file) => file.documentId === row.id).map(({ documentId: _documentId, ...file }) => file),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function listOperatorDocuments(db: Executor, associationId: string, now: Date): Promise<CallOutput<'listOperatorDocuments'>> {
  return { versions: await versions(db, associationId.toLowerCase(), now) };
}

export async function createOperatorDocumentVersion(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'createOperatorDocumentVersion'>,
): Promise<OperatorDocumentVersion> {
  const associationId = input.associationId.toLowerCase();
  const refuse = (message: string) => new HttpError(400, ErrorCodes.invalidParameters, message, { files: [message] });
  const contents = input.files.map((file) => {
    const content = Buffer.from(file.contentBase64, 'base64');
    if (content.length === 0) throw refuse(`${file.fileName}は空のファイルです`);
    if (file.contentType !== 'text/csv') return content;
    // Members open it in a spreadsheet: a cell that would run as a formula is stored as text.
    const neutralised = neutraliseCsvFile(content);
    if (!neutralised) throw refuse(`${file.fileName}の文字コードを読み取れません。UTF-8 または Shift_JIS のCSVにしてください`);
    return neutralised;
  });
  return db.transaction(async (tx) => {
    // Versions of one association's page are numbered in order; the unique key refuses a race.
    const [latest] = await tx
      .select({ version: max(siteDocuments.version) })
      .from(siteDocuments)
      .where(and(eq(siteDocuments.associationId, associationId), eq(siteDocuments.kind, 'paperworks')));
    const [row] = await tx
      .insert(siteDocuments)
      .values({
        associationId,
        kind: 'paperworks',
        version: (latest?.version ?? 0) + 1,
        title: input.title,
        body: input.body,
        createdAt: now,
      })
      .returning();
    if (input.files.length > 0) {
      await tx.insert(documentFiles).values(
        input.files.map((file, index) => ({
          documentId: row!.id,
          fileName: file.fileName,
          contentType: file.contentType,
          content: contents[index]!,
          position: index + 1,
        })),
      );
    }
    await auditOperator(
      tx,
      actor,
      'document_version_created',
      operator.id,
      associationId,
      { documentId: row!.id, version: row!.version },
      now,
    );
    return (await versions(tx, associationId, now, row!.id))[0]!;
  });
}

export async function publishOperatorDocumentVersion(
  { db, actor, operator, now }: OperatorContext,
  input: ParsedInput<'publishOperatorDocumentVersion'>,
): Promise<OperatorDocumentVersion> {
  const associationId = input.associationId.toLowerCase();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(siteDocuments)
      .where(
        and(
          eq(siteDocuments.id, input.documentId.toLowerCase()),
          eq(siteDocuments.associationId, associationId),
          eq(siteDocuments.kind, 'paperworks'),
        ),
      )
      .for('update');
    if (!row) throw notFound('文書が見つかりませんでした。');
    if (!row.publishedAt) {
      await tx.update(siteDocuments).set({ publishedAt: now }).where(eq(siteDocuments.id, row.id));
      await auditOperator(
        tx,
        actor,
        'document_version_published',
        operator.id,
        associationId,
        { documentId: row.id, version: row.version },
        now,
      );
    }
    return (await versions(tx, associationId, now, row.id))[0]!;
  });
}
