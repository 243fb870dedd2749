import { Actions, AppLink, Button, ButtonLinkStyle, EmptyState, List, LoadingSkeleton, Stack, Text } from '@sukoyaka/shared';
import styled from 'styled-components';
import { useMedicalExams } from '../api/myna-records';
import { formatDay } from '../format';
import { RecordsFailure } from '../parts/RecordsGate';
import { medicalExamPath, mynaPagePaths } from '../paths';
import { JudgementBadge } from './Judgement';

const Row = styled.li`
  padding: ${({ theme }) => theme.spacing(1.5, 0)};
  a {
    font-weight: 700;
  }
`;

/**
 * The check-ups, newest first, each linking to its items; behind the gate (./views.tsx, the page
 * and mf-health's /health_reports).
 */
export function ExamList() {
  const exams = useMedicalExams();
  if (exams.isPending) return <LoadingSkeleton label="健診結果を読み込んでいます" />;
  if (exams.isError) return <RecordsFailure what="健診結果" error={exams.error} retry={() => void exams.refetch()} />;
  const items = exams.data.pages.flatMap((page) => page.medicalExams);
  if (items.length === 0) {
    return (
      <EmptyState title="健診結果はまだありません">
        マイナポータルから情報を取り込むと、ここに表示されます。<AppLink href={mynaPagePaths.import}>情報を取り込む</AppLink>
      </EmptyState>
    );
  }
  return (
    <Stack $gap={1}>
      <List aria-label="健診結果の一覧">
        {items.map((exam) => (
          <Row key={exam.id}>
            <Stack $gap={0.5}>
              <AppLink href={medicalExamPath(exam.id)}>{formatDay(exam.examinedOn)}の健診</AppLink>
              <Text $muted>
                {exam.fiscalYear}年度{exam.institutionName ? `・${exam.institutionName}` : ''}・{exam.itemCount}項目
              </Text>
              <Text>
                {exam.seeDoctorCount > 0 ? (
                  <>
                    <JudgementBadge judgement="see_doctor" /> {exam.seeDoctorCount}項目{' '}
                  </>
                ) : null}
                {exam.guidanceCount > 0 ? (
                  <>
                    <JudgementBadge judgement="guidance" /> {exam.guidanceCount}項目
                  </>
                ) : null}
                {exam.seeDoctorCount === 0 && exam.guidanceCount === 0 ? <JudgementBadge judgement="normal" /> : null}
              </Text>
            </Stack>
          </Row>
        ))}
      </List>
      {exams.hasNextPage ? (
        <Actions>
          <Button variant="secondary" busy={exams.isFetchingNextPage} onClick={() => void exams.fetchNextPage()}>
            もっと見る
          </Button>
        </Actions>
      ) : null}
      <Actions>
        <ButtonLinkStyle as={AppLink} $variant="secondary" href={mynaPagePaths.checkSheet}>
          受診時に見せるチェックシート
        </ButtonLinkStyle>
      </Actions>
    </Stack>
  );
}
