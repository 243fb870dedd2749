import type { Actor } from '../platform/actor';
import {
  AGREEMENT_NOT_WITHDRAWABLE_MESSAGE,
  AGREEMENT_OUTDATED_MESSAGE,
  AgreementErrorCodes,
  ErrorCodes,
  agreementKinds,
  requiredAgreementKinds,
  type AgreementKind,
  type AssociationAgreements,
} from '@sukoyaka/contract';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Member } from '../platform/handlers';
import type { Database, Executor } from '../db/client';
import { agreementDocuments, associations, consents, users } from '../db/schema';
import { HttpError, notFound } from '../platform/errors';
import { audit } from '../platform/audit';

type DocumentRow = typeof agreementDocuments.$inferSelect;

/** The current (highest) version of each kind of the association's documents, terms first. */
export async function currentDocuments(db: Executor, associationId: string): Promise<DocumentRow[]> {
  const rows = await db
    .select()
    .from(agreementDocuments)
    .where(eq(agreementDocuments.associationId, associationId))
    .orderBy(desc(agreementDocuments.version));
  const current = new Map<AgreementKind, DocumentRow>();
  for (const row of rows) if (!current.has(row.kind)) current.set(row.kind, row);
  return agreementKinds.flatMap((kind) => current.get(kind) ?? []);
}

/** The member's consents still in force (not withdrawn) to any version of the association's documents. */
async function activeConsents(db: Executor, userId: string, associationId: string) {
  return db
    .select({
      documentId: consents.documentId,
      agreedAt: consents.agreedAt,
      kind: agreementDocuments.kind,
      version: agreementDocuments.version,
    })
    .from(consents)
    .innerJoin(agreementDocuments, eq(agreementDocuments.id, consents.documentId))
    .where(and(eq(consents.userId, userId), eq(agreementDocuments.associationId, associationId), isNull(consents.withdrawnAt)));
}

/**
 * The association whose current terms the member has not agreed to, or null. A consent to an
 * earlier version does not count: a new version asks again.
 */
export async function pendingTermsAssociationId(db: Executor, userId: string, associationId: string): Promise<string | null> {
  const documents = (await currentDocuments(db, associationId)).filter((document) => requiredAgreementKinds.includes(document.kind));
  if (documents.length === 0) return null;
  const agreed = new Set((await activeConsents(db, userId, associationId)).map((consent) => consent.documentId));
  return documents.every((document) => agreed.has(document.id)) ? null : associationId;
}

function assertOwnAssociation(member: Member, associationId: string): string {
  // Another association's id gets the same answer as one that does not exist.
  if (!member.associationId || associationId.toLowerCase() !== member.associationId) throw notFound();
  return member.associationId;
}

export async function listAgreements(db: Executor, member: Member, associationId: string): Promise<AssociationAgreements> {
  const ownId = assertOwnAssociation(member, associationId);
  const [association] = await db
    .select({ id: associations.id, name: associations.name })
    .from(associations)
    .where(eq(associations.id, ownId));
  if (!association) throw notFound();
  const documents = await currentDocuments(db, ownId);
  const active = await activeConsents(db, member.id, ownId);
  return {
    association,
    documents: documents.map((document) => {
      const agreed = active
        .filter((consent) => consent.documentId === document.id)
        .sort((a, b) => b.agreedAt.getTime() - a.agreedAt.getTime())[0];
      const earlier = active
        .filter((consent) => consent.kind === document.kind && consent.version < document.version)
        .map((consent) => consent.version);
      return {
        id: document.id,
        kind: document.kind,
        version: document.version,
        title: document.title,
        body: document.body,
        publishedAt: document.publishedAt.toISOString(),
        required: requiredAgreementKinds.includes(document.kind),
        agreedAt: agreed ? agreed.agreedAt.toISOString() : null,
        previouslyAgreedVersion: !agreed && earlier.length > 0 ? Math.max(...earlier) : null,
      };
    }),
  };
}

/** Only a member's own association's documents; nothing to agree without one. */
function ownAssociationOrNotFound(member: Member): string {
  if (!member.associationId) throw notFound('ご加入の健康保険組合が登録されていません。');
  return member.associationId;
}

/** Serialises one member's consent writes, so agreeing twice at once still records one consent. */
async function lockMember(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function agreeToDocuments(
  db: Database,
  actor: Actor,
  member: Member,
  documentIds: string[],
  now: Date,
): Promise<AssociationAgreements> {
  const associationId = ownAssociationOrNotFound(member);
  const wanted = [...new Set(documentIds.map((id) => id.toLowerCase()))];
  await db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    const current = await currentDocuments(tx, associationId);
    const byId = new Map(current.map((document) => [document.id, document]));
    // All or nothing: a superseded version, or another association's document, is refused whole.
    if (wanted.some((id) => !byId.has(id))) {
      throw new HttpError(400, ErrorCodes.invalidParameters, AGREEMENT_OUTDATED_MESSAGE, { documentIds: [AGREEMENT_OUTDATED_MESSAGE] });
    }
    const already = new Set(
      (
        await tx
          .select({ documentId: consents.documentId })
          .from(consents)
          .where(and(eq(consents.userId, member.id), inArray(consents.documentId, wanted), isNull(consents.withdrawnAt)))
      ).map((row) => row.documentId),
    );
    for (const id of wanted) {
      if (already.has(id)) continue;
      const document = byId.get(id)!;
      await tx.insert(consents).values({ userId: member.id, documentId: id, agreedAt: now });
      await audit(tx, actor, 'consent_given', member.id, { documentId: id, kind: document.kind, version: document.version }, now);
    }
  });
  return listAgreements(db, member, associationId);
}

/**
 * Withdraws the member's consent to an optional document. Every version of that kind stops
 * counting at once: the member said they no longer agree to providing their data.
 */
export async function withdrawConsent(
  db: Database,
  actor: Actor,
  member: Member,
  documentId: string,
  now: Date,
): Promise<AssociationAgreements> {
  const associationId = ownAssociationOrNotFound(member);
  const [document] = await db
    .select()
    .from(agreementDocuments)
    .where(and(eq(agreementDocuments.id, documentId.toLowerCase()), eq(agreementDocuments.associationId, associationId)));
  if (!document) throw notFound();
  if (requiredAgreementKinds.includes(document.kind)) {
    throw new HttpError(400, AgreementErrorCodes.notWithdrawable, AGREEMENT_NOT_WITHDRAWABLE_MESSAGE);
  }
  await db.transaction(async (tx) => {
    await lockMember(tx, member.id);
    const sameKind = tx
      .select({ id: agreementDocuments.id })
      .from(agreementDocuments)
      .where(and(eq(agreementDocuments.associationId, associationId), eq(agreementDocuments.kind, document.kind)));
    const withdrawn = await tx
      .update(consents)
      .set({ withdrawnAt: now })
      .where(and(eq(consents.userId, member.id), inArray(consents.documentId, sameKind), isNull(consents.withdrawnAt)))
      .returning({ documentId: consents.documentId });
    // Withdrawing what is not in force changes nothing and records nothing.
    if (withdrawn.length > 0) {
      await audit(
        tx,
        actor,
        'consent_withdrawn',
        member.id,
        { documentId: document.id, kind: document.kind, version: document.version },
        now,
      );
    }
  });
  return listAgreements(db, member, associationId);
}
