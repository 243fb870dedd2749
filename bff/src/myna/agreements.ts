// Consent to the My Number terms: every agreement and withdrawal is a row (the history stays,
// also after the member removes their data). The member's consent is the newest row: an
// `agreed` to the current version.
import type { Actor } from '../platform/actor';
import { MYNA_MESSAGES, MynaErrorCodes, type MynaAgreement } from '@sukoyaka/contract';
import { desc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../db/client';
import { mynaAgreements } from '../db/schema';
import { audit } from '../platform/audit';
import { HttpError } from '../platform/errors';
import { currentMynaTerms } from './terms';

type AgreementRow = typeof mynaAgreements.$inferSelect;

async function historyOf(db: Executor, userId: string): Promise<AgreementRow[]> {
  return db
    .select()
    .from(mynaAgreements)
    .where(eq(mynaAgreements.userId, userId))
    .orderBy(desc(mynaAgreements.at), desc(mynaAgreements.id));
}

/** The version the member's consent covers now, or null (never agreed, or withdrawn since). */
export async function agreedVersion(db: Executor, userId: string): Promise<number | null> {
  const [latest] = await db
    .select()
    .from(mynaAgreements)
    .where(eq(mynaAgreements.userId, userId))
    .orderBy(desc(mynaAgreements.at), desc(mynaAgreements.id))
    .limit(1);
  return latest?.action === 'agreed' ? latest.version : null;
}

/** Whether the member has agreed to the current terms (linking and importing need it). */
export async function hasCurrentConsent(db: Executor, userId: string): Promise<boolean> {
  return (await agreedVersion(db, userId)) === currentMynaTerms().version;
}

/**
 * The time of a new row: now, or just after the member's latest row when that is not earlier (a
 * clock step back, or two changes in one millisecond), so the newest row is always the consent in force.
 */
async function nextMoment(tx: Executor, userId: string, now: Date): Promise<Date> {
  const [latest] = await historyOf(tx, userId);
  return latest && latest.at.getTime() >= now.getTime() ? new Date(latest.at.getTime() + 1) : now;
}

export const agreementRequired = () => new HttpError(403, MynaErrorCodes.agreementRequired, MYNA_MESSAGES.agreementRequired);

export async function assertCurrentConsent(db: Executor, userId: string): Promise<void> {
  if (!(await hasCurrentConsent(db, userId))) throw agreementRequired();
}

function toAgreement(history: AgreementRow[]): MynaAgreement {
  const terms = currentMynaTerms();
  const latest = history[0];
  const agreed = latest?.action === 'agreed' ? latest : undefined;
  return {
    version: terms.version,
    title: terms.title,
    publishedAt: new Date(terms.publishedAt).toISOString(),
    sections: terms.sections,
    dataItems: terms.dataItems,
    agreed: agreed?.version === terms.version,
    agreedVersion: agreed?.version ?? null,
    agreedAt: agreed?.at.toISOString() ?? null,
    history: history.map((row) => ({ action: row.action as 'agreed' | 'withdrawn', version: row.version, at: row.at.toISOString() })),
  };
}

export async function getAgreement(db: Database, userId: string): Promise<MynaAgreement> {
  return toAgreement(await historyOf(db, userId));
}

/** Agrees to the current version; agreeing again to it changes nothing. An older version is refused (409). */
export async function agree(db: Database, actor: Actor | null, userId: string, version: number, now: Date): Promise<MynaAgreement> {
  const terms = currentMynaTerms();
  if (version !== terms.version) throw new HttpError(409, MynaErrorCodes.agreementOutdated, MYNA_MESSAGES.agreementOutdated);
  return db.transaction(async (tx) => {
    if ((await agreedVersion(tx, userId)) !== terms.version) {
      await tx.insert(mynaAgreements).values({ userId, action: 'agreed', version: terms.version, at: await nextMoment(tx, userId, now) });
      await audit(tx, actor, 'consent_given', userId, { kind: 'myna_terms', version: terms.version }, now);
    }
    return toAgreement(await historyOf(tx, userId));
  });
}

/** Withdraws the consent: no further link or import until agreed again. Withdrawing again changes nothing. */
export async function withdraw(db: Database, actor: Actor | null, userId: string, now: Date): Promise<MynaAgreement> {
  return db.transaction(async (tx) => {
    const version = await agreedVersion(tx, userId);
    if (version !== null) {
      await tx.insert(mynaAgreements).values({ userId, action: 'withdrawn', version, at: await nextMoment(tx, userId, now) });
      await audit(tx, actor, 'consent_withdrawn', userId, { kind: 'myna_terms', version }, now);
    }
    return toAgreement(await historyOf(tx, userId));
  });
}
