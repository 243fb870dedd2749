import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ThemeProvider } from 'styled-components';
import { DatePicker, isSelectableDate, type DatePickerProps } from './DatePicker';
import { theme } from '@sukoyaka/shared';

// The calendar is its own lazily loaded chunk: load it once, so each test sees the dialog as soon
// as it is opened, as a member does after the first time.
beforeAll(async () => {
  const { user, opener } = renderPicker(null);
  await user.click(opener);
  await screen.findByRole('dialog', { name: '日付を選択' });
  cleanup();
});

function renderPicker(initial: Date | null, props: Partial<DatePickerProps> = {}) {
  const onChange = jest.fn<void, [Date | null]>();
  function Harness() {
    const [value, setValue] = useState<Date | null>(initial);
    return (
      <DatePicker
        label="測定日"
        value={value}
        onChange={(date) => {
          onChange(date);
          setValue(date);
        }}
        {...props}
      />
    );
  }
  const user = userEvent.setup();
  render(
    <ThemeProvider theme={theme}>
      <Harness />
    </ThemeProvider>,
  );
  const opener = screen.getByRole('button', { name: /^測定日/ });
  return { user, onChange, opener };
}

const dialog = () => screen.getByRole('dialog', { name: '日付を選択' });
const day = (label: string) => within(dialog()).getByRole('button', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) });
/** A day's grid cell, found by its ISO date (react-day-picker's data-day). */
const cell = (isoDate: string) => {
  const found = dialog().querySelector<HTMLElement>(`[role="gridcell"][data-day="${isoDate}"]`);
  if (!found) throw new Error(`no cell for ${isoDate}`);
  return found;
};
/** A day that cannot be picked: its cell is marked disabled and holds no button to press. */
const expectUnpickable = (isoDate: string) => {
  expect(cell(isoDate)).toHaveAttribute('data-disabled', 'true');
  expect(within(cell(isoDate)).queryByRole('button')).not.toBeInTheDocument();
};
const sameDay = (a: Date | null | undefined, y: number, m: number, d: number) =>
  a instanceof Date && a.getFullYear() === y && a.getMonth() === m - 1 && a.getDate() === d;

describe('DatePicker', () => {
  test('spec §9: the field shows its label and the placeholder, or the date as yyyy年M月d日(E)', () => {
    renderPicker(null);
    expect(screen.getByLabelText('測定日')).toHaveTextContent('日付を選択してください');
    expect(screen.getByRole('button', { name: '測定日 日付を選択してください' })).toHaveAttribute('aria-haspopup', 'dialog');
  });

  test('spec §9: a chosen date reads 2024年5月15日(水)', () => {
    renderPicker(new Date(2024, 4, 15));
    expect(screen.getByRole('button', { name: '測定日 2024年5月15日(水)' })).toBeInTheDocument();
  });

  test('spec §9: the dialog is titled 日付を選択 and uses the Japanese labels', async () => {
    const { user, opener } = renderPicker(new Date(2024, 4, 15));
    await user.click(opener);

    const modal = dialog();
    expect(modal).toHaveAttribute('aria-modal', 'true');
    expect(within(modal).getByRole('heading', { name: '日付を選択' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: '前月を表示' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: '次月を表示' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'キャンセル' })).toBeInTheDocument();
    expect(within(modal).getByRole('button', { name: 'OK' })).toBeInTheDocument();
    expect(within(modal).getByRole('grid', { name: '2024年5月' })).toBeInTheDocument();
    // Weekday headers (hidden from screen readers: each day's name already says its weekday).
    expect(
      within(modal)
        .getAllByRole('columnheader', { hidden: true })
        .map((th) => th.textContent),
    ).toEqual(['日', '月', '火', '水', '木', '金', '土']);
    expect(within(modal).getByRole('combobox', { name: '年を選択' })).toHaveDisplayValue('2024年');
    expect(within(modal).getByRole('combobox', { name: '月を選択' })).toHaveDisplayValue('5月');
    // Focus moved into the dialog, onto the chosen day.
    expect(day('2024年5月15日(水)')).toHaveFocus();
    expect(day('2024年5月15日(水)')).toHaveAccessibleName('2024年5月15日(水)、選択中');
    expect(opener).toHaveAttribute('aria-expanded', 'true');
  });

  test('spec §5/§9: cannot pick 1899-12-31, can pick 1900-01-01', async () => {
    const { user, opener, onChange } = renderPicker(new Date(1900, 0, 10));
    await user.click(opener);

    // 1899-12-31 is the first cell of January 1900's grid: shown empty and disabled.
    expectUnpickable('1899-12-31');
    await user.click(cell('1899-12-31'));
    expect(day('1900年1月10日(水)')).toHaveAccessibleName(/選択中$/);
    expect(within(dialog()).queryByRole('button', { name: /^1899年/ })).not.toBeInTheDocument();

    expect(day('1900年1月1日(月)')).toBeEnabled();
    await user.click(day('1900年1月1日(月)'));
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(onChange).toHaveBeenCalledTimes(1);
    expect(sameDay(onChange.mock.calls[0]?.[0], 1900, 1, 1)).toBe(true);
    expect(opener).toHaveAccessibleName('測定日 1900年1月1日(月)');
  });

  test('spec §5/§9: cannot pick 2100-01-01, can pick 2099-12-31', async () => {
    const { user, opener, onChange } = renderPicker(new Date(2099, 11, 1));
    await user.click(opener);

    expectUnpickable('2100-01-01');
    await user.click(cell('2100-01-01'));
    expect(within(dialog()).queryByRole('button', { name: /^2100年/ })).not.toBeInTheDocument();
    expect(day('2099年12月1日(火)')).toHaveAccessibleName(/選択中$/);
    expect(day('2099年12月31日(木)')).toBeEnabled();
    await user.click(day('2099年12月31日(木)'));
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(sameDay(onChange.mock.calls[0]?.[0], 2099, 12, 31)).toBe(true);
  });

  test('spec §9: 前月を表示 is disabled in January 1900 and 次月を表示 in December 2099', async () => {
    const { user, opener } = renderPicker(new Date(1900, 0, 1));
    await user.click(opener);

    const previous = screen.getByRole('button', { name: '前月を表示' });
    expect(previous).toHaveAttribute('aria-disabled', 'true');
    await user.click(previous);
    expect(within(dialog()).getByRole('grid', { name: '1900年1月' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '次月を表示' })).not.toHaveAttribute('aria-disabled');

    await user.selectOptions(screen.getByRole('combobox', { name: '年を選択' }), '2099');
    await user.selectOptions(screen.getByRole('combobox', { name: '月を選択' }), '11');
    expect(within(dialog()).getByRole('grid', { name: '2099年12月' })).toBeInTheDocument();
    const next = screen.getByRole('button', { name: '次月を表示' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(within(dialog()).getByRole('grid', { name: '2099年12月' })).toBeInTheDocument();
  });

  test('spec §9: the year dropdown offers 1900年 to 2099年 only, so far years are one choice away', async () => {
    const { user, opener } = renderPicker(new Date(2024, 4, 15));
    await user.click(opener);

    const years = within(screen.getByRole('combobox', { name: '年を選択' })).getAllByRole('option');
    expect(years[0]).toHaveTextContent('1900年');
    expect(years[years.length - 1]).toHaveTextContent('2099年');
    expect(years).toHaveLength(200);

    await user.selectOptions(screen.getByRole('combobox', { name: '年を選択' }), '1950');
    expect(within(dialog()).getByRole('grid', { name: '1950年5月' })).toBeInTheDocument();
  });

  test('spec §9: キャンセル closes and keeps the old value', async () => {
    const { user, opener, onChange } = renderPicker(new Date(2024, 4, 15));
    await user.click(opener);
    await user.click(day('2024年5月20日(月)'));
    await user.click(screen.getByRole('button', { name: 'キャンセル' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(opener).toHaveAccessibleName('測定日 2024年5月15日(水)');
    expect(opener).toHaveFocus();
    expect(opener).toHaveAttribute('aria-expanded', 'false');
  });

  test('spec §9: OK applies the highlighted day', async () => {
    const { user, opener, onChange } = renderPicker(new Date(2024, 4, 15));
    await user.click(opener);
    await user.click(day('2024年5月20日(月)'));
    expect(dialog()).toHaveTextContent('2024年5月20日(月)');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(sameDay(onChange.mock.calls[0]?.[0], 2024, 5, 20)).toBe(true);
    expect(opener).toHaveAccessibleName('測定日 2024年5月20日(月)');
    expect(opener).toHaveFocus();
  });

  test('spec §9: Escape closes without changing the value', async () => {
    const { user, opener, onChange } = renderPicker(new Date(2024, 4, 15));
    await user.click(opener);
    await user.click(day('2024年5月20日(月)'));
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
    expect(opener).toHaveFocus();
  });

  test('spec §9: a tap beside the dialog cancels like キャンセル', async () => {
    const { user, opener, onChange } = renderPicker(new Date(2024, 4, 15));
    await user.click(opener);
    await user.click(day('2024年5月20日(月)'));
    await user.click(dialog().parentElement!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  test('spec §9: keyboard only — Enter opens, arrow keys move, Enter picks, Enter on OK applies', async () => {
    const { user, opener, onChange } = renderPicker(new Date(2024, 4, 15));
    await user.tab();
    expect(opener).toHaveFocus();

    await user.keyboard('{Enter}');
    expect(day('2024年5月15日(水)')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(day('2024年5月16日(木)')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('2024年5月23日(木)')).toHaveFocus();
    await user.keyboard('{PageDown}');
    expect(day('2024年6月23日(日)')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{Enter}');
    expect(day('2024年6月22日(土)')).toHaveAccessibleName('2024年6月22日(土)、選択中');

    await user.tab(); // キャンセル
    await user.tab(); // OK
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.keyboard('{Enter}');

    expect(sameDay(onChange.mock.calls[0]?.[0], 2024, 6, 22)).toBe(true);
    expect(opener).toHaveFocus();
    expect(opener).toHaveAccessibleName('測定日 2024年6月22日(土)');
  });

  test('spec §9: arrow keys cannot move past 1900-01-01', async () => {
    const { user, opener } = renderPicker(new Date(1900, 0, 1));
    await user.click(opener);
    expect(day('1900年1月1日(月)')).toHaveFocus();
    await user.keyboard('{ArrowLeft}{ArrowUp}{PageUp}');
    expect(day('1900年1月1日(月)')).toHaveFocus();
    expect(within(dialog()).getByRole('grid', { name: '1900年1月' })).toBeInTheDocument();
  });

  test('spec §9: Tab stays inside the dialog', async () => {
    const { user, opener } = renderPicker(new Date(2024, 4, 15));
    await user.click(opener);
    await user.tab(); // キャンセル
    await user.tab(); // OK, the last stop
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
    await user.tab();
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
    expect(screen.getByRole('button', { name: '前月を表示' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus();
  });

  test('spec §9: without a value OK waits for a day to be picked', async () => {
    const { user, opener } = renderPicker(null);
    await user.click(opener);
    expect(screen.getByRole('button', { name: 'OK' })).toBeDisabled();
    expect(dialog()).toContainElement(document.activeElement as HTMLElement);
  });

  test('spec §5: min and max narrow the range (never widen it)', async () => {
    const { user, opener } = renderPicker(new Date(2024, 4, 15), {
      min: new Date(2024, 4, 10),
      max: new Date(2024, 4, 20),
    });
    await user.click(opener);
    expect(day('2024年5月9日(木)')).toBeDisabled();
    expect(day('2024年5月10日(金)')).toBeEnabled();
    expect(day('2024年5月20日(月)')).toBeEnabled();
    expect(day('2024年5月21日(火)')).toBeDisabled();
    expect(screen.getByRole('button', { name: '前月を表示' })).toHaveAttribute('aria-disabled', 'true');
  });

  test('an error is shown and read out with the field', () => {
    renderPicker(null, { error: '測定日を選択してください' });
    const opener = screen.getByRole('button', { name: /^測定日/ });
    expect(screen.getByRole('alert')).toHaveTextContent('測定日を選択してください');
    expect(opener).toHaveAccessibleDescription('測定日を選択してください');
  });
});

describe('isSelectableDate', () => {
  test('spec §5: 1900-01-01 to 2099-12-31, whatever the time of day', () => {
    expect(isSelectableDate(new Date(1899, 11, 31, 23, 59))).toBe(false);
    expect(isSelectableDate(new Date(1900, 0, 1))).toBe(true);
    expect(isSelectableDate(new Date(2099, 11, 31, 23, 59))).toBe(true);
    expect(isSelectableDate(new Date(2100, 0, 1))).toBe(false);
    expect(isSelectableDate(new Date(Number.NaN))).toBe(false);
  });

  test('spec §5: min and max narrow the range but cannot widen it', () => {
    const min = new Date(2024, 4, 10, 15, 0);
    const max = new Date(2024, 4, 20, 9, 0);
    expect(isSelectableDate(new Date(2024, 4, 9), min, max)).toBe(false);
    expect(isSelectableDate(new Date(2024, 4, 10), min, max)).toBe(true);
    expect(isSelectableDate(new Date(2024, 4, 20, 23, 0), min, max)).toBe(true);
    expect(isSelectableDate(new Date(2024, 4, 21), min, max)).toBe(false);
    expect(isSelectableDate(new Date(1800, 0, 1), new Date(1700, 0, 1))).toBe(false);
    expect(isSelectableDate(new Date(2200, 0, 1), undefined, new Date(2300, 0, 1))).toBe(false);
  });
});
