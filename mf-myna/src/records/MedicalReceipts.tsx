import type { MynaMedicalReceipt } from '@sukoyaka/contract';
import {
  MEDICAL_RECEIPT_PATIENT_MAX,
  MEDICAL_RECEIPT_PAYEE_MAX,
  medicalExpenseCategories,
  medicalExpenseCategoryLabels,
  mynaCalls,
} from '@sukoyaka/contract/myna';
import {
  Actions,
  Button,
  EmptyState,
  FormError,
  List,
  LoadingSkeleton,
  Stack,
  Text,
  TextField,
  describeError,
  formLevelError,
  useContractForm,
  useFormValues,
} from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import { useDeleteMedicalReceipt, useMedicalReceipts, useSaveMedicalReceipt } from '../api/myna-medical-receipts';
import { formatDay, formatYen } from '../format';
import { RecordsFailure } from '../parts/RecordsGate';

const Receipt = styled.li`
  padding: ${({ theme }) => theme.spacing(1, 0)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
  strong {
    font-variant-numeric: tabular-nums;
  }
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: minmax(0, 1fr);
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

/** A typed amount as the call takes it: a number, or undefined for an empty field (its own message). */
const yen = (text: string) => {
  const plain = text.replace(/[,，円\s]/g, '').replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0));
  return plain === '' ? undefined : Number(plain);
};

/** Adding or changing one receipt: every field labelled, each error shown at its field. */
function ReceiptForm({
  receipt,
  defaultPatient,
  defaultDay,
  onDone,
}: {
  receipt: MynaMedicalReceipt | null;
  defaultPatient: string;
  defaultDay: string;
  onDone: () => void;
}) {
  const { values, field } = useFormValues(() => ({
    patientName: receipt?.patientName ?? defaultPatient,
    payee: receipt?.payee ?? '',
    paidOn: receipt?.paidOn ?? defaultDay,
    category: receipt?.category ?? '',
    amount: receipt ? String(receipt.amount) : '',
    compensation: receipt ? String(receipt.compensation) : '0',
  }));
  const save = useSaveMedicalReceipt(receipt?.id ?? null);
  const form = useContractForm({ schema: mynaCalls.createMynaMedicalReceipt.input, mutation: save, onSuccess: onDone });
  const failure = formLevelError(save.error);
  const title = receipt ? '領収書を変更' : '領収書を追加';
  return (
    <form
      {...form.formProps(() => ({
        ...values,
        category: values.category || undefined,
        amount: yen(values.amount),
        compensation: yen(values.compensation),
      }))}
      aria-label={title}
    >
      <Stack $gap={2}>
        {failure ? <FormError>{describeError(failure)}</FormError> : null}
        <Fields>
          <TextField
            label="医療を受けた人"
            hint={`${MEDICAL_RECEIPT_PATIENT_MAX}文字以内。ご家族の分も入力できます`}
            {...field('patientName', form.errors)}
            autoComplete="name"
            required
          />
          <TextField
            label="支払先"
            hint={`病院・薬局など（${MEDICAL_RECEIPT_PAYEE_MAX}文字以内）`}
            {...field('payee', form.errors)}
            required
          />
          <TextField label="支払年月日" type="date" {...field('paidOn', form.errors)} required />
          <Select
            label="医療費の区分"
            placeholder="選択してください"
            options={medicalExpenseCategories.map((value) => ({ value, label: medicalExpenseCategoryLabels[value] }))}
            {...field('category', form.errors)}
            required
          />
          <TextField label="支払った金額（円）" inputMode="numeric" {...field('amount', form.errors)} required />
          <TextField
            label="補填される金額（円）"
            inputMode="numeric"
            hint="保険の給付金や高額療養費などで戻ってくる金額。なければ0"
            {...field('compensation', form.errors)}
            required
          />
        </Fields>
        <Actions>
          <Button type="submit" busy={form.isPending}>
            {receipt ? '変更を保存する' : '追加する'}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            やめる
          </Button>
        </Actions>
      </Stack>
    </form>
  );
}

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
        <ReceiptForm
          key={editing === 'new' ? 'new' : editing.id}
          receipt={editing === 'new' ? null : editing}
          defaultPatient={portalPatientName ?? ''}
          defaultDay={defaultDay}
          onDone={() => setEditing(null)}
        />
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
