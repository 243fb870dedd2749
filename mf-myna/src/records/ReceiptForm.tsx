import type { MynaMedicalReceipt } from '@sukoyaka/contract';
import {
  MEDICAL_RECEIPT_PATIENT_MAX,
  MEDICAL_RECEIPT_PAYEE_MAX,
  medicalExpenseCategories,
  medicalExpenseCategoryLabels,
} from '@sukoyaka/contract/myna-terms';
import {
  Actions,
  Button,
  FormError,
  Stack,
  TextField,
  describeError,
  formLevelError,
  useContractForm,
  useFormValues,
  loadMynaCalls,
} from '@sukoyaka/shared';
import { Select } from '@sukoyaka/shared/widgets';
import styled from 'styled-components';
import { useSaveMedicalReceipt } from '../api/myna-medical-receipts';

/*
 * The receipt's form, a chunk of its own: the bills page (and the verify step before it) shows
 * without it; it loads when the member adds or changes a receipt, its schema at the form's first
 * touch (issue 27).
 */

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
export function ReceiptForm({
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
  const form = useContractForm({
    loadSchema: () => loadMynaCalls().then((calls) => calls.createMynaMedicalReceipt.input),
    mutation: save,
    onSuccess: onDone,
  });
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
