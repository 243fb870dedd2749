import type { MynaMedicalReceipt } from '@sukoyaka/contract';
import { medicalExpenseCategoryLabels } from '@sukoyaka/contract/myna-terms';
import { Actions, Button, EmptyState, FormError, List, LoadingSkeleton, Stack, Text, describeError } from '@sukoyaka/shared';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { useDeleteMedicalReceipt, useMedicalReceipts } from '../api/myna-medical-receipts';
import { formatDay, formatYen } from '../format';
import { RecordsFailure } from '../parts/RecordsGate';

// Loaded when the member adds or changes a receipt (issue 27: the page shows without it).
const ReceiptForm = lazy(() => import('./ReceiptForm').then((module) => ({ default: module.ReceiptForm })));

const Receipt = styled.li`
  padding: ${({ theme }) => theme.spacing(1, 0)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
  strong {
    font-variant-numeric: tabular-nums;
  }
`;

function ReceiptRow({ receipt, onEdit }: { receipt: MynaMedicalReceipt; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteMedicalReceipt();
  const name = `${formatDay(receipt.paidOn)} ${receipt.payee}`;
  return (
    <Receipt aria-label={name}>
      <span>
        {formatDay(receipt.paidOn)}・{receipt.payee}（{medicalExpenseCategoryLabels[receipt.category]}）
      </span>
      <span>
        {receipt.patientName}・支払った金額 <strong>{formatYen(receipt.amount)}</strong>
        {receipt.compensation > 0 ? `（補填 ${formatYen(receipt.compensation)}）` : ''}
      </span>
      {remove.isError ? <FormError>{describeError(remove.error)}</FormError> : null}
      <Actions>
        {confirming ? (
          <>
            <Button busy={remove.isPending} onClick={() => remove.mutate(receipt.id)} aria-label={`${name}を削除する`}>
              削除する
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              やめる
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onEdit} aria-label={`${name}を変更`}>
              変更
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(true)} aria-label={`${name}を削除`}>
              削除
            </Button>
          </>
        )}
      </Actions>
    </Receipt>
  );
}

/**
 * The receipts typed in by hand for `year` (手入力): the months the portal has not delivered yet
 * (about three months late) and what it never has (市販薬, 通院の交通費…), editable and removable.
 */
export function MedicalReceipts({ year, defaultDay }: { year: number; defaultDay: string }) {
  const receipts = useMedicalReceipts(year);
  const [editing, setEditing] = useState<MynaMedicalReceipt | 'new' | null>(null);
  if (receipts.isPending) return <LoadingSkeleton label="手入力した領収書を読み込んでいます" />;
  if (receipts.isError) return <RecordsFailure what="手入力した領収書" error={receipts.error} retry={() => void receipts.refetch()} />;
  const { receipts: list, portalPatientName } = receipts.data;
  return (
    <Stack $gap={1.5}>
      {editing ? (
        <Suspense fallback={<LoadingSkeleton label="領収書の入力欄を読み込んでいます" rows={2} />}>
          <ReceiptForm
            key={editing === 'new' ? 'new' : editing.id}
            receipt={editing === 'new' ? null : editing}
            defaultPatient={portalPatientName ?? ''}
            defaultDay={defaultDay}
            onDone={() => setEditing(null)}
          />
        </Suspense>
      ) : (
        <Actions>
          <Button onClick={() => setEditing('new')}>領収書を追加</Button>
        </Actions>
      )}
      {list.length === 0 ? (
        <EmptyState title="手入力した領収書はありません">
          マイナポータルにまだ届いていない月の医療費や、市販薬・通院の交通費などは、領収書から追加できます。
        </EmptyState>
      ) : (
        <List aria-label={`${year}年の手入力した領収書`}>
          {list.map((receipt) => (
            <ReceiptRow key={receipt.id} receipt={receipt} onEdit={() => setEditing(receipt)} />
          ))}
        </List>
      )}
      <Text $muted>
        手入力の合計 {formatYen(receipts.data.totals.amount)}（{receipts.data.totals.count}件）
      </Text>
    </Stack>
  );
}
