import type { MynaImport, MynaImportPhase } from '@sukoyaka/contract';
import { formatDateTime } from '../format';

export const KIND_LABELS = { medicalExams: '健診結果', medicines: 'お薬の情報', medicalBills: '医療費' } as const;

const PHASE_LABELS: Record<MynaImportPhase, string> = {
  queued: '取り込みの順番を待っています',
  medical_exams: '健診結果を取り込んでいます',
  medicines: 'お薬の情報を取り込んでいます',
  medical_bills: '医療費を取り込んでいます',
  done: '取り込みを終えています',
};

export const phaseLabel = (phase: MynaImportPhase) => PHASE_LABELS[phase];

/** The newest import in one sentence, for the top page. */
export function describeImport(job: MynaImport): string {
  switch (job.status) {
    case 'queued':
    case 'running':
      return `${phaseLabel(job.phase)}…`;
    case 'succeeded':
      return `${job.finishedAt ? formatDateTime(job.finishedAt) : ''}に取り込みが完了しました。`;
    default:
      return `${job.finishedAt ? `${formatDateTime(job.finishedAt)}の` : ''}取り込みは失敗しました。それまでに取り込んだ情報はそのまま残っています。`;
  }
}
