import { mynaBillCategoryLabels, type MynaBill } from '@sukoyaka/contract';
import {
  Actions,
  AppLink,
  Button,
  Card,
  EmptyState,
  FactRows,
  FormError,
  List,
  LoadingSkeleton,
  SectionHeading,
  Select,
  Stack,
  Text,
  describeError,
} from '@sukoyaka/shared';
import { useState } from 'react';
import styled from 'styled-components';
import { useExportMynaHealthFiles, type ExportedFile } from '../api/export-myna-health-files';
import { useMedicalBills } from '../api/myna-records';
import { formatMonth, formatYen } from '../format';
import { RecordsFailure, RecordsGate } from '../parts/RecordsGate';
import { mynaPagePaths } from '../paths';

const Bill = styled.li`
  padding: ${({ theme }) => theme.spacing(1, 0)};
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(0.5, 2)};
  strong {
    font-variant-numeric: tabular-nums;
  }
`;

/** The bills of one year by month, with what the member paid in the year and the tax form's CSV. */
export function MedicalBillsView({ save }: { save?: (file: ExportedFile) => void }) {
  return (
    <RecordsGate what="医療費">
      <Bills save={save} />
    </RecordsGate>
  );
}

function Bills({ save }: { save?: ((file: ExportedFile) => void) | undefined }) {
  const [year, setYear] = useState<number | null>(null);
  const bills = useMedicalBills(year);
  const download = useExportMynaHealthFiles(save);
  if (bills.isPending) return <LoadingSkeleton label="医療費を読み込んでいます" />;
  if (bills.isError) return <RecordsFailure what="医療費" error={bills.error} retry={() => void bills.refetch()} />;
  const first = bills.data.pages[0]!;
  if (first.year === null) {
    return (
      <EmptyState title="医療費の情報はまだありません">
        マイナポータルから情報を取り込むと、ここに表示されます。<AppLink href={mynaPagePaths.import}>情報を取り込む</AppLink>
      </EmptyState>
    );
  }
  const shownYear = first.year;
  const all = bills.data.pages.flatMap((page) => page.bills);
  const byMonth = new Map<string, MynaBill[]>();
  for (const bill of all) byMonth.set(bill.month, [...(byMonth.get(bill.month) ?? []), bill]);
  return (
    <Stack $gap={2}>
      <Card aria-labelledby="bills-year-heading">
        <Stack $gap={1.5}>
          <Select
            label="年"
            name="year"
            options={first.years.map((candidate) => ({ value: String(candidate), label: `${candidate}年` }))}
            value={String(shownYear)}
            onChange={(event) => setYear(Number(event.target.value))}
          />
          <SectionHeading id="bills-year-heading">{shownYear}年の医療費</SectionHeading>
          <FactRows aria-live="polite">
            <dt>窓口で支払った額</dt>
            <dd>{formatYen(first.yearTotals.paidAmount)}</dd>
            <dt>医療費の総額</dt>
            <dd>{formatYen(first.yearTotals.totalCost)}</dd>
            <dt>件数</dt>
            <dd>{first.yearTotals.count}件</dd>
          </FactRows>
          <Text $muted>
            医療費控除の申告には、国税庁の「医療費集計フォーム」の形式のCSVを使えます。マイナポータルの医療費通知情報に載らない医療費（市販薬や通院の交通費など）は、ご自身で書き足してください。
          </Text>
          {download.isError ? <FormError>{describeError(download.error)}</FormError> : null}
          <Actions>
            <Button
              variant="secondary"
              busy={download.isPending}
              onClick={() => download.mutate({ format: 'tax_form_csv', year: shownYear })}
            >
              {shownYear}年の医療費集計フォーム（CSV）をダウンロード
            </Button>
          </Actions>
        </Stack>
      </Card>
      {first.months
        .filter((month) => byMonth.has(month.month))
        .map((month) => (
          <Card key={month.month} aria-labelledby={`bills-${month.month}`}>
            <SectionHeading id={`bills-${month.month}`}>{formatMonth(month.month)}</SectionHeading>
            <Text>
              支払った額 <strong>{formatYen(month.paidAmount)}</strong>（医療費の総額 {formatYen(month.totalCost)}・{month.count}件）
            </Text>
            <List aria-labelledby={`bills-${month.month}`}>
              {(byMonth.get(month.month) ?? []).map((bill) => (
                <Bill key={bill.id}>
                  <span>
                    {bill.institutionName ?? '医療機関名なし'}（{mynaBillCategoryLabels[bill.category]}
                    {bill.days !== null ? `・${bill.days}日` : ''}）
                  </span>
                  <span>
                    支払った額 <strong>{formatYen(bill.paidAmount)}</strong>
                  </span>
                </Bill>
              ))}
            </List>
          </Card>
        ))}
      {bills.hasNextPage ? (
        <Actions>
          <Button variant="secondary" busy={bills.isFetchingNextPage} onClick={() => void bills.fetchNextPage()}>
            もっと見る
          </Button>
        </Actions>
      ) : null}
    </Stack>
  );
}
