// The port through which the health forecast reads the member's latest check-up
// (platform/checkup-source.ts), registered by app.ts: 'none' without one, 'secretQuestionRequired'
// without a fresh answer, else the values the forecast uses — and the read is audited with its purpose.
import { desc, eq } from 'drizzle-orm';
import { mynaMedicalExams } from '../db/schema';
import type { CheckupAnalyte } from '../integrations/myna-portal/types';
import type { CheckupReader, CheckupValues } from '../platform/checkup-source';
import { hasStepUp } from '../platform/step-up';
import { findMemberKey } from './keys';
import { auditRead } from './records';
import type { StoredExam } from './store';

function valueOf(exam: StoredExam, ...analytes: CheckupAnalyte[]): number | null {
  for (const analyte of analytes) {
    const item = exam.items.find((candidate) => candidate.analyte === analyte && typeof candidate.value === 'number');
    if (item) return item.value as number;
  }
  return null;
}

export function checkupValues(exam: StoredExam): CheckupValues {
  return {
    examinedOn: exam.examinedOn,
    institution: exam.institution || null,
    sex: exam.sex ?? null,
    systolic: valueOf(exam, 'systolic'),
    diastolic: valueOf(exam, 'diastolic'),
    ldl: valueOf(exam, 'ldl'),
    hdl: valueOf(exam, 'hdl'),
    triglycerides: valueOf(exam, 'triglycerides'),
    hba1c: valueOf(exam, 'hba1c'),
    fastingGlucose: valueOf(exam, 'fastingGlucose'),
    smoker: exam.questionnaire.smoker ?? null,
    onDiabetesMedication: exam.questionnaire.onDiabetesMedication ?? null,
    egfr: valueOf(exam, 'egfr'),
  };
}

export const readLatestMynaCheckup: CheckupReader = async ({ db, userId, session, now, purpose }) => {
  const [latest] = await db
    .select()
    .from(mynaMedicalExams)
    .where(eq(mynaMedicalExams.userId, userId))
    .orderBy(desc(mynaMedicalExams.examinedAt), desc(mynaMedicalExams.id))
    .limit(1);
  if (!latest) return { status: 'none' };
  if (!hasStepUp('mynaSecretQuestion', session, now)) return { status: 'secretQuestionRequired' };
  const key = await findMemberKey(db, userId);
  if (!key) return { status: 'none' };
  const exam = key.openJson<StoredExam>('myna_medical_exams.payload', latest.id, latest.payload);
  await auditRead(db, null, userId, 'readLatestCheckup', 1, now, { purpose });
  return { status: 'available', source: 'myna', checkup: checkupValues(exam) };
};
