import { lazy, Suspense, useId, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { DATE_PICKER_TEXT, formatPickerDate, selectableRange } from './date-picker-rules';
import { Field, FieldErrorText, Hint, isoDateOf, isSameLocalDay, isValidDate, Label } from '@sukoyaka/shared';

export { DATE_PICKER_FORMAT, DATE_PICKER_TEXT, formatPickerDate, isSelectableDate } from './date-picker-rules';

const DatePickerDialog = lazy(() => import(/* webpackChunkName: "date-picker" */ './DatePickerDialog'));

const Opener = styled.button<{ $invalid: boolean; $empty: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(1)};
  width: 100%;
  min-height: ${({ theme }) => theme.touchTarget};
  padding: ${({ theme }) => theme.spacing(1, 1.5)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme, $empty }) => ($empty ? theme.colors.textMuted : theme.colors.text)};
  font-size: ${({ theme }) => theme.fontSizes.body};
  text-align: left;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &:disabled {
    cursor: not-allowed;
    opacity: 0.6;
  }
  svg {
    flex: none;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

function CalendarIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2Zm12 8H5v9h14v-9ZM5 8h14V6H5v2Z"
      />
    </svg>
  );
}

export interface DatePickerProps {
  label: string;
  value: Date | null;
  onChange: (date: Date | null) => void;
  /** Narrows the spec's range (1900-01-01–2099-12-31); it never widens it. */
  min?: Date;
  max?: Date;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean;
  disabled?: boolean;
  /** When given, a hidden input carries the value as yyyy-MM-dd for a native form. */
  name?: string;
}

/**
 * A labelled field that shows the chosen date (2024年5月15日(水)) and opens a calendar dialog
 * titled 日付を選択 (spec §9): キャンセル or Escape closes it and keeps the value, OK applies the
 * highlighted day. Days outside 1900-01-01–2099-12-31 (and min/max) cannot be chosen (spec §5).
 */
export function DatePicker({ label, value, onChange, min, max, error, hint, optional, disabled, name }: DatePickerProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const openerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const { from, to } = selectableRange(min, max);
  const shown = value && isValidDate(value) ? value : null;

  // Focus goes back to the field however the dialog closes (a tapped button may never have had focus).
  const close = () => {
    setOpen(false);
    openerRef.current?.focus();
  };
  const confirm = (date: Date) => {
    close();
    if (!shown || !isSameLocalDay(shown, date)) onChange(date);
  };

  return (
    <Field>
      <Label id={labelId} htmlFor={id}>
        {label}
        {optional ? <Hint>（任意）</Hint> : null}
      </Label>
      {hint ? <Hint id={hintId}>{hint}</Hint> : null}
      <Opener
        ref={openerRef}
        id={id}
        type="button"
        $invalid={Boolean(error)}
        // Lets a form move focus here when this is its first invalid field (useContractForm).
        data-invalid={error ? 'true' : undefined}
        $empty={!shown}
        disabled={disabled}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <span id={valueId}>{shown ? formatPickerDate(shown) : DATE_PICKER_TEXT.placeholder}</span>
        <CalendarIcon />
      </Opener>
      {name ? <input type="hidden" name={name} value={shown ? isoDateOf(shown) : ''} /> : null}
      {error ? (
        <FieldErrorText id={errorId} role="alert">
          {error}
        </FieldErrorText>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <DatePickerDialog value={shown} from={from} to={to} onCancel={close} onConfirm={confirm} />
        </Suspense>
      ) : null}
    </Field>
  );
}
