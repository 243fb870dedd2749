// The My Number demo (README): the demo member already agreed, linked and imported — three yearly
// check-ups, a year of medicines from two pharmacies and a year of bills, the same records the
// local fake portal serves for its demo card holder, stored through the import's own storage
// (store.ts) — with the secret question 「はじめて飼ったペットの名前は？」 answered 「ぽち」 (the e2e
// journeys rely on it). And an unlinked member, myna@sukoyaka.example, for the journey of linking.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client';
import { consents, mynaAgreements, mynaImportJobs, mynaLinks, mynaSecretQuestions, rosterEntries, users } from '../db/schema';
import { loadFakes } from '../dev/fakes';
import { parseCheckupCda } from '../integrations/myna-portal/cda';
import { buildMynaAuthorizationUrl, createPkcePair, createStateAndNonce, exchangeMynaCode } from '../integrations/myna-portal/oauth';
import { hashPassword } from '../lib/password';
import type { MynaPortalService } from '../services';
import { storeLink } from './connection';
import { memberKeyFor } from './keys';
import { normaliseSecretAnswer } from './secret-question';
import { storeBills, storeDispensings, storeExams } from './store';
import { currentMynaTerms } from './terms';

export const MYNA_DEMO_SECRET = { questionId: 'first_pet', question: 'はじめて飼ったペットの名前は？', answer: 'ぽち' } as const;

/** The member for the e2e journey of linking (README): a member of the demo association, nothing linked. */
export const MYNA_MEMBER = {
  email: 'myna@sukoyaka.example',
  nickname: 'まいな 一郎',
  birthday: '1975-09-20',
  roster: { memberSymbol: '1001', memberNumber: '4' },
} as const;

/**
 * Seeds both members' My Number data. Called by db/seed.ts inside its transaction, for a freshly
 * seeded demo only (`demoUserId`); the documents are the demo association's, agreed by the new member.
 */
export async function seedMynaDemo(
  tx: Executor,
  demo: { demoUserId: string; associationId: string; documentIds: string[]; passwordHash: string },
  now: Date,
): Promise<void> {
  const userId = demo.demoUserId;
  const terms = currentMynaTerms();
  await tx.insert(mynaAgreements).values({ userId, action: 'agreed', version: terms.version, at: now });
  await tx.insert(mynaSecretQuestions).values({
    userId,
    questionId: MYNA_DEMO_SECRET.questionId,
    answerHash: await hashPassword(normaliseSecretAnswer(MYNA_DEMO_SECRET.answer)),
    createdAt: now,
  });

  // The records the fake portal serves for its demo card holder, stored as an import stores them
  // (the demo is never seeded in production: the fakes' data is there outside it only).
  const { DEMO_MYNA_PERSON, fakeCheckupDocuments, fakeDispensings, fakeMedicalBills } = await loadFakes();
  const key = await memberKeyFor(tx, userId, now);
  const documents = fakeCheckupDocuments(DEMO_MYNA_PERSON);
  const exams = await storeExams(
    tx,
    key,
    userId,
    documents.map((document) => ({ documentId: document.documentId, parsed: parseCheckupCda(document.cdaXml) })),
    now,
  );
  const dispensings = fakeDispensings(DEMO_MYNA_PERSON);
  const bills = fakeMedicalBills(DEMO_MYNA_PERSON);
  const medicines = await storeDispensings(tx, key, userId, dispensings, now);
  const medicalBills = await storeBills(tx, key, userId, bills, now);

  // A link whose token has lapsed: at start, with the fake portal in use, the server renews it
  // through a real code exchange (connectDemoMyna), as the fake keeps its grants in memory only.
  await storeLink(tx, userId, { accessToken: 'seeded', refreshToken: undefined, expiresAt: now, subject: DEMO_MYNA_PERSON.subject }, now);
  await tx.update(mynaLinks).set({ lastImportedAt: now }).where(eq(mynaLinks.userId, userId));
  await tx.insert(mynaImportJobs).values({
    id: randomUUID(),
    userId,
    status: 'succeeded',
    phase: 'done',
    counts: {
      medicalExams: { fetched: documents.length, added: exams },
      medicines: { fetched: dispensings.length, added: medicines },
      medicalBills: { fetched: bills.length, added: medicalBills },
    },
    attempts: 1,
    requestedAt: now,
    startedAt: now,
    finishedAt: now,
  });

  // The member who links in the e2e journey.
  const [member] = await tx
    .insert(users)
    .values({
      email: MYNA_MEMBER.email,
      passwordHash: demo.passwordHash,
      onboardedAt: now,
      nickname: MYNA_MEMBER.nickname,
      birthday: MYNA_MEMBER.birthday,
      associationId: demo.associationId,
      associationVerifiedAt: now,
      emailVerifiedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (member) {
    await tx
      .insert(rosterEntries)
      .values({ associationId: demo.associationId, ...MYNA_MEMBER.roster, birthday: MYNA_MEMBER.birthday, linkedUserId: member.id });
    await tx.insert(consents).values(demo.documentIds.map((documentId) => ({ userId: member.id, documentId, agreedAt: now })));
  }
}

/**
 * At start with the fake portal: renews the demo member's link through the real protocol (the
 * authorization approved at once, the code exchanged with PKCE, the ID token's nonce checked), so
 * "import again" works for the demo. Does nothing for a member who has no link (removed it).
 */
export async function connectDemoMyna(
  deps: { db: Database; portal: MynaPortalService; log: Pick<FastifyBaseLogger, 'warn'> },
  email: string,
  now: Date,
): Promise<boolean> {
  const { db, portal } = deps;
  if (!portal.fake) return false;
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!member) return false;
  const [link] = await db.select({ id: mynaLinks.id }).from(mynaLinks).where(eq(mynaLinks.userId, member.id));
  if (!link) return false;
  const { state, nonce } = createStateAndNonce();
  const pkce = createPkcePair();
  const url = new URL(await buildMynaAuthorizationUrl(portal.config, { state, nonce, codeChallenge: pkce.codeChallenge }));
  url.searchParams.set('auto', '1');
  const response = await fetch(url, { redirect: 'manual' });
  const location = response.headers.get('location');
  const code = location ? new URL(location).searchParams.get('code') : null;
  if (!code) {
    deps.log.warn({ status: response.status }, 'the fake My Number Portal did not approve the demo link');
    return false;
  }
  const tokens = await exchangeMynaCode(portal.config, { code, codeVerifier: pkce.codeVerifier, nonce }, { now: () => now.getTime() });
  await db.transaction((tx) => storeLink(tx, member.id, tokens, now, { keepLinkedAt: true }));
  return true;
}
