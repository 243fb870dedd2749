// The member's latest check-up as other areas may read it (the health forecast), without importing
// the area that holds it. The My Number area registers the reader at start (app.ts, the
// composition root); until one is registered every member has none. The reader itself enforces
// the rules of the data it reads — a fresh secret-question answer, the audit of the read — so a
// consumer cannot bypass them.
import type { Database } from '../db/client';
import type { SessionRow } from './sessions';

/** The values of one check-up a forecast can use; null where the check-up did not measure it. */
export interface CheckupValues {
  /** yyyy-MM-dd, the day of the examination. */
  examinedOn: string;
  /** The institution that examined, as the document names it. */
  institution: string | null;
  /** As the check-up document records it (the forecast's model scores men and women apart). */
  sex: 'male' | 'female' | null;
  systolic: number | null;
  diastolic: number | null;
  /** mg/dL */
  ldl: number | null;
  hdl: number | null;
  triglycerides: number | null;
  /** % (NGSP) */
  hba1c: number | null;
  /** mg/dL */
  fastingGlucose: number | null;
  /** From the questionnaire (問診): currently smokes. */
  smoker: boolean | null;
  /** From the questionnaire: takes medicine for diabetes (insulin or oral). */
  onDiabetesMedication: boolean | null;
  /** mL/min/1.73m², when the check-up has it. */
  egfr: number | null;
}

export type LatestCheckup =
  /** Nothing linked, or linked with no check-up imported. */
  | { status: 'none' }
  /** A check-up exists, but reading it needs a fresh secret-question answer (the member is sent to /myna_connection/verify). */
  | { status: 'secretQuestionRequired' }
  | { status: 'available'; source: 'myna'; checkup: CheckupValues };

export interface CheckupReadContext {
  db: Database;
  userId: string;
  session: SessionRow;
  now: Date;
  /** Who reads it, for the audit log (e.g. 'health_forecast'). */
  purpose: string;
}

export type CheckupReader = (context: CheckupReadContext) => Promise<LatestCheckup>;

let reader: CheckupReader = async () => ({ status: 'none' });

/** Called once by app.ts with the My Number area's reader. */
export function registerCheckupReader(next: CheckupReader): void {
  reader = next;
}

/** The latest check-up of the member, under the rules of the area that holds it. */
export function readLatestCheckup(context: CheckupReadContext): Promise<LatestCheckup> {
  return reader(context);
}
