import { bloodPressureInput } from '@sukoyaka/contract';
import {
  Button,
  DatePicker,
  FormError,
  Stack,
  TextField,
  describeError,
  fieldErrorsOf,
  validateInput,
  type FieldErrors,
  formLevelError,
} from '@sukoyaka/shared';
import { format, formatISO, parse } from 'date-fns';
import { useState, type FormEvent } from 'react';
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

export function BloodPressureForm() {
  const [day, setDay] = useState<Date | null>(() => new Date());
  const [time, setTime] = useState(() => format(new Date(), 'HH:mm'));
  const [systolic, setSystolic] = useState('');
  const [diastolic, setDiastolic] = useState('');
  const [pulse, setPulse] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const save = useSaveBloodPressure();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const values = {
      measuredAt: measuredAtIso(day, time),
      systolic: toNumber(systolic),
      diastolic: toNumber(diastolic),
      pulse: toNumber(pulse) ?? null,
    };
    const { data, errors: invalid } = validateInput(bloodPressureInput, values);
    setErrors(invalid ?? {});
    if (!data) return;
    save.mutate(data, {
      onSuccess: () => {
        setSystolic('');
        setDiastolic('');
        setPulse('');
        setSaved(true);
      },
      onError: (error) => setErrors(fieldErrorsOf(error)),
    });
  };

  const failure = formLevelError(save.error);
  const formError = failure ? describeError(failure) : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-label="血圧の記録">
      <Stack $gap={2}>
        {formError ? <FormError>{formError}</FormError> : null}
        <Moment>
          <DatePicker label="測定日" value={day} onChange={setDay} max={new Date()} error={errors.measuredAt} />
          <TextField label="測定時刻" type="time" value={time} onChange={(event) => setTime(event.target.value)} required />
        </Moment>
        <Row>
          <TextField
            label="最高血圧（mmHg）"
            type="number"
            inputMode="numeric"
            min={60}
            max={300}
            value={systolic}
            onChange={(event) => setSystolic(event.target.value)}
            error={errors.systolic}
            required
          />
          <TextField
            label="最低血圧（mmHg）"
            type="number"
            inputMode="numeric"
            min={30}
            max={200}
            value={diastolic}
            onChange={(event) => setDiastolic(event.target.value)}
            error={errors.diastolic}
            required
          />
          <TextField
            label="脈拍（回/分）"
            type="number"
            inputMode="numeric"
            min={20}
            max={250}
            value={pulse}
            onChange={(event) => setPulse(event.target.value)}
            error={errors.pulse}
            optional
          />
        </Row>
        <div>
          <Button type="submit" busy={save.isPending}>
            {save.isPending ? '記録しています…' : '記録する'}
          </Button>
        </div>
        <div aria-live="polite">{saved ? <Success>血圧を記録しました。</Success> : null}</div>
      </Stack>
    </form>
  );
}
