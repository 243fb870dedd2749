import type { MynaExam } from '@sukoyaka/contract';
import { AppLink, Card, FactRows, List, LoadingSkeleton, SectionHeading, Stack, Text, useParams } from '@sukoyaka/shared';
import styled from 'styled-components';
import { useMedicalExam } from '../api/myna-records';
import { formatDay } from '../format';
import { MynaPage } from '../parts/MynaPage';
import { RecordsFailure, RecordsGate } from '../parts/RecordsGate';
import { TrendChart } from '../parts/TrendChart';
import { mynaPagePaths } from '../paths';
import { groupItems, itemValue, trendMinSpan, trendPoints } from './exam-items';
import { JudgementBadge } from './Judgement';

const Item = styled.li`
  padding: ${({ theme }) => theme.spacing(1.5, 0)};
  display: grid;
  gap: ${({ theme }) => theme.spacing(0.5)};
`;

const ItemHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(0.5, 1)};
  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.body};
  }
  strong {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    font-variant-numeric: tabular-nums;
  }
`;

/** `/myna_connection/medical_exams/:examId`: one check-up, its items by group, judgements and trends. */
export function MedicalExamPage() {
  const { examId = '' } = useParams();
  return (
    <MynaPage title="健診結果">
      <RecordsGate what="健診結果">
        <Exam id={examId} />
      </RecordsGate>
      <AppLink href={mynaPagePaths.medicalExams}>健診結果の一覧に戻る</AppLink>
    </MynaPage>
  );
}

function Exam({ id }: { id: string }) {
  const exam = useMedicalExam(id);
  if (exam.isPending) return <LoadingSkeleton label="健診結果を読み込んでいます" />;
  if (exam.isError) return <RecordsFailure what="健診結果" error={exam.error} retry={() => void exam.refetch()} />;
  return <ExamDetail exam={exam.data.medicalExam} />;
}

function ExamDetail({ exam }: { exam: MynaExam }) {
  return (
    <Stack $gap={2}>
      <Card aria-labelledby="exam-summary-heading">
        <SectionHeading id="exam-summary-heading">{formatDay(exam.examinedOn)}の健診</SectionHeading>
        <FactRows>
          <dt>年度</dt>
          <dd>{exam.fiscalYear}年度</dd>
          <dt>健診機関</dt>
          <dd>{exam.institutionName ?? '—'}</dd>
          {exam.age !== null ? (
            <>
              <dt>受診時の年齢</dt>
              <dd>{exam.age}歳</dd>
            </>
          ) : null}
          <dt>受診勧奨判定値</dt>
          <dd>{exam.seeDoctorCount}項目</dd>
          <dt>保健指導判定値</dt>
          <dd>{exam.guidanceCount}項目</dd>
        </FactRows>
        <Text $muted style={{ marginTop: 8 }}>
          判定は厚生労働省の特定健診の基準によります。受診勧奨判定値の項目があるときは、医療機関の受診をご検討ください。
        </Text>
      </Card>
      {groupItems(exam.items).map(({ group, label, items }) => (
        <Card key={group} aria-labelledby={`exam-group-${group}`}>
          <SectionHeading id={`exam-group-${group}`}>{label}</SectionHeading>
          <List aria-labelledby={`exam-group-${group}`}>
            {items.map((item) => (
              <Item key={item.code}>
                <ItemHead>
                  <h3>{item.name}</h3>
                  <span>
                    <strong>{itemValue(item)}</strong> <JudgementBadge judgement={item.judgement} />
                  </span>
                </ItemHead>
                {item.referenceText ? <Text $muted>{item.referenceText}</Text> : null}
                <TrendChart title={item.name} unit={item.unit ?? ''} points={trendPoints(item)} minSpan={trendMinSpan(item)} />
              </Item>
            ))}
          </List>
        </Card>
      ))}
    </Stack>
  );
}
