// getMynaConnectionState: what the /myna_connection pages decide their next step from.
import type { MynaConnectionState } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mynaLinks, mynaSecretQuestions } from '../db/schema';
import type { SessionRow } from '../platform/sessions';
import { agreedVersion } from './agreements';
import { isRelinkRequired, latestImport, toImport } from './imports';
import { hasRecords } from './records';
import { toUserSecretQuestion } from './secret-question';
import { currentMynaTerms } from './terms';

export async function connectionState(
  db: Database,
  userId: string,
  session: SessionRow | null,
  available: boolean,
  now: Date,
): Promise<MynaConnectionState> {
  const currentVersion = currentMynaTerms().version;
  const version = await agreedVersion(db, userId);
  const [link] = await db.select().from(mynaLinks).where(eq(mynaLinks.userId, userId));
  const [question] = await db.select().from(mynaSecretQuestions).where(eq(mynaSecretQuestions.userId, userId));
  const secretQuestion = toUserSecretQuestion(question, session, now);
  const job = await latestImport(db, userId);
  return {
    available,
    agreement: { agreed: version === currentVersion, currentVersion, agreedVersion: version },
    linked: link !== undefined,
    linkedAt: link?.linkedAt.toISOString() ?? null,
    relinkRequired: link !== undefined && isRelinkRequired(link, now),
    secretQuestion: {
      registered: secretQuestion.registered,
      lockedUntil: secretQuestion.lockedUntil,
      authenticatedUntil: secretQuestion.mynaSecretQuestionExpireAt,
    },
    hasRecords: await hasRecords(db, userId),
    lastImportedAt: link?.lastImportedAt?.toISOString() ?? null,
    latestImport: job ? toImport(job) : null,
  };
}
