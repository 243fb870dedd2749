import { bloodPressureInput } from '@sukoyaka/contract';
import {
  Button,
  DatePicker,
  FieldList,
  FormError,
  Stack,
  TextField,
  useContractForm,
  useFieldValues,
  type FieldSpec,
} from '@sukoyaka/shared';
import { format, formatISO, parse } from 'date-fns';
import { useState } from 'react';
import styled from 'styled-components';
import { useSaveBloodPressure } from './api/save-blood-pressure';

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: repeat(3, 1fr); }`}
`;

const Success = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 700;
`;

const Moment = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: 2fr 1fr; }`}
`;

/**
 * The chosen day and the time field (HH:mm) as a moment with this device's UTC offset, e.g.
 * 2026-11-22T08:30:00+09:00; '' when either part is missing, so validation names the field.
 */
export function measuredAtIso(day: Date | null, time: string): string {
  if (!day || !/^\d{2}:\d{2}$/.test(time)) return '';
  const moment = parse(time, 'HH:mm', day);
  return Number.isNaN(moment.getTime()) ? '' : formatISO(moment);
}

const toNumber = (value: string) => (value.trim() === '' ? undefined : Number(value));

/** The numbers of a blood-pressure record; another vitals type's form is another such list. */
export const bloodPressureFields = [
  { name: 'systolic', label: '最高血圧', unit: 'mmHg', type: 'number', inputMode: 'numeric', min: 60, max: 300 },
  { name: 'diastolic', label: '最低血圧', unit: 'mmHg', type: 'number', inputMode: 'numeric', min: 30, max: 200 },
  { name: 'pulse', label: '脈拍', unit: '回/分', type: 'number', inputMode: 'numeric', min: 20, max: 250, optional: true },
] as const satisfies readonly FieldSpec[];

export function BloodPressureForm() {
  const [day, setDay] = useState<Date | null>(() => new Date());
  const [time, setTime] = useState(() => format(new Date(), 'HH:mm'));
  const [values, setValue, clearValues] = useFieldValues(bloodPressureFields);
  const [saved, setSaved] = useState(false);
  const form = useContractForm({
    schema: bloodPressureInput,
    mutation: useSaveBloodPressure(),
    onSuccess: () => {
      clearValues();
      setSaved(true);
    },
  });

  const formProps = form.formProps(() => {
    setSaved(false);
    return {
      measuredAt: measuredAtIso(day, time),
      systolic: toNumber(values.systolic),
      diastolic: toNumber(values.diastolic),
      pulse: toNumber(values.pulse) ?? null,
    };
  });

  return (
    <form {...formProps} aria-label="血圧の記録">
      <Stack $gap={2}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        <Moment>
          <DatePicker label="測定日" value={day} onChange={setDay} max={new Date()} error={form.errors.measuredAt} />
          <TextField label="測定時刻" type="time" value={time} onChange={(event) => setTime(event.target.value)} required />
        </Moment>
        <Row>
          <FieldList fields={bloodPressureFields} values={values} errors={form.errors} onChange={setValue} />
        </Row>
        <div>
          <Button type="submit" busy={form.isPending}>
            {form.isPending ? '記録しています…' : '記録する'}
          </Button>
        </div>
        <div aria-live="polite">{saved ? <Success>血圧を記録しました。</Success> : null}</div>
      </Stack>
    </form>
  );
}
