import { chartSeriesValues, freezeClock, renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { queryClient as sharedQueryClient } from '@sukoyaka/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vitalKind } from './kinds';
import { NOW, WEEK, localIso, member, sleepReading, summaryOf } from './testing/fixtures';
import { VitalTypePage } from './VitalTypePage';

const page = (items: unknown[], nextCursor: string | null = null) => reply({ items, nextCursor });
const STAGES = { awake: 20, light: 250, deep: 80, rem: 100 };

/*
 * Issue 29: /vitals/sleep. Nights by the day one woke (bars of hours asleep), the weekly average in
 * hours and minutes, stages when the device gave them, and a night recorded by hand from bedtime
 * to waking.
 */
describe('/vitals/sleep (issue 29)', () => {
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
    sharedQueryClient.clear();
  });

  const open = () => renderWithProviders(<VitalTypePage kind={vitalKind('sleep')} />, { queryClient: sharedQueryClient });

  // Newest first, as listSleeps answers: Saturday's night with stages (7時間10分 asleep), Friday's
  // 7時間30分 by hand, Monday's 6時間, and the Sunday before (the previous week) 8時間.
  const nights = [
    sleepReading('n4', localIso(11, 20, 23), localIso(11, 21, 6, 30), STAGES, 'wearable'),
    sleepReading('n3', localIso(11, 19, 23, 30), localIso(11, 20, 7)),
    sleepReading('n2', localIso(11, 16, 0), localIso(11, 16, 6)),
    sleepReading('n1', localIso(11, 14, 23), localIso(11, 15, 7)),
  ];

  it('draws a bar of hours per night, says the weekly averages in hours and minutes, lists the stages', async () => {
    bff.onCall('listSleeps', page(nights));
    open();

    expect(await screen.findByTestId('chart-summary')).toHaveTextContent('睡眠時間：最新 7.2時間（11月21日）、平均 7.2時間');
    // Oldest first, one bar per day one woke.
    expect(chartSeriesValues(document, 'vital-chart')).toEqual({ 睡眠時間: [8, 6, 7.5, 430 / 60] });
    expect(screen.getByTestId('vital-chart').querySelectorAll('rect')).toHaveLength(4);

    const weeks = screen.getByRole('list', { name: '週ごとの平均睡眠時間' });
    expect(
      within(weeks)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2026年11月16日(月)〜2026年11月22日(日)：平均 6時間53分（3日分）',
      '2026年11月9日(月)〜2026年11月15日(日)：平均 8時間0分（1日分）',
    ]);

    const list = await screen.findByRole('list', { name: '睡眠の記録' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('2026年11月20日(金) 23:00〜2026年11月21日(土) 06:30');
    expect(items[0]).toHaveTextContent('7時間10分深い睡眠 1時間20分・浅い睡眠 4時間10分・レム睡眠 1時間40分・覚醒 20分');
    expect(items[0]).toHaveTextContent('ウェアラブル機器');
    expect(within(items[0]!).queryByRole('button', { name: /修正/ })).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('7時間30分');
    expect(within(items[1]!).getByRole('button', { name: /修正/ })).toBeInTheDocument();
    expect(bff.callsOf('listSleeps')[0]!.query).toMatchObject(WEEK);
  });

  it('draws the year by week, each bar the week’s average', async () => {
    bff.onCall('listSleeps', page(nights));
    open();
    await screen.findByTestId('chart-summary');
    await userEvent.click(screen.getByRole('tab', { name: '1年' }));
    expect(await screen.findByText('睡眠の推移（1年）')).toBeInTheDocument();
    await waitFor(() => expect(chartSeriesValues(document, 'vital-chart')).toEqual({ 週平均の睡眠時間: [8, (430 + 450 + 360) / 3 / 60] }));
    expect(screen.getByTestId('chart-summary')).toHaveTextContent('週平均の睡眠時間：');
  });

  it('records a night from bedtime (last night by default) to waking', async () => {
    let saved = false;
    const night = sleepReading('n5', localIso(11, 20, 23), localIso(11, 21, 7));
    bff.onCall('listSleeps', () => page(saved ? [night] : []));
    bff.onCall('saveSleep', () => {
      saved = true;
      return reply(night);
    });
    open();
    expect(await screen.findByTestId('chart-summary')).toHaveTextContent('睡眠時間：この期間の記録はありません');

    const form = screen.getByRole('form', { name: '睡眠の記録' });
    expect(within(form).getByLabelText('就寝時刻')).toHaveValue('23:00');
    fireEvent.change(within(form).getByLabelText('起床時刻'), { target: { value: '07:00' } });
    await userEvent.click(within(form).getByRole('button', { name: '記録する' }));

    expect(await screen.findByText('睡眠を記録しました。')).toBeInTheDocument();
    expect(bff.callsOf('saveSleep')[0]!.body).toEqual({ startedAt: localIso(11, 20, 23), measuredAt: localIso(11, 21, 7) });
    expect(await screen.findByRole('list', { name: '睡眠の記録' })).toHaveTextContent('8時間0分');
  });
});
