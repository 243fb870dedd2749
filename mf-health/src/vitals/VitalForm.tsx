import type { CallDefinition } from '@sukoyaka/contract';
import {
  Actions,
  Button,
  clockTimeOf,
  FieldList,
  FormError,
  isoDateOf,
  isoMomentOf,
  Stack,
  TextField,
  useContractForm,
  useFieldValues,
  type FieldSpec,
  loadHealthContract,
} from '@sukoyaka/shared';
import { DatePicker, RadioGroup } from '@sukoyaka/shared/widgets';
import { useState } from 'react';
import styled from 'styled-components';
import type { z } from 'zod/mini';
import { useSaveReading, useUpdateReading } from './api/vital-readings';
import { type AnyReading, type VitalCalls, type VitalKind } from './kinds';
import { BLOOD_SUGAR_TIMINGS } from './reading-details';

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: repeat(3, 1fr); }`}
`;

const Moment = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.spacing(2)};
  grid-template-columns: 1fr;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { grid-template-columns: 2fr 1fr; }`}
`;

export const Success = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.primaryDark};
  font-weight: 700;
`;

/**
 * The chosen day and the time field (HH:mm) as a moment with this device's UTC offset, e.g.
 * 2026-11-22T08:30:00+09:00; '' when either part is missing, so validation names the field.
 */
export function measuredAtIso(day: Date | null, time: string): string {
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return '';
  const [hours, minutes] = [Number(clock[1]), Number(clock[2])];
  if (hours > 23 || minutes > 59) return '';
  return isoMomentOf(new Date(day.getFullYear(), day.getMonth(), day.getDate(), hours, minutes));
}

/**
 * A new sleep entry's bedtime: 23:00 the day before its waking, or eight hours before a waking
 * late in the evening (a night is at most 24 hours).
 */
function lastNight(moment: Date): Date {
  const bed = new Date(moment);
  bed.setDate(bed.getDate() - 1);
  bed.setHours(23, 0, 0, 0);
  return moment.getTime() - bed.getTime() > 24 * 60 * 60 * 1000 ? new Date(moment.getTime() - 8 * 60 * 60 * 1000) : bed;
}

const toNumber = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : Number(value));

/** The form's values as the call's input: numbers, optional ones null when empty. */
function toInput(
  kind: VitalKind,
  fields: Record<string, string>,
  moment: { measuredAt: string; day: string; timing: string; startedAt: string },
) {
  const numbers = Object.fromEntries(
    kind.fields.map((spec) => [spec.name, spec.optional ? (toNumber(fields[spec.name]) ?? null) : toNumber(fields[spec.name])]),
  );
  if (kind.daily) return { day: moment.day, ...numbers };
  if (kind.key === 'sleep') return { startedAt: moment.startedAt, measuredAt: moment.measuredAt };
  if (kind.key === 'bloodSugar') return { measuredAt: moment.measuredAt, ...numbers, timing: moment.timing || undefined };
  return { measuredAt: moment.measuredAt, ...numbers };
}

// Through the area's record, loaded when the form is first used: the page shows without the
// health schemas and zod (issue 27).
const loadSchemaOf = (name: VitalCalls['save'] | VitalCalls['update']) => () =>
  loadHealthContract().then(({ healthCalls }) => (healthCalls[name] as CallDefinition).input as z.ZodMiniType);

interface VitalFormProps {
  kind: VitalKind;
  /** Given: the form corrects this hand-entered reading instead of recording a new one. */
  reading?: AnyReading;
  onDone?: () => void;
}

/**
 * Records one reading of a kind, or corrects one: its fields, the moment (or day), for blood sugar
 * the timing, for sleep the bedtime and the waking.
 */
export function VitalForm({ kind, reading, onDone }: VitalFormProps) {
  const editing = reading !== undefined;
  const initial = reading ? (kind.toValues as (r: AnyReading) => Record<string, string>)(reading) : null;
  const initialMoment = reading && 'measuredAt' in reading ? new Date(reading.measuredAt) : new Date();
  // (For sleep, `initialMoment` is the waking; a new entry wakes now, its bedtime last night.)
  const [day, setDay] = useState<Date | null>(() => initialMoment);
  const [time, setTime] = useState(() => clockTimeOf(initialMoment));
  const [timing, setTiming] = useState(() => initial?.timing ?? '');
  // Sleep's bedtime (its waking is the moment above): last night at 23:00 for a new entry.
  const initialBed = reading && 'startedAt' in reading ? new Date(reading.startedAt) : lastNight(initialMoment);
  const [bedDay, setBedDay] = useState<Date | null>(() => initialBed);
  const [bedTime, setBedTime] = useState(() => clockTimeOf(initialBed));
  const [values, setValue, clearValues] = useFieldValues(kind.fields as readonly FieldSpec[]);
  const [edited, setEdited] = useState<Record<string, string>>({});
  const shown = { ...values, ...(initial && Object.keys(edited).length === 0 ? initial : {}), ...edited };
  const [saved, setSaved] = useState(false);
  const save = useSaveReading(kind);
  const update = useUpdateReading(kind);
  const form = useContractForm({
    loadSchema: loadSchemaOf(editing ? kind.calls.update : kind.calls.save),
    mutation: editing ? update : save,
    onSuccess: () => {
      if (editing) {
        onDone?.();
        return;
      }
      clearValues();
      setEdited({});
      setSaved(true);
    },
  });

  const onChange = (name: string, value: string) => {
    if (editing) setEdited((current) => ({ ...(Object.keys(current).length === 0 ? initial : current), [name]: value }));
    else setValue(name, value);
  };

  const formProps = form.formProps(() => {
    setSaved(false);
    const input = toInput(kind, shown, {
      measuredAt: measuredAtIso(day, time),
      day: day ? isoDateOf(day) : '',
      timing,
      startedAt: measuredAtIso(bedDay, bedTime),
    });
    if (!editing) return input;
    // A day's count is corrected by its count only: the day is what it is for.
    return kind.daily ? { id: reading.id, steps: (input as { steps?: number }).steps } : { id: reading.id, ...input };
  });

  const name = editing ? `${kind.label}の記録の修正` : `${kind.label}の記録`;
  return (
    <form {...formProps} aria-label={name}>
      <Stack $gap={2}>
        {form.formError ? <FormError>{form.formError}</FormError> : null}
        {kind.daily ? (
          editing ? null : (
            <DatePicker label="日付" value={day} onChange={setDay} max={new Date()} error={form.errors.day} />
          )
        ) : kind.key === 'sleep' ? (
          <>
            <Moment>
              <DatePicker label="就寝日" value={bedDay} onChange={setBedDay} max={new Date()} error={form.errors.startedAt} />
              <TextField label="就寝時刻" type="time" value={bedTime} onChange={(event) => setBedTime(event.target.value)} required />
            </Moment>
            <Moment>
              <DatePicker label="起床日" value={day} onChange={setDay} max={new Date()} error={form.errors.measuredAt} />
              <TextField label="起床時刻" type="time" value={time} onChange={(event) => setTime(event.target.value)} required />
            </Moment>
          </>
        ) : (
          <Moment>
            <DatePicker label="測定日" value={day} onChange={setDay} max={new Date()} error={form.errors.measuredAt} />
            <TextField label="測定時刻" type="time" value={time} onChange={(event) => setTime(event.target.value)} required />
          </Moment>
        )}
        {kind.key === 'bloodSugar' ? (
          <RadioGroup
            legend="測定のタイミング"
            name="timing"
            options={BLOOD_SUGAR_TIMINGS}
            value={timing}
            onChange={setTiming}
            error={form.errors.timing}
            required
            inline
          />
        ) : null}
        {kind.fields.length === 0 ? null : (
          <Row>
            <FieldList fields={kind.fields as readonly FieldSpec[]} values={shown} errors={form.errors} onChange={onChange} />
          </Row>
        )}
        <Actions>
          <Button type="submit" busy={form.isPending}>
            {form.isPending ? (editing ? '保存しています…' : '記録しています…') : editing ? '修正を保存する' : '記録する'}
          </Button>
          {editing ? (
            <Button variant="secondary" onClick={onDone}>
              キャンセル
            </Button>
          ) : null}
        </Actions>
        {editing ? null : <div aria-live="polite">{saved ? <Success>{kind.label}を記録しました。</Success> : null}</div>}
      </Stack>
    </form>
  );
}
