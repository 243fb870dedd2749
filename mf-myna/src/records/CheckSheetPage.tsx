import type { MynaDispensing } from '@sukoyaka/contract';
import { Actions, AppLink, Button, Card, EmptyState, LoadingSkeleton, SectionHeading, Stack, Text, isoDateOf } from '@sukoyaka/shared';
import styled, { createGlobalStyle } from 'styled-components';
import { useMedicalExam, useMedicalExams, useMedicines } from '../api/myna-records';
import { formatDay } from '../format';
import { MynaPage } from '../parts/MynaPage';
import { RecordsFailure, RecordsGate } from '../parts/RecordsGate';
import { mynaPagePaths } from '../paths';
import { itemValue, judgedItems } from './exam-items';
import { JudgementBadge } from './Judgement';
import { medicineDetails } from './MedicinesView';

/** Printed, the sheet is the page: the site's header, footer and buttons are left out. */
const PrintStyle = createGlobalStyle`
  @media print {
    header, footer, [data-no-print] { display: none !important; }
    body { background: #fff; font-size: 10.5pt; }
    section { break-inside: avoid; border-color: #999 !important; }
  }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-variant-numeric: tabular-nums;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.spacing(0.75, 0.5)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  /*
   * Room for an item's name such as 「腹囲（実測）」 on one line at 320 px (longer ones wrap between
   * phrases).
   */
  th[scope='row'] {
    min-width: 7em;
  }
  th[scope='col'] {
    font-size: ${({ theme }) => theme.fontSizes.small};
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The medicines: a medicine's long name takes half the line, so its details are not left a character a line at 320 px. */
const MedicinesTable = styled(Table)`
  th[scope='row'] {
    width: 50%;
  }
`;

/*
 * The result and its judgement share a cell: at 320 px the badge (never broken inside a word,
 * issue 27) goes under the result rather than the table growing past the phone's edge.
 */
const ResultAndJudgement = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.spacing(0.25, 1)};
`;

/** How far back a dispensing counts as the medicines the member takes now. */
const CURRENT_MEDICINE_DAYS = 90;

const currentDispensings = (dispensings: readonly MynaDispensing[], today: Date = new Date()) => {
  // Date arithmetic by hand and mf-shared's isoDateOf: the page loads no date-fns (issue 27).
  const start = new Date(today);
  start.setDate(start.getDate() - CURRENT_MEDICINE_DAYS);
  const since = isoDateOf(start);
  return dispensings.filter((dispensing) => dispensing.dispensedOn >= since);
};

/** `/myna_connection/check_sheet`: one printable page — the latest check-up and the current medicines, to show a doctor. */
export function CheckSheetPage() {
  return (
    <MynaPage title="受診時チェックシート">
      <PrintStyle />
      <Text data-no-print>受診のときに医師や薬剤師に見せたり、印刷して持参したりできます。</Text>
      <RecordsGate what="チェックシート">
        <Sheet />
      </RecordsGate>
      <Actions data-no-print>
        <Button variant="secondary" onClick={() => window.print()}>
          印刷する
        </Button>
        <AppLink href={mynaPagePaths.top}>マイナポータル連携に戻る</AppLink>
      </Actions>
    </MynaPage>
  );
}

function Sheet() {
  return (
    <Stack $gap={2}>
      <LatestExam />
      <CurrentMedicines />
    </Stack>
  );
}

function LatestExam() {
  const exams = useMedicalExams(1);
  const latestId = exams.data?.pages[0]?.medicalExams[0]?.id ?? null;
  const exam = useMedicalExam(latestId);
  return (
    <Card aria-labelledby="sheet-exam-heading">
      <SectionHeading id="sheet-exam-heading">直近の健診結果</SectionHeading>
      {exams.isPending || (latestId && exam.isPending) ? <LoadingSkeleton label="健診結果を読み込んでいます" rows={2} /> : null}
      {exams.isError ? <RecordsFailure what="健診結果" error={exams.error} retry={() => void exams.refetch()} /> : null}
      {exam.isError ? <RecordsFailure what="健診結果" error={exam.error} retry={() => void exam.refetch()} /> : null}
      {exams.isSuccess && !latestId ? <EmptyState title="健診結果はまだありません" /> : null}
      {exam.data ? (
        <Stack $gap={1}>
          <Text>
            {formatDay(exam.data.medicalExam.examinedOn)}受診
            {exam.data.medicalExam.institutionName ? `（${exam.data.medicalExam.institutionName}）` : ''}
          </Text>
          <Table>
            <caption style={{ textAlign: 'left', fontSize: '0.875rem' }}>判定のある主な項目</caption>
            <thead>
              <tr>
                <th scope="col">項目</th>
                <th scope="col">結果・判定</th>
              </tr>
            </thead>
            <tbody>
              {judgedItems(exam.data.medicalExam).map((item) => (
                <tr key={item.code}>
                  <th scope="row">{item.name}</th>
                  <td>
                    <ResultAndJudgement>
                      <span>{itemValue(item)}</span>
                      <JudgementBadge judgement={item.judgement} />
                    </ResultAndJudgement>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Stack>
      ) : null}
    </Card>
  );
}

function CurrentMedicines() {
  const medicines = useMedicines();
  const current = medicines.data ? currentDispensings(medicines.data.pages.flatMap((page) => page.dispensings)) : [];
  return (
    <Card aria-labelledby="sheet-medicines-heading">
      <SectionHeading id="sheet-medicines-heading">服用中のお薬（直近{CURRENT_MEDICINE_DAYS}日に調剤されたもの）</SectionHeading>
      {medicines.isPending ? <LoadingSkeleton label="お薬の情報を読み込んでいます" rows={2} /> : null}
      {medicines.isError ? <RecordsFailure what="お薬の情報" error={medicines.error} retry={() => void medicines.refetch()} /> : null}
      {medicines.isSuccess && current.length === 0 ? (
        <EmptyState title={`直近${CURRENT_MEDICINE_DAYS}日に調剤されたお薬はありません`} />
      ) : null}
      {current.length > 0 ? (
        <MedicinesTable>
          <thead>
            <tr>
              <th scope="col">お薬（一般名）</th>
              <th scope="col">用法・量・日数／調剤日・薬局</th>
            </tr>
          </thead>
          <tbody>
            {current.flatMap((dispensing) =>
              dispensing.medicines.map((medicine, index) => (
                <tr key={`${dispensing.id}-${index}`}>
                  <th scope="row">
                    {medicine.name}
                    {medicine.genericName && medicine.genericName !== medicine.name ? `（${medicine.genericName}）` : ''}
                  </th>
                  {/* Two columns, not three: at 320 px a third would leave a character a line. */}
                  <td>
                    {medicineDetails(medicine) || '—'}
                    <br />
                    {formatDay(dispensing.dispensedOn)}
                    {dispensing.pharmacyName ? `・${dispensing.pharmacyName}` : ''}
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </MedicinesTable>
      ) : null}
    </Card>
  );
}
