import { bffError, deferred, freezeClock, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NOW, localIso, member, pressureReading, sleepReading, stepReading, summaryOf, weightReading } from './testing/fixtures';
import { VitalsPage } from './VitalsPage';
import { VitalsToday, VitalsTodayParcel } from './VitalsTodayParcel';

describe('/vitals: the six vitals at a glance (issue 10, issue 29)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    freezeClock(NOW);
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
  });
  afterEach(() => jest.useRealTimers());

  it('shows a loading state, then each vital with its latest value and time, linking to its page', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('getVitalsSummary', () => answer.promise);
    renderWithProviders(<VitalsPage />);

    expect(await screen.findByText('バイタルを読み込んでいます…')).toBeInTheDocument();
    answer.resolve(
      reply(
        summaryOf({
          bloodPressure: pressureReading('bp1', localIso(11, 21, 7, 5), 128, 82),
          weight: weightReading('w1', localIso(11, 20, 7), 62.4),
          steps: stepReading('s1', '2026-11-21', 6012),
          sleep: sleepReading(
            'sl1',
            localIso(11, 20, 23, 10),
            localIso(11, 21, 6, 40),
            { awake: 20, light: 250, deep: 80, rem: 100 },
            'wearable',
          ),
          today: { day: '2026-11-21', steps: 6012 },
          goals: { dailySteps: 8000, targetWeight: null },
        }),
      ),
    );

    const cards = within(await screen.findByRole('list', { name: 'バイタルの種類' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['血糖値', '血圧', '体重', '歩数', '体温', '睡眠']);
    expect(cards[0]).toHaveTextContent('まだ記録がありません');
    expect(within(cards[0]!).getByRole('link', { name: '血糖値を記録する' })).toHaveAttribute('href', '/vitals/blood_sugar');
    expect(cards[1]).toHaveTextContent('128 / 82 mmHg2026年11月21日(土) 07:05');
    expect(within(cards[1]!).getByRole('link', { name: '血圧の記録とグラフ' })).toHaveAttribute('href', '/vitals/blood_pressure');
    expect(cards[2]).toHaveTextContent('62.4 kg2026年11月20日(金) 07:00');
    expect(cards[3]).toHaveTextContent('6,012 歩2026年11月21日(土)');
    expect(cards[3]).toHaveTextContent('目標の8,000歩まで、あと1,988歩です。');
    expect(within(cards[4]!).getByRole('link', { name: '体温を記録する' })).toHaveAttribute('href', '/vitals/body_temperature');
    // Sleep: minutes asleep in hours and minutes (light + deep + REM), waking's moment, bedtime to waking.
    expect(cards[5]).toHaveTextContent('7時間10分2026年11月21日(土) 06:40就寝 23:10 → 起床 06:40');
    expect(within(cards[5]!).getByRole('link', { name: '睡眠の記録とグラフ' })).toHaveAttribute('href', '/vitals/sleep');
    expect(document.title).toBe('バイタル | すこやか');
  });

  it("a failed load says so with '再読み込み', which loads again", async () => {
    bff.onCall('getVitalsSummary', reply(summaryOf()));
    bff.onCall('getVitalsSummary', bffError(500, 'internal_error', 'システムエラーです'), { times: 1 });
    renderWithProviders(<VitalsPage />);

    expect(await screen.findByRole('alert')).toHaveTextContent('バイタルを読み込めませんでした。システムエラーです');
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByRole('list', { name: 'バイタルの種類' })).toBeInTheDocument();
    expect(bff.callsOf('getVitalsSummary')).toHaveLength(2);
  });
});

describe('VitalsTodayParcel: today’s vitals for the home page (issue 10, issue 14)', () => {
  const bff = setupFakeBff();
  beforeEach(() => freezeClock(NOW));
  afterEach(() => jest.useRealTimers());

  it('shows the steps against the goal and the latest of the other five', async () => {
    bff.onCall(
      'getVitalsSummary',
      reply(
        summaryOf({
          bloodPressure: pressureReading('bp1', localIso(11, 21, 7), 128, 82),
          today: { day: '2026-11-21', steps: 8200 },
          goals: { dailySteps: 8000, targetWeight: null },
        }),
      ),
    );
    renderWithProviders(<VitalsToday />);

    const section = await screen.findByRole('region', { name: '今日のバイタル' });
    expect(section).toHaveTextContent('今日の歩数は8,200歩。目標の8,000歩を達成しました！');
    expect(section).toHaveTextContent('血圧128 / 82 mmHg');
    expect(section).toHaveTextContent('体重—');
    expect(section).toHaveTextContent('睡眠—');
    expect(within(section).getByRole('link', { name: 'バイタルを記録する' })).toHaveAttribute('href', '/vitals');
  });

  it('is a single-spa parcel: bootstrap, mount and unmount', () => {
    expect(typeof VitalsTodayParcel.bootstrap).toBe('function');
    expect(typeof VitalsTodayParcel.mount).toBe('function');
    expect(typeof VitalsTodayParcel.unmount).toBe('function');
  });

  it('without a goal gives today’s count', async () => {
    bff.onCall('getVitalsSummary', reply(summaryOf({ today: { day: '2026-11-21', steps: 1234 } })));
    renderWithProviders(<VitalsToday />);
    expect(await screen.findByText('今日の歩数は1,234歩です。')).toBeInTheDocument();
  });

  it('a failure is one quiet line, the home page goes on', async () => {
    bff.onCall('getVitalsSummary', bffError(500, 'internal_error', 'システムエラーです'));
    renderWithProviders(<VitalsToday />);
    expect(await screen.findByText('バイタルを読み込めませんでした。')).toBeInTheDocument();
  });
});
