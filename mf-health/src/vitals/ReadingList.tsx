import { Actions, Button, EmptyState, FormError, List, LoadingSkeleton, Stack, Text, describeError, LoadFailure } from '@sukoyaka/shared';
import { useState } from 'react';
import styled from 'styled-components';
import { useVitalsSummary } from './api/get-vitals-summary';
import { useDeleteReading, useReadings } from './api/vital-readings';
import { formatDay, formatMeasuredAt } from './formats';
import { SOURCE_LABELS, type AnyReading, type VitalKind } from './kinds';
import { readingDetail } from './reading-details';
import type { Period } from './periods';
import { VitalForm } from './VitalForm';

const Item = styled.li`
  padding: ${({ theme }) => theme.spacing(1.5, 0)};
`;

const Line = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
`;

const Values = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.small};
`;

const Detail = styled(Muted)`
  margin-left: ${({ theme }) => theme.spacing(1.5)};
`;

function When({ reading }: { reading: AnyReading }) {
  if ('startedAt' in reading)
    return (
      <span>
        <time dateTime={reading.startedAt}>{formatMeasuredAt(reading.startedAt)}</time>〜
        <time dateTime={reading.measuredAt}>{formatMeasuredAt(reading.measuredAt)}</time>
      </span>
    );
  return 'day' in reading ? (
    <time dateTime={reading.day}>{formatDay(reading.day)}</time>
  ) : (
    <time dateTime={reading.measuredAt}>{formatMeasuredAt(reading.measuredAt)}</time>
  );
}

function Reading({ kind, reading }: { kind: VitalKind; reading: AnyReading }) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm'>('view');
  const remove = useDeleteReading(kind);
  const formatValue = kind.format as (r: AnyReading) => string;
  const detail = readingDetail(kind, reading);
  const when = 'day' in reading ? formatDay(reading.day) : formatMeasuredAt(reading.measuredAt);
  return (
    <Item>
      <Stack $gap={1}>
        <Line>
          <When reading={reading} />
          <span>
            <Values>{formatValue(reading)}</Values>
            {detail ? <Detail>{detail}</Detail> : null}
          </span>
        </Line>
        {reading.source === 'manual' ? (
          mode === 'view' ? (
            <Actions $gap={1}>
              <Button variant="text" onClick={() => setMode('edit')} aria-label={`${when}の記録を修正`}>
                修正
              </Button>
              <Button variant="text" onClick={() => setMode('confirm')} aria-label={`${when}の記録を削除`}>
                削除
              </Button>
            </Actions>
          ) : mode === 'confirm' ? (
            <Stack $gap={1} role="group" aria-label="削除の確認">
              <Text>この記録（{when}）を削除しますか？</Text>
              {remove.error ? <FormError>削除できませんでした。{describeError(remove.error)}</FormError> : null}
              <Actions $gap={1}>
                <Button busy={remove.isPending} onClick={() => remove.mutate(reading.id)}>
                  {remove.isPending ? '削除しています…' : '削除する'}
                </Button>
                <Button
                  variant="secondary"
                  onClick={() => {
                    remove.reset();
                    setMode('view');
                  }}
                >
                  やめる
                </Button>
              </Actions>
            </Stack>
          ) : (
            <VitalForm kind={kind} reading={reading} onDone={() => setMode('view')} />
          )
        ) : (
          <Muted>{SOURCE_LABELS[reading.source]}から取り込んだ記録（変更できません）</Muted>
        )}
      </Stack>
    </Item>
  );
}

/** The period's readings, newest first, a page at a time; hand-entered ones can be corrected or deleted. */
export function ReadingList({ kind, period }: { kind: VitalKind; period: Period }) {
  const { data, error, isPending, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useReadings(kind, period);
  // Whether the member has any reading of this kind at all (older than the period, perhaps).
  const recordedBefore = (useVitalsSummary().data?.[kind.key] ?? null) !== null;
  if (isPending) return <LoadingSkeleton label={`${kind.label}の記録を読み込んでいます`} />;
  if (error) {
    return <LoadFailure what="記録" error={error} retry={() => void refetch()} />;
  }
  const readings = data.pages.flatMap((page) => page.items);
  if (readings.length === 0) {
    return recordedBefore ? (
      <EmptyState title="この期間の記録はありません">グラフの期間を長くすると、それより前の記録を表示します。</EmptyState>
    ) : (
      <EmptyState title="まだ記録がありません">上のフォームから最初の{kind.label}を記録しましょう。</EmptyState>
    );
  }
  return (
    <Stack $gap={2}>
      <List aria-label={`${kind.label}の記録`}>
        {readings.map((reading) => (
          <Reading key={reading.id} kind={kind} reading={reading} />
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
