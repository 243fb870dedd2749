import type { IncentiveTransaction } from '@sukoyaka/contract';
import { Actions, Button, EmptyState, List, Stack, Text } from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import { useHistory, type HistorySource } from '../api/transactions';
import { formatDayHeading, formatSigned, formatTime, japanDayOf, monthLabel, monthOf, recentMonths } from '../format';
import { QueryState } from './IncentivePage';

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  padding: ${({ theme }) => theme.spacing(1.5, 0)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  strong {
    font-variant-numeric: tabular-nums;
  }
`;

// h2: the history sits right under the page's h1 (axe heading-order).
const DayHeading = styled.h2`
  margin: ${({ theme }) => theme.spacing(1, 0, 0)};
  font-size: ${({ theme }) => theme.fontSizes.label};
`;

/** The lines grouped by the Japanese day they were made, newest first (as they come). */
function byDay(transactions: readonly IncentiveTransaction[]): { day: string; lines: IncentiveTransaction[] }[] {
  const groups: { day: string; lines: IncentiveTransaction[] }[] = [];
  for (const transaction of transactions) {
    const day = japanDayOf(transaction.createdAt);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.lines.push(transaction);
    else groups.push({ day, lines: [transaction] });
  }
  return groups;
}

/** 「11月20日分・獲得 15:27」: the day an earning is for (when not the day it was paid), what, when. */
function lineDetail(transaction: IncentiveTransaction, day: string): string {
  const forDay = transaction.forDay && transaction.forDay !== day ? `${formatDayHeading(transaction.forDay)}分・` : '';
  return `${forDay}${KIND_LABELS[transaction.kind]} ${formatTime(transaction.createdAt)}`;
}

const KIND_LABELS: Record<IncentiveTransaction['kind'], string> = {
  earn: '獲得',
  grant: '付与',
  revoke: '取り消し',
  redeem: '交換',
  expire: '失効',
  challenge: 'ギフトチャレンジ',
  prize: '当選',
  competition: '懸賞への応募',
};

/**
 * A history by month (Japan time): the month chooser and that month's lines, under a heading per
 * day; an earning also says the day it is for when that is another day (issue 27).
 */
export function TransactionHistory({ unit, source, now = new Date() }: { unit: string; source: HistorySource; now?: Date | undefined }) {
  const [month, setMonth] = useState(() => monthOf(now));
  const query = useHistory(source, month);
  const transactions = query.data?.pages.flatMap((page) => page.transactions);
  return (
    <Stack $gap={2}>
      <Select
        label="表示する月"
        value={month}
        onChange={(event) => setMonth(event.target.value)}
        options={recentMonths(now, 24).map((value) => ({ value, label: monthLabel(value) }))}
      />
      <QueryState query={query} label="履歴" />
      {transactions ? (
        transactions.length === 0 ? (
          <EmptyState title={`${monthLabel(month)}の履歴はありません`} />
        ) : (
          <>
            <Stack $gap={1} aria-label={`${monthLabel(month)}の履歴`} role="group">
              {byDay(transactions).map(({ day, lines }) => (
                <section key={day} aria-labelledby={`history-${day}`}>
                  <DayHeading id={`history-${day}`}>{formatDayHeading(day)}</DayHeading>
                  <List aria-labelledby={`history-${day}`}>
                    {lines.map((transaction) => (
                      <Row key={transaction.id}>
                        <span>
                          <Text>{transaction.description || KIND_LABELS[transaction.kind]}</Text>
                          <Text $muted>{lineDetail(transaction, day)}</Text>
                        </span>
                        <strong>
                          {formatSigned(transaction.amount)}
                          {unit}
                        </strong>
                      </Row>
                    ))}
                  </List>
                </section>
              ))}
            </Stack>
            {query.hasNextPage ? (
              <Actions>
                <Button variant="secondary" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  もっと見る
                </Button>
              </Actions>
            ) : null}
          </>
        )
      ) : null}
    </Stack>
  );
}
