import { bffError, chartSeriesValues, freezeClock, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { queryClient as sharedQueryClient } from '@sukoyaka/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vitalKind, type VitalKey } from './kinds';
import { NOW, WEEK, localIso, member, stepReading, sugarReading, summaryOf, temperatureReading, weightReading } from './testing/fixtures';
import { VitalTypePage } from './VitalTypePage';

const W3 = '0b6c1a52-2a8c-4f1e-9d7a-5b0c2f1e3a03';
const page = (items: unknown[], nextCursor: string | null = null) => reply({ items, nextCursor });

describe('/vitals/<type>: form, chart, goals and list (issue 10)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    freezeClock(NOW);
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
    bff.onCall('getVitalsSummary', reply(summaryOf()));
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  const open = (key: VitalKey) => renderWithProviders(<VitalTypePage kind={vitalKind(key)} />, { queryClient: sharedQueryClient });
  afterEach(() => sharedQueryClient.clear());
  const chartSummary = async () => screen.findByTestId('chart-summary');
  const listOf = (label: string) => screen.findByRole('list', { name: `${label}の記録` });

  describe('weight', () => {
    const readings = [
      weightReading(W3, localIso(11, 21, 7), 62.4, 21.5),
      weightReading('0b6c1a52-2a8c-4f1e-9d7a-5b0c2f1e3a02', localIso(11, 19, 7), 62.8),
      weightReading('0b6c1a52-2a8c-4f1e-9d7a-5b0c2f1e3a01', localIso(11, 17, 7), 63.2, null, 'wearable'),
    ];

    it('draws the week and says it in words: latest, average, trend; the data as a table on demand', async () => {
      bff.onCall('listWeights', page(readings));
      open('weight');

      expect(await chartSummary()).toHaveTextContent('体重：最新 62.4kg（11月21日 07:00）、平均 62.8kg、下降傾向（3件）');
      expect(screen.getByText('体重の推移（1週間）')).toBeInTheDocument();
      // Oldest first on the x axis, one series.
      expect(chartSeriesValues(document, 'vital-chart')).toEqual({ 体重: [63.2, 62.8, 62.4] });

      await userEvent.click(screen.getByRole('button', { name: '表で見る' }));
      const table = screen.getByRole('table');
      const rows = within(table).getAllByRole('row');
      expect(rows[1]).toHaveTextContent('2026年11月21日(土) 07:0062.4');
      expect(within(table).getByRole('columnheader', { name: '体重（kg）' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: '表を閉じる' })).toHaveAttribute('aria-expanded', 'true');
    });

    it('draws BMI 18.5 and 25 as weights from the height, and the target weight with how far it is', async () => {
      bff.onCall(
        'getVitalsSummary',
        reply(summaryOf({ height: 170, weight: readings[0]!, goals: { dailySteps: null, targetWeight: 60 } })),
      );
      bff.onCall('listWeights', page(readings));
      open('weight');

      const legend = await screen.findByRole('list', { name: 'グラフの凡例' });
      expect(legend).toHaveTextContent('BMI 18.5（低体重の境目）: 53.5kg');
      expect(legend).toHaveTextContent('BMI 25（肥満の境目）: 72.3kg');
      expect(legend).toHaveTextContent('目標体重 60.0kg');
      expect(await screen.findByTestId('goal-progress')).toHaveTextContent('目標まであと2.4kgです（最新 62.4kg、目標 60.0kg）。');
      expect(screen.queryByText(/身長が登録されていないため/)).not.toBeInTheDocument();
    });

    it('without a height says so and offers the profile', async () => {
      bff.onCall('listWeights', page(readings));
      open('weight');

      expect(await screen.findByText(/身長が登録されていないため、BMIの目安/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'プロフィールで身長を登録する' })).toHaveAttribute('href', '/profile');
    });

    it('the period tabs read the month and the year, for the chart and the list', async () => {
      bff.onCall('listWeights', page(readings));
      open('weight');
      await listOf('体重');

      await userEvent.click(screen.getByRole('tab', { name: '1か月' }));
      expect(await screen.findByText('体重の推移（1か月）')).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: '1か月' })).toHaveAttribute('aria-selected', 'true');
      await userEvent.click(screen.getByRole('tab', { name: '1年' }));
      await screen.findByText('体重の推移（1年）');
      await screen.findByRole('region', { name: '体重の記録（1年）' });

      await waitFor(() =>
        expect(bff.callsOf('listWeights').map((request) => request.query)).toEqual(
          expect.arrayContaining([
            { ...WEEK, limit: '20' },
            { ...WEEK, limit: '100' },
            { from: '2026-10-22', to: '2026-11-21', limit: '20' },
            { from: '2026-10-22', to: '2026-11-21', limit: '100' },
            { from: '2025-11-21', to: '2026-11-21', limit: '20' },
            { from: '2025-11-21', to: '2026-11-21', limit: '100' },
          ]),
        ),
      );
    });

    it('a wearable reading shows its source and cannot be changed; a hand-entered one can', async () => {
      bff.onCall('listWeights', page(readings));
      open('weight');

      const items = within(await listOf('体重')).getAllByRole('listitem');
      expect(items[0]).toHaveTextContent('62.4 kg体脂肪率 21.5 %');
      expect(within(items[0]!).getByRole('button', { name: '2026年11月21日(土) 07:00の記録を修正' })).toBeInTheDocument();
      expect(items[2]).toHaveTextContent('ウェアラブル機器から取り込んだ記録（変更できません）');
      expect(within(items[2]!).queryByRole('button')).not.toBeInTheDocument();
    });

    it('corrects a hand-entered reading: the form starts with its values, updateWeight is sent with its id', async () => {
      let corrected = false;
      bff.onCall('listWeights', () =>
        page(corrected ? [weightReading(W3, localIso(11, 21, 7), 62.1, 21.5), ...readings.slice(1)] : readings),
      );
      bff.onCall('updateWeight', (request) => {
        corrected = true;
        return reply({ ...readings[0], ...(request.body as object) });
      });
      open('weight');

      const first = within(await listOf('体重')).getAllByRole('listitem')[0]!;
      await userEvent.click(within(first).getByRole('button', { name: /の記録を修正$/ }));
      const edit = screen.getByRole('form', { name: '体重の記録の修正' });
      const field = within(edit).getByLabelText('体重（kg）');
      expect(field).toHaveValue(62.4);
      await userEvent.clear(field);
      await userEvent.type(field, '62.1');
      await userEvent.click(within(edit).getByRole('button', { name: '修正を保存する' }));

      await waitFor(() => expect(screen.queryByRole('form', { name: '体重の記録の修正' })).not.toBeInTheDocument());
      expect(bff.callsOf('updateWeight')[0]!.body).toEqual({ id: W3, measuredAt: localIso(11, 21, 7), weight: 62.1, bodyFat: 21.5 });
      expect(await within(await listOf('体重')).findByText('62.1 kg')).toBeInTheDocument();
    });

    it('deletes a hand-entered reading after confirmation; やめる keeps it', async () => {
      let deleted = false;
      bff.onCall('listWeights', () => page(deleted ? readings.slice(1) : readings));
      bff.onCall('deleteWeight', () => {
        deleted = true;
        return reply({ id: W3 });
      });
      open('weight');

      const first = () => within(screen.getByRole('list', { name: '体重の記録' })).getAllByRole('listitem')[0]!;
      await listOf('体重');
      await userEvent.click(within(first()).getByRole('button', { name: /の記録を削除$/ }));
      expect(within(first()).getByText('この記録（2026年11月21日(土) 07:00）を削除しますか？')).toBeInTheDocument();
      await userEvent.click(within(first()).getByRole('button', { name: 'やめる' }));
      expect(bff.callsOf('deleteWeight')).toHaveLength(0);

      await userEvent.click(within(first()).getByRole('button', { name: /の記録を削除$/ }));
      await userEvent.click(within(first()).getByRole('button', { name: '削除する' }));

      await waitFor(() => expect(screen.queryByText('62.4 kg')).not.toBeInTheDocument());
      expect(bff.callsOf('deleteWeight')[0]!.body).toEqual({ id: W3 });
    });

    it("a refused deletion (another device's reading) says why and keeps the reading", async () => {
      bff.onCall('listWeights', page(readings));
      bff.onCall('deleteWeight', bffError(409, 'vital_reading_not_editable', '機器やアプリから取り込んだ記録は、変更・削除できません。'));
      open('weight');

      const first = within(await listOf('体重')).getAllByRole('listitem')[0]!;
      await userEvent.click(within(first).getByRole('button', { name: /の記録を削除$/ }));
      await userEvent.click(within(first).getByRole('button', { name: '削除する' }));

      expect(await within(first).findByRole('alert')).toHaveTextContent(
        '削除できませんでした。機器やアプリから取り込んだ記録は、変更・削除できません。',
      );
      expect(screen.getByText('62.4 kg')).toBeInTheDocument();
    });

    it('records a weight with an optional body fat; a 400 from the bff lands on its field', async () => {
      bff.onCall('listWeights', page([]));
      bff.onCall(
        'saveWeight',
        bffError(400, 'invalid_parameters', '体脂肪率は小数点以下1桁までで入力してください', {
          bodyFat: ['体脂肪率は小数点以下1桁までで入力してください'],
        }),
      );
      open('weight');
      await screen.findByText('まだ記録がありません');

      const form = screen.getByRole('form', { name: '体重の記録' });
      fireEvent.change(within(form).getByLabelText('測定時刻'), { target: { value: '07:00' } });
      await userEvent.type(within(form).getByLabelText('体重（kg）'), '62.4');
      await userEvent.type(within(form).getByLabelText(/体脂肪率（%）/), '21.5');
      await userEvent.click(within(form).getByRole('button', { name: '記録する' }));

      await waitFor(() =>
        expect(within(form).getByLabelText(/体脂肪率（%）/)).toHaveAccessibleDescription('体脂肪率は小数点以下1桁までで入力してください'),
      );
      expect(bff.callsOf('saveWeight')[0]!.body).toEqual({ measuredAt: localIso(11, 21, 7), weight: 62.4, bodyFat: 21.5 });
    });

    it('sets the target weight; the step goal is sent as it was', async () => {
      let goals: { dailySteps: number | null; targetWeight: number | null } = { dailySteps: 8000, targetWeight: null };
      bff.onCall('getVitalsSummary', () => reply(summaryOf({ goals })));
      bff.onCall('listWeights', page([]));
      bff.onCall('saveVitalGoals', (request) => {
        goals = request.body as typeof goals;
        return reply(goals);
      });
      open('weight');

      expect(await screen.findByTestId('goal-progress')).toHaveTextContent('目標はまだ設定されていません。');
      const goalForm = screen.getByRole('form', { name: '目標体重の設定' });
      await userEvent.type(within(goalForm).getByLabelText(/目標体重（kg）/), '60');
      await userEvent.click(within(goalForm).getByRole('button', { name: '目標を保存する' }));

      expect(await screen.findByText('目標を保存しました。')).toBeInTheDocument();
      expect(bff.callsOf('saveVitalGoals')[0]!.body).toEqual({ dailySteps: 8000, targetWeight: 60 });
      // The summary read again draws the goal; the confirmation stays.
      expect(await screen.findByRole('list', { name: 'グラフの凡例' })).toHaveTextContent('目標体重 60.0kg');
      expect(await screen.findByTestId('goal-progress')).toHaveTextContent('目標体重は60.0kgです。');
      expect(screen.getByText('目標を保存しました。')).toBeInTheDocument();
    });

    it('shows the error of a failed chart load with 再読み込み', async () => {
      bff.onCall('listWeights', (request) =>
        request.query.limit === '100' ? bffError(500, 'internal_error', 'システムエラーです') : page(readings),
      );
      open('weight');

      const chartCard = await screen.findByRole('region', { name: '体重のグラフ' });
      expect(await within(chartCard).findByRole('alert')).toHaveTextContent('記録を読み込めませんでした。システムエラーです');
      expect(within(chartCard).getByRole('button', { name: '再読み込み' })).toBeInTheDocument();
    });
  });

  it('a period without readings, when older ones exist, says so instead of inviting the first record', async () => {
    bff.onCall('getVitalsSummary', reply(summaryOf({ weight: weightReading(W3, localIso(10, 1, 7), 63) })));
    bff.onCall('listWeights', page([]));
    open('weight');

    expect(await screen.findByText('この期間の記録はありません')).toBeInTheDocument();
    expect(screen.queryByText('まだ記録がありません')).not.toBeInTheDocument();
  });

  describe('steps', () => {
    it("draws the daily goal and says how many steps are left today ('あと◯歩')", async () => {
      bff.onCall(
        'getVitalsSummary',
        reply(summaryOf({ today: { day: '2026-11-21', steps: 6012 }, goals: { dailySteps: 8000, targetWeight: null } })),
      );
      bff.onCall('listSteps', page([stepReading('s2', '2026-11-21', 6012), stepReading('s1', '2026-11-20', 9100, 'wearable')]));
      open('steps');

      expect(await screen.findByTestId('goal-progress')).toHaveTextContent('今日の歩数は6,012歩。目標の8,000歩まで、あと1,988歩です。');
      expect(await chartSummary()).toHaveTextContent('歩数：最新 6,012歩（11月21日）、平均 7,556歩');
      expect(screen.getByRole('list', { name: 'グラフの凡例' })).toHaveTextContent('1日の目標 8,000歩');
      const items = within(await listOf('歩数')).getAllByRole('listitem');
      expect(items[0]).toHaveTextContent('2026年11月21日(土)6,012 歩');
    });

    it('records a day’s count with the day from the date picker', async () => {
      bff.onCall('listSteps', page([]));
      bff.onCall('saveStep', reply(stepReading('s9', '2026-11-20', 7500)));
      open('steps');
      await screen.findByText('まだ記録がありません');

      const form = screen.getByRole('form', { name: '歩数の記録' });
      await userEvent.click(within(form).getByRole('button', { name: /^日付/ }));
      // The calendar is loaded lazily on first opening: allow for a busy machine.
      const dialog = await screen.findByRole('dialog', { name: '日付を選択' }, { timeout: 5000 });
      await userEvent.click(within(dialog).getByRole('button', { name: /^2026年11月20日\(金\)/ }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      await userEvent.type(within(form).getByLabelText('歩数（歩）'), '7500');
      await userEvent.click(within(form).getByRole('button', { name: '記録する' }));

      expect(await screen.findByText('歩数を記録しました。', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(bff.callsOf('saveStep')[0]!.body).toEqual({ day: '2026-11-20', steps: 7500 });
    });
  });

  describe('blood sugar', () => {
    it('asks for the timing before sending, and draws fasting readings against 100 and 126 mg/dL', async () => {
      bff.onCall(
        'listBloodSugars',
        page([sugarReading('g2', localIso(11, 21, 7), 104, 'fasting'), sugarReading('g1', localIso(11, 20, 13), 142, 'afterMeal')]),
      );
      bff.onCall('saveBloodSugar', reply(sugarReading('g3', localIso(11, 21, 8), 98, 'fasting')));
      open('bloodSugar');

      const legend = await screen.findByRole('list', { name: 'グラフの凡例' });
      expect(legend).toHaveTextContent('空腹時血糖 正常高値の目安 100mg/dL');
      expect(legend).toHaveTextContent('空腹時血糖 糖尿病型の目安 126mg/dL');
      expect(await chartSummary()).toHaveTextContent('空腹時：最新 104mg/dL（11月21日 07:00）');
      const items = within(await listOf('血糖値')).getAllByRole('listitem');
      expect(items[1]).toHaveTextContent('142 mg/dL食後');

      const form = screen.getByRole('form', { name: '血糖値の記録' });
      fireEvent.change(within(form).getByLabelText('測定時刻'), { target: { value: '08:00' } });
      await userEvent.type(within(form).getByLabelText('血糖値（mg/dL）'), '98');
      await userEvent.click(within(form).getByRole('button', { name: '記録する' }));
      expect(await within(form).findByText('測定のタイミングを選択してください')).toBeInTheDocument();
      expect(bff.callsOf('saveBloodSugar')).toHaveLength(0);

      await userEvent.click(within(form).getByRole('radio', { name: '空腹時' }));
      await userEvent.click(within(form).getByRole('button', { name: '記録する' }));
      expect(await screen.findByText('血糖値を記録しました。')).toBeInTheDocument();
      expect(bff.callsOf('saveBloodSugar')[0]!.body).toEqual({ measuredAt: localIso(11, 21, 8), glucose: 98, timing: 'fasting' });
    });
  });

  describe('body temperature', () => {
    it('records to two decimals and lists it', async () => {
      let saved = false;
      const reading = temperatureReading('t1', localIso(11, 21, 9), 36.55);
      bff.onCall('listBodyTemperatures', () => page(saved ? [reading] : []));
      bff.onCall('saveBodyTemperature', () => {
        saved = true;
        return reply(reading);
      });
      open('bodyTemperature');
      expect(await chartSummary()).toHaveTextContent('体温：この期間の記録はありません');

      const form = screen.getByRole('form', { name: '体温の記録' });
      fireEvent.change(within(form).getByLabelText('測定時刻'), { target: { value: '09:00' } });
      await userEvent.type(within(form).getByLabelText('体温（℃）'), '36.55');
      await userEvent.click(within(form).getByRole('button', { name: '記録する' }));

      expect(await within(await listOf('体温')).findByText('36.55 ℃')).toBeInTheDocument();
      expect(bff.callsOf('saveBodyTemperature')[0]!.body).toEqual({ measuredAt: localIso(11, 21, 9), temperature: 36.55 });
      expect(await chartSummary()).toHaveTextContent('体温：最新 36.55℃（11月21日 09:00）');
    });
  });
});
