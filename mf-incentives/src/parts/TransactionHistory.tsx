import type { IncentiveTransaction } from '@sukoyaka/contract';
import { Actions, Button, EmptyState, List, Select, Stack, Text } from '@sukoyaka/shared';
import { useState } from 'react';
import styled from 'styled-components';
import { useHistory, type HistorySource } from '../api/transactions';
import { formatDateTime, formatSigned, monthLabel, monthOf, recentMonths } from '../format';
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

/** A history by month (Japan time): the month chooser and that month's lines. */
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
            <List aria-label={`${monthLabel(month)}の履歴`}>
              {transactions.map((transaction) => (
                <Row key={transaction.id}>
                  <span>
                    <Text>{transaction.description || KIND_LABELS[transaction.kind]}</Text>
                    <Text $muted>
                      {formatDateTime(transaction.createdAt)}・{KIND_LABELS[transaction.kind]}
                    </Text>
                  </span>
                  <strong>
                    {formatSigned(transaction.amount)}
                    {unit}
                  </strong>
                </Row>
              ))}
            </List>
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
