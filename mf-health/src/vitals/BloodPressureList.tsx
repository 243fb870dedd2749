import type { BloodPressure } from '@sukoyaka/contract';
import { Button, EmptyState, FormError, List, LoadingSkeleton, Stack, describeError } from '@sukoyaka/shared';
import { format } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import styled from 'styled-components';
import { useBloodPressures } from './api/list-blood-pressures';

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  padding: ${({ theme }) => theme.spacing(1.5, 0)};
`;

const Values = styled.span`
  font-size: 1.125rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const Pulse = styled(Muted)`
  margin-left: ${({ theme }) => theme.spacing(1.5)};
`;

export function formatMeasuredAt(iso: string): string {
  return format(new Date(iso), 'yyyy年M月d日(E) HH:mm', { locale: ja });
}

function Reading({ reading }: { reading: BloodPressure }) {
  return (
    <Item>
      <time dateTime={reading.measuredAt}>{formatMeasuredAt(reading.measuredAt)}</time>
      <span>
        <Values>
          {reading.systolic} / {reading.diastolic}
        </Values>{' '}
        <Muted>mmHg</Muted>
        {reading.pulse !== null ? <Pulse>脈拍 {reading.pulse} 回/分</Pulse> : null}
      </span>
    </Item>
  );
}

export function BloodPressureList() {
  const { data, error, isPending, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useBloodPressures();
  if (isPending) return <LoadingSkeleton label="血圧の記録を読み込んでいます" />;
  if (error) {
    return (
      <Stack $gap={1.5}>
        <FormError>記録を読み込めませんでした。{describeError(error)}</FormError>
        <div>
          <Button variant="secondary" onClick={() => void refetch()}>
            再読み込み
          </Button>
        </div>
      </Stack>
    );
  }
  const readings = data.pages.flatMap((page) => page.items);
  if (readings.length === 0) {
    return <EmptyState title="まだ記録がありません">上のフォームから最初の血圧を記録しましょう。</EmptyState>;
  }
  return (
    <Stack $gap={2}>
      <List aria-label="血圧の記録">
        {readings.map((reading) => (
          <Reading key={reading.id} reading={reading} />
        ))}
      </List>
      {hasNextPage ? (
        <div>
          <Button variant="secondary" onClick={() => void fetchNextPage()} busy={isFetchingNextPage}>
            {isFetchingNextPage ? '読み込んでいます…' : 'さらに表示'}
          </Button>
        </div>
      ) : null}
    </Stack>
  );
}
