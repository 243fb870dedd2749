import type { MynaBill } from '@sukoyaka/contract';
import { mynaBillCategoryLabels, mynaMedicalExpenseFormUrl } from '@sukoyaka/contract/myna-terms';
import {
  Actions,
  AppLink,
  Button,
  ButtonLinkStyle,
  Card,
  EmptyState,
  FactRows,
  List,
  LoadingSkeleton,
  SectionHeading,
  Stack,
  Text,
} from '@sukoyaka/shared';
import { Checkbox, Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import { useMedicalReceipts } from '../api/myna-medical-receipts';
import { useMedicalBills } from '../api/myna-records';
import { formatMonth, formatYen } from '../format';
import { RecordsFailure } from '../parts/RecordsGate';
import { mynaPagePaths } from '../paths';
import { MedicalReceipts } from './MedicalReceipts';

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

/** 取り込み and 手入力 side by side on a wide screen, one under the other on a phone. */
const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.md}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    align-items: start;
  }
`;

/** 10万円: the fixed threshold of the 医療費控除, and its ceiling of 200万円. */
const THRESHOLD = 100_000;
const CEILING = 2_000_000;

/** Today in Japan (yyyy-MM-dd): the year a member files for is mostly this one or the last. */
const japanToday = () => new Date(Date.now() + 9 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * What the year's amounts mean for the 医療費控除, in plain words. NTA タックスアンサー No.1120
 * 「医療費を支払ったとき（医療費控除）」 (https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/1120.htm):
 * (支払った医療費 − 保険金などで補填される金額) − 10万円 (総所得金額等が200万円未満の人は、総所得金額等の5%),
 * at most 200万円.
 */
function Threshold({ net }: { net: number }) {
  const over = net - THRESHOLD;
  return (
    <Stack $gap={1}>
      <Text>
        医療費控除の額は、1年間に支払った医療費から保険などで補填される金額を引き、さらに10万円を引いた額です（上限200万円）。総所得金額等が200万円未満の人は、10万円の代わりに総所得金額等の5%を引きます。
      </Text>
      <Text aria-live="polite">
        {over > 0
          ? `10万円を${formatYen(over)}超えています。総所得金額等が200万円以上の場合、医療費控除の額の目安は${formatYen(Math.min(over, CEILING))}です。`
          : `10万円まであと${formatYen(-over)}です。総所得金額等が200万円未満の人は、それより少ない額から控除を受けられることがあります。`}
      </Text>
    </Stack>
  );
}

/** The year's bills as imported from the portal, month by month (取り込み). */
function ImportedBills({
  bills,
  months,
}: {
  bills: MynaBill[];
  months: Array<{ month: string; paidAmount: number; totalCost: number; count: number }>;
}) {
  if (bills.length === 0) {
    return (
      <EmptyState title="この年の取り込んだ医療費はありません">
        マイナポータルの医療費通知情報は、受診からおよそ3か月後に届きます。<AppLink href={mynaPagePaths.import}>情報を取り込む</AppLink>
      </EmptyState>
    );
  }
  const byMonth = new Map<string, MynaBill[]>();
  for (const bill of bills) byMonth.set(bill.month, [...(byMonth.get(bill.month) ?? []), bill]);
  return (
    <Stack $gap={1.5}>
      {months
        .filter((month) => byMonth.has(month.month))
        .map((month) => (
          <section key={month.month} aria-labelledby={`bills-${month.month}`}>
            <SectionHeading id={`bills-${month.month}`} as="h4">
              {formatMonth(month.month)}
            </SectionHeading>
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
          </section>
        ))}
    </Stack>
  );
}

/**
 * The 医療費 of one year for the 医療費控除 (issue 25 #3): the bills imported from the portal and
 * the receipts typed in by hand side by side, the year's total with 補填額 and what the threshold
 * means, and the tax office's 医療費集計フォーム as a workbook to read into the 確定申告書等作成コーナー.
 * Behind the gate (./views.tsx, the page and mf-health's /medical_expenses/bills).
 */
export function MedicalExpenses() {
  const [year, setYear] = useState<number | null>(null);
  const [includeBills, setIncludeBills] = useState(true);
  const today = japanToday();
  const thisYear = Number(today.slice(0, 4));
  const bills = useMedicalBills(year);
  const first = bills.data?.pages[0];
  // The newest year with bills, else this year: receipts are read once the year is known.
  const shownYear = year ?? first?.year ?? thisYear;
  const receipts = useMedicalReceipts(shownYear);
  if (bills.isPending) return <LoadingSkeleton label="医療費を読み込んでいます" />;
  if (bills.isError) return <RecordsFailure what="医療費" error={bills.error} retry={() => void bills.refetch()} />;
  const page = bills.data.pages[0]!;
  const billsOfYear = page.year === shownYear ? bills.data.pages.flatMap((each) => each.bills) : [];
  const importedTotal = page.year === shownYear ? page.yearTotals.paidAmount : 0;
  const typed = receipts.data?.totals ?? { count: 0, amount: 0, compensation: 0 };
  const years = [...new Set([...page.years, ...(receipts.data?.years ?? []), thisYear, thisYear - 1, shownYear])].sort((a, b) => b - a);
  const paid = importedTotal + typed.amount;
  // The last day of the year shown, or today: where a new receipt's day starts.
  const defaultDay = shownYear >= thisYear ? today : `${shownYear}-12-31`;
  return (
    <Stack $gap={2}>
      <Card aria-labelledby="expenses-year-heading">
        <Stack $gap={1.5}>
          <Select
            label="年"
            name="year"
            options={years.map((candidate) => ({ value: String(candidate), label: `${candidate}年` }))}
            value={String(shownYear)}
            onChange={(event) => setYear(Number(event.target.value))}
          />
          <SectionHeading id="expenses-year-heading">{shownYear}年の医療費</SectionHeading>
          {receipts.data ? (
            <>
              <FactRows aria-label={`${shownYear}年の合計`} aria-live="polite">
                <dt>取り込み（マイナポータル）</dt>
                <dd>{formatYen(importedTotal)}</dd>
                <dt>手入力</dt>
                <dd>{formatYen(typed.amount)}</dd>
                <dt>支払った医療費の合計</dt>
                <dd>{formatYen(paid)}</dd>
                <dt>補填される金額</dt>
                <dd>{formatYen(typed.compensation)}</dd>
                <dt>差し引き</dt>
                <dd>{formatYen(paid - typed.compensation)}</dd>
              </FactRows>
              <Threshold net={paid - typed.compensation} />
            </>
          ) : (
            <LoadingSkeleton label="合計を計算しています" rows={2} />
          )}
          <Text $muted>
            国税庁の「医療費集計フォーム」（Excel形式）で、取り込んだ医療費と手入力した領収書をまとめてダウンロードできます。確定申告書等作成コーナーの医療費控除の画面で読み込めます。
          </Text>
          <Checkbox
            label="取り込んだ医療費も含める"
            description="確定申告書等作成コーナーでマイナポータル連携を使って医療費通知情報を取り込む場合は、二重に計上しないようチェックを外してください。"
            checked={includeBills}
            onChange={(event) => setIncludeBills(event.target.checked)}
          />
          <Actions>
            <ButtonLinkStyle href={mynaMedicalExpenseFormUrl(shownYear, includeBills)} download $variant="secondary">
              医療費集計フォームをダウンロード (.xlsx)
            </ButtonLinkStyle>
          </Actions>
        </Stack>
      </Card>
      <Columns>
        <Card aria-labelledby="imported-heading">
          <Stack $gap={1.5}>
            <SectionHeading id="imported-heading" as="h3">
              取り込み（マイナポータル）
            </SectionHeading>
            <ImportedBills bills={billsOfYear} months={page.year === shownYear ? page.months : []} />
            {bills.hasNextPage && page.year === shownYear ? (
              <Actions>
                <Button variant="secondary" busy={bills.isFetchingNextPage} onClick={() => void bills.fetchNextPage()}>
                  もっと見る
                </Button>
              </Actions>
            ) : null}
          </Stack>
        </Card>
        <Card aria-labelledby="typed-heading">
          <Stack $gap={1.5}>
            <SectionHeading id="typed-heading" as="h3">
              手入力
            </SectionHeading>
            <MedicalReceipts year={shownYear} defaultDay={defaultDay} />
          </Stack>
        </Card>
      </Columns>
    </Stack>
  );
}
