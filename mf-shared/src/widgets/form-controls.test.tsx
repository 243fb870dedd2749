import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactElement } from 'react';
import { ThemeProvider } from 'styled-components';
import { Checkbox, RadioGroup, Select, Tabs } from './form-controls';
import { theme } from '@sukoyaka/shared';

const renderThemed = (ui: ReactElement) => render(<ThemeProvider theme={theme}>{ui}</ThemeProvider>);

const prefectures = [
  { value: '13', label: '東京都' },
  { value: '27', label: '大阪府' },
  { value: '47', label: '沖縄県', disabled: true },
];

describe('Select', () => {
  test('is labelled, offers its options and reports the choice', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderThemed(<Select label="都道府県" options={prefectures} placeholder="選択してください" defaultValue="" onChange={onChange} />);

    const select = screen.getByRole('combobox', { name: '都道府県' });
    expect(select).toHaveDisplayValue('選択してください');
    expect(screen.getByRole('option', { name: '沖縄県' })).toBeDisabled();
    await user.selectOptions(select, '大阪府');
    expect(select).toHaveValue('27');
    expect(onChange).toHaveBeenCalled();
  });

  test('shows its error, marks itself invalid and is described by the hint and the error', () => {
    renderThemed(<Select label="都道府県" options={prefectures} hint="お住まいの都道府県" error="都道府県を選択してください" />);
    const select = screen.getByRole('combobox', { name: '都道府県' });
    expect(select).toBeInvalid();
    expect(select).toHaveAccessibleDescription('お住まいの都道府県 都道府県を選択してください');
    expect(screen.getByRole('alert')).toHaveTextContent('都道府県を選択してください');
  });

  test('says （任意） when optional', () => {
    renderThemed(<Select label="都道府県" options={prefectures} optional />);
    expect(screen.getByRole('combobox', { name: /^都道府県\s?（任意）$/ })).toBeValid();
  });
});

describe('Checkbox', () => {
  test('is labelled and described, and toggles by click and Space', async () => {
    const user = userEvent.setup();
    renderThemed(<Checkbox label="利用規約に同意する" description="内容をご確認ください" />);
    const checkbox = screen.getByRole('checkbox', { name: '利用規約に同意する' });
    expect(checkbox).toHaveAccessibleDescription('内容をご確認ください');

    await user.click(screen.getByText('利用規約に同意する'));
    expect(checkbox).toBeChecked();
    await user.keyboard(' ');
    expect(checkbox).not.toBeChecked();
  });

  test('shows its error', () => {
    renderThemed(<Checkbox label="利用規約に同意する" error="同意が必要です" />);
    const checkbox = screen.getByRole('checkbox', { name: '利用規約に同意する' });
    expect(checkbox).toBeInvalid();
    expect(checkbox).toHaveAccessibleDescription('同意が必要です');
    expect(screen.getByRole('alert')).toHaveTextContent('同意が必要です');
  });
});

describe('RadioGroup', () => {
  const options = [
    { value: 'morning', label: '朝' },
    { value: 'noon', label: '昼' },
    { value: 'night', label: '夜', description: '就寝前' },
  ];

  function Controlled({ onChange }: { onChange: (value: string) => void }) {
    const [value, setValue] = useState<string>('morning');
    return (
      <RadioGroup
        legend="測定のタイミング"
        options={options}
        value={value}
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }

  test('is a group named by its legend; the arrow keys move the choice', async () => {
    const user = userEvent.setup();
    const onChange = jest.fn();
    renderThemed(<Controlled onChange={onChange} />);

    expect(screen.getByRole('group', { name: '測定のタイミング' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '夜' })).toHaveAccessibleDescription('就寝前');

    await user.tab();
    expect(screen.getByRole('radio', { name: '朝' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: '昼' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: '昼' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('noon');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '夜' })).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith('night');
  });

  test('shows its error, read out with the group', () => {
    renderThemed(<RadioGroup legend="測定のタイミング" options={options} error="選択してください" hint="いずれか一つ" />);
    expect(screen.getByRole('group', { name: '測定のタイミング' })).toHaveAccessibleDescription('いずれか一つ 選択してください');
    expect(screen.getByRole('alert')).toHaveTextContent('選択してください');
    screen.getAllByRole('radio').forEach((radio) => expect(radio).toBeInvalid());
  });

  test('uncontrolled with a default value', async () => {
    const user = userEvent.setup();
    renderThemed(<RadioGroup legend="測定のタイミング" options={options} defaultValue="noon" name="timing" />);
    expect(screen.getByRole('radio', { name: '昼' })).toBeChecked();
    await user.click(screen.getByText('朝'));
    expect(screen.getByRole('radio', { name: '朝' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '朝' })).toHaveAttribute('name', 'timing');
  });
});

describe('Tabs', () => {
  const tabs = [
    { id: 'weight', label: '体重', content: <p>体重の記録</p> },
    { id: 'steps', label: '歩数', content: <p>歩数の記録</p> },
    { id: 'temperature', label: '体温', content: <p>体温の記録</p> },
  ];

  test('follow the WAI-ARIA tabs pattern: tablist, tabs, the selected tab controls its panel', () => {
    renderThemed(<Tabs label="記録の種類" tabs={tabs} />);
    expect(screen.getByRole('tablist', { name: '記録の種類' })).toBeInTheDocument();
    const weight = screen.getByRole('tab', { name: '体重' });
    expect(weight).toHaveAttribute('aria-selected', 'true');
    expect(weight).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('tab', { name: '歩数' })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('tab', { name: '歩数' })).toHaveAttribute('tabindex', '-1');

    const panel = screen.getByRole('tabpanel', { name: '体重' });
    expect(weight).toHaveAttribute('aria-controls', panel.id);
    expect(panel).toHaveTextContent('体重の記録');
    expect(screen.queryByText('歩数の記録')).not.toBeInTheDocument();
  });

  test('arrow keys, Home and End move between tabs (wrapping) and show them; Tab goes to the panel', async () => {
    const user = userEvent.setup();
    const onSelect = jest.fn();
    renderThemed(<Tabs label="記録の種類" tabs={tabs} onSelect={onSelect} />);

    await user.tab();
    expect(screen.getByRole('tab', { name: '体重' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: '歩数' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: '歩数' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '体重' })).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel', { name: '歩数' })).toHaveTextContent('歩数の記録');
    expect(onSelect).toHaveBeenLastCalledWith('steps');

    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: '体重' })).toHaveFocus(); // wrapped round
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: '体温' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: '体重' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: '体温' })).toHaveAttribute('aria-selected', 'true');

    await user.tab();
    expect(screen.getByRole('tabpanel', { name: '体温' })).toHaveFocus();
  });

  test('a click selects a tab; controlled use follows selectedId', async () => {
    const user = userEvent.setup();
    function Controlled() {
      const [selected, setSelected] = useState('steps');
      return <Tabs label="記録の種類" tabs={tabs} selectedId={selected} onSelect={setSelected} />;
    }
    renderThemed(<Controlled />);
    expect(screen.getByRole('tab', { name: '歩数' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: '体温' }));
    expect(screen.getByRole('tabpanel', { name: '体温' })).toHaveTextContent('体温の記録');
  });
});
