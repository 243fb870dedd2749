// removeMynaSensitives: everything imported and the link go in one transaction — the records
// (and the receipts typed in by hand for the 医療費控除, sealed with the same key),
// the link and its tokens, authorizations in progress, the import jobs (with their counts), and the
// member's data key (so a copy of a sealed value anywhere, a backup say, can no longer be opened).
// What stays: the consent history, the secret question and the audit log, none of which holds
// medical data.
import type { Actor } from '../platform/actor';
import type { CallOutput } from '@sukoyaka/contract';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  mynaAuthorizations,
  mynaDataKeys,
  mynaDispensings,
  mynaImportJobs,
  mynaLinks,
  mynaMedicalBills,
  mynaMedicalExams,
  mynaMedicalReceipts,
} from '../db/schema';
import { audit } from '../platform/audit';

export async function removeEverything(
  db: Database,
  actor: Actor | null,
  userId: string,
  now: Date,
): Promise<CallOutput<'removeMynaSensitives'>> {
  return db.transaction(async (tx) => {
    const count = async (rows: Promise<unknown[]>) => (await rows).length;
    const removed = {
      medicalExams: await count(
        tx.delete(mynaMedicalExams).where(eq(mynaMedicalExams.userId, userId)).returning({ id: mynaMedicalExams.id }),
      ),
      medicines: await count(tx.delete(mynaDispensings).where(eq(mynaDispensings.userId, userId)).returning({ id: mynaDispensings.id })),
      medicalBills: await count(
        tx.delete(mynaMedicalBills).where(eq(mynaMedicalBills.userId, userId)).returning({ id: mynaMedicalBills.id }),
      ),
      // The hand-entered receipts are sealed with the data key removed below: they go too.
      medicalReceipts: await count(
        tx.delete(mynaMedicalReceipts).where(eq(mynaMedicalReceipts.userId, userId)).returning({ id: mynaMedicalReceipts.id }),
      ),
      importJobs: await count(tx.delete(mynaImportJobs).where(eq(mynaImportJobs.userId, userId)).returning({ id: mynaImportJobs.id })),
      link: (await count(tx.delete(mynaLinks).where(eq(mynaLinks.userId, userId)).returning({ id: mynaLinks.id }))) > 0,
    };
    await tx.delete(mynaAuthorizations).where(eq(mynaAuthorizations.userId, userId));
    const dataKey =
      (await count(tx.delete(mynaDataKeys).where(eq(mynaDataKeys.userId, userId)).returning({ id: mynaDataKeys.userId }))) > 0;
    await audit(tx, actor, 'myna_removed', userId, { ...removed, dataKey }, now);
    return { removed, removedAt: now.toISOString() };
  });
}
