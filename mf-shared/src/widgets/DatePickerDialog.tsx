import { format, isAfter, isBefore, startOfDay } from 'date-fns';
import { ja } from 'date-fns/locale/ja';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { DayPicker, type Formatters, type Labels, type Modifiers } from 'react-day-picker';
import styled from 'styled-components';
import { DATE_PICKER_TEXT, formatPickerDate } from './date-picker-rules';
import { Button, keepFocusOnBackdropPress, modalKeys, ModalOverlay, useBodyScrollLock } from '@sukoyaka/shared';

/*
 * The calendar dialog and react-day-picker, in a chunk of their own: loaded when a member first
 * opens a date picker, so pages without one do not download the calendar.
 */

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

const Panel = styled.div`
  width: 100%;
  max-width: 368px;
  margin: auto;
  padding: ${({ theme }) => theme.spacing(2)};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.elevation.overlay};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.spacing(1.5)};
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { padding: ${theme.spacing(3)}; }`}
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.body};
  line-height: 1.5;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Chosen = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.xl};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  line-height: 1.4;
  ${({ theme }) => `@media (min-width: ${theme.breakpoints.sm}px) { font-size: ${theme.fontSizes.xxl}; }`}
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
    min-height: ${({ theme }) => theme.touchTarget};
    padding: ${({ theme }) => theme.spacing(0.5, 0.5)};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font-size: ${({ theme }) => theme.fontSizes.body};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
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
    font-size: ${({ theme }) => theme.fontSizes.hint};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
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
    font-size: ${({ theme }) => theme.fontSizes.body};
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
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  .rdp-selected .rdp-day_button,
  .rdp-selected .rdp-day_button:hover {
    background: ${({ theme }) => theme.colors.primary};
    color: ${({ theme }) => theme.colors.onPrimary};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
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

interface DialogProps {
  value: Date | null;
  from: Date;
  to: Date;
  onCancel: () => void;
  onConfirm: (date: Date) => void;
}

/** The modal calendar: mounted when opened, so it starts from the current value each time. */
export default function DatePickerDialog({ value, from, to, onCancel, onConfirm }: DialogProps) {
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

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => modalKeys(event, panelRef.current, onCancel);

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
