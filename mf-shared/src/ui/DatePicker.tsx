import { DATE_MAX, DATE_MIN } from '@sukoyaka/contract';
// Only the date-fns root and its ja locale: the two date-fns modules the import map shares.
import { format, isAfter, isBefore, isSameDay, isValid, parseISO, startOfDay } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DayPicker, type Formatters, type Labels, type Modifiers } from 'react-day-picker';
import styled from 'styled-components';
import { keepFocusOnBackdropPress, keepTabInside, ModalOverlay, useBodyScrollLock } from './AlertModal';
import { Button, FieldErrorText } from './primitives';

/** Spec §5 and §9: dates from 1900-01-01 to 2099-12-31 (the contract's DATE_MIN and DATE_MAX). */
const RANGE_START = parseISO(DATE_MIN);
const RANGE_END = parseISO(DATE_MAX);

/** Spec §9: the date picker's Japanese wording. */
export const DATE_PICKER_TEXT = {
  title: '日付を選択',
  previousMonth: '前月を表示',
  nextMonth: '次月を表示',
  cancel: 'キャンセル',
  ok: 'OK',
  placeholder: '日付を選択してください',
} as const;

/** How a chosen date reads: 2024年5月15日(水). */
export const DATE_PICKER_FORMAT = 'yyyy年M月d日(E)';

export function formatPickerDate(date: Date): string {
  return format(date, DATE_PICKER_FORMAT, { locale: ja });
}

/** The first and last selectable days: the spec's range, narrowed by min and max if given. */
function selectableRange(min?: Date | null, max?: Date | null): { from: Date; to: Date } {
  const from = min && isValid(min) && isAfter(startOfDay(min), RANGE_START) ? startOfDay(min) : RANGE_START;
  const to = max && isValid(max) && isBefore(startOfDay(max), RANGE_END) ? startOfDay(max) : RANGE_END;
  return { from, to };
}

/**
 * Whether the date picker lets a member choose this day: from 1900-01-01 to 2099-12-31 (spec §5),
 * and within min and max when given. Only the calendar day counts, not the time of day.
 */
export function isSelectableDate(date: Date, min?: Date | null, max?: Date | null): boolean {
  if (!isValid(date)) return false;
  const { from, to } = selectableRange(min, max);
  const day = startOfDay(date);
  return !isBefore(day, from) && !isAfter(day, to);
}

// ---------------------------------------------------------------------------------------------

const labels: Partial<Labels> = {
  labelPrevious: () => DATE_PICKER_TEXT.previousMonth,
  labelNext: () => DATE_PICKER_TEXT.nextMonth,
  labelMonthDropdown: () => '月を選択',
  labelYearDropdown: () => '年を選択',
  labelGrid: (month: Date) => format(month, 'yyyy年M月', { locale: ja }),
  labelDayButton: (date: Date, modifiers: Modifiers) =>
    `${formatPickerDate(date)}${modifiers.today ? '、今日' : ''}${modifiers.selected ? '、選択中' : ''}`,
};

const formatters: Partial<Formatters> = {
  formatCaption: (month: Date) => format(month, 'yyyy年M月', { locale: ja }),
  formatMonthDropdown: (month: Date) => format(month, 'M月', { locale: ja }),
  formatYearDropdown: (year: Date) => format(year, 'yyyy年', { locale: ja }),
};

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(0.5)};
`;

const Label = styled.label`
  font-weight: 700;
  font-size: 0.9375rem;
`;

const Hint = styled.span`
  font-size: 0.8125rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Opener = styled.button<{ $invalid: boolean; $empty: boolean }>`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.spacing(1)};
  width: 100%;
  min-height: 44px;
  padding: ${({ theme }) => theme.spacing(1, 1.5)};
  border: 1px solid ${({ theme, $invalid }) => ($invalid ? theme.colors.danger : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme, $empty }) => ($empty ? theme.colors.textMuted : theme.colors.text)};
  font-size: 1rem;
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

const Panel = styled.div`
  width: 100%;
  max-width: 368px;
  margin: auto;
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: 0 12px 32px rgba(0, 0, 0, 0.24);
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1.5)};
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { padding: ${theme.spacing(3)}; }`}
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1rem;
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Chosen = styled.p`
  margin: 0;
  font-size: 1.25rem;
  font-weight: 700;
  line-height: 1.4;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { font-size: 1.5rem; }`}
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.spacing(1)};
  & > button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** react-day-picker's markup (its rdp-* class names) styled with the theme; its CSS file is not used. */
const Calendar = styled.div`
  .rdp-root {
    position: relative;
  }
  .rdp-month {
    display: grid;
    grid-template-columns: 44px minmax(0, 1fr) 44px;
    align-items: center;
    row-gap: ${({ theme }) => theme.spacing(1)};
  }
  .rdp-button_previous,
  .rdp-button_next {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    padding: 0;
    border: none;
    border-radius: 50%;
    background: transparent;
    color: ${({ theme }) => theme.colors.primary};
    cursor: pointer;
  }
  .rdp-button_previous:hover:not([aria-disabled='true']),
  .rdp-button_next:hover:not([aria-disabled='true']) {
    background: ${({ theme }) => theme.colors.primaryLight};
  }
  .rdp-button_previous[aria-disabled='true'],
  .rdp-button_next[aria-disabled='true'] {
    color: ${({ theme }) => theme.colors.border};
    cursor: not-allowed;
  }
  .rdp-chevron {
    fill: currentColor;
  }
  .rdp-month_caption {
    display: flex;
    justify-content: center;
    min-width: 0;
  }
  .rdp-dropdowns {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    align-items: center;
    gap: ${({ theme }) => theme.spacing(0.5)};
  }
  .rdp-dropdown_root {
    display: inline-flex;
  }
  /* The native selects are the visible controls; react-day-picker's lookalike label is not needed. */
  .rdp-dropdown_root .rdp-caption_label {
    display: none;
  }
  .rdp-dropdown {
    min-height: 44px;
    padding: ${({ theme }) => theme.spacing(0.5, 0.5)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font-size: 1rem;
    font-weight: 700;
    cursor: pointer;
  }
  .rdp-month_grid {
    grid-column: 1 / -1;
    width: 100%;
    border-collapse: collapse;
    table-layout: fixed;
  }
  .rdp-weekday {
    padding: ${({ theme }) => theme.spacing(0.5, 0)};
    font-size: 0.8125rem;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.textMuted};
    text-align: center;
  }
  .rdp-day {
    padding: 1px;
    text-align: center;
  }
  .rdp-day_button {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 100%;
    max-width: 44px;
    height: 40px;
    padding: 0;
    border: 2px solid transparent;
    border-radius: 50%;
    background: transparent;
    color: ${({ theme }) => theme.colors.text};
    font-size: 1rem;
    cursor: pointer;
    ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { height: 44px; }`}
  }
  .rdp-day_button:hover:not(:disabled) {
    background: ${({ theme }) => theme.colors.primaryLight};
  }
  .rdp-outside .rdp-day_button {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .rdp-today .rdp-day_button {
    border-color: ${({ theme }) => theme.colors.primary};
    font-weight: 700;
  }
  .rdp-selected .rdp-day_button,
  .rdp-selected .rdp-day_button:hover {
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
    font-weight: 700;
  }
  .rdp-disabled .rdp-day_button {
    color: ${({ theme }) => theme.colors.textMuted};
    opacity: 0.45;
    text-decoration: line-through;
    cursor: not-allowed;
  }
  .rdp-button_previous:focus-visible,
  .rdp-button_next:focus-visible,
  .rdp-dropdown:focus-visible,
  .rdp-day_button:focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 1px;
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

interface DialogProps {
  value: Date | null;
  from: Date;
  to: Date;
  onCancel: () => void;
  onConfirm: (date: Date) => void;
}

/** The modal calendar: mounted when opened, so it starts from the current value each time. */
function DatePickerDialog({ value, from, to, onCancel, onConfirm }: DialogProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const inRange = (date: Date | null): date is Date => date !== null && !isBefore(startOfDay(date), from) && !isAfter(startOfDay(date), to);
  const [chosen, setChosen] = useState<Date | null>(() => (inRange(value) ? startOfDay(value) : null));
  // The month shown first: the value's, else today's, kept within the range.
  const [initialMonth] = useState(() => {
    const start = value ?? new Date();
    if (isBefore(start, from)) return from;
    if (isAfter(start, to)) return to;
    return start;
  });
  useBodyScrollLock();
  useEffect(() => {
    // react-day-picker focuses the chosen day (else today, else the month's first open day);
    // should it find none, focus still moves into the dialog.
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) {
      panel.querySelector<HTMLElement>('.rdp-day_button:not(:disabled), button:not(:disabled)')?.focus();
    }
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    keepTabInside(event, panelRef.current);
  };

  return createPortal(
    <ModalOverlay
      onMouseDown={keepFocusOnBackdropPress}
      onClick={(event) => {
        if (event.target === event.currentTarget) onCancel(); // a tap beside the dialog cancels
      }}
    >
      <Panel ref={panelRef} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <Title id={titleId}>{DATE_PICKER_TEXT.title}</Title>
        <Chosen aria-hidden="true">{chosen ? formatPickerDate(chosen) : '―'}</Chosen>
        <Calendar>
          <DayPicker
            mode="single"
            required
            selected={chosen ?? undefined}
            onSelect={(date: Date) => setChosen(date)}
            defaultMonth={initialMonth}
            startMonth={from}
            endMonth={to}
            disabled={[{ before: from }, { after: to }]}
            captionLayout="dropdown"
            navLayout="around"
            showOutsideDays
            fixedWeeks
            autoFocus
            locale={ja}
            labels={labels}
            formatters={formatters}
          />
        </Calendar>
        <Actions>
          <Button variant="text" onClick={onCancel}>
            {DATE_PICKER_TEXT.cancel}
          </Button>
          <Button disabled={!chosen} onClick={() => chosen && onConfirm(chosen)} style={{ minWidth: 88 }}>
            {DATE_PICKER_TEXT.ok}
          </Button>
        </Actions>
      </Panel>
    </ModalOverlay>,
    document.body,
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
  const shown = value && isValid(value) ? value : null;

  // Focus goes back to the field however the dialog closes (a tapped button may never have had focus).
  const close = () => {
    setOpen(false);
    openerRef.current?.focus();
  };
  const confirm = (date: Date) => {
    close();
    if (!shown || !isSameDay(shown, date)) onChange(date);
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
      {name ? <input type="hidden" name={name} value={shown ? format(shown, 'yyyy-MM-dd') : ''} /> : null}
      {error ? (
        <FieldErrorText id={errorId} role="alert">
          {error}
        </FieldErrorText>
      ) : null}
      {open ? <DatePickerDialog value={shown} from={from} to={to} onCancel={close} onConfirm={confirm} /> : null}
    </Field>
  );
}
