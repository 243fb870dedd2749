import { bffError, deferred, freezeClock, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import type { BloodPressure } from '@sukoyaka/contract';
import { queryClient as sharedQueryClient, loadHealthContract } from '@sukoyaka/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatISO } from 'date-fns';
import { vitalKind } from './kinds';
import { formatMeasuredAt } from './formats';
import { measuredAtIso } from './VitalForm';
import { VitalTypePage } from './VitalTypePage';

// The health area's module (the form's schema, with zod) as the form loads it: counted.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadHealthContract: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/health'))),
}));
const loadHealth = loadHealthContract as jest.MockedFunction<typeof loadHealthContract>;

// The blood-pressure page (/vitals/blood_pressure): the form and the list that were on /vitals.
const VitalsPage = () => <VitalTypePage kind={vitalKind('bloodPressure')} />;

/*
 * Jest runs in the machine's time zone and process.env.TZ cannot be changed inside a test file,
 * so the readings are built from local wall-clock times: '2026年11月21日(土) 10:50' holds in any zone.
 * The clock is fixed at 2026-11-21 12:00 local time: the form's default day and time, and its
 * "not in the future" check, are then the same on any day the tests run.
 */
const NOW = new Date(2026, 10, 21, 12, 0);
const localIso = (year: number, month: number, day: number, hour: number, minute: number) =>
  formatISO(new Date(year, month - 1, day, hour, minute));

const reading = (id: string, measuredAt: string, systolic: number, diastolic: number, pulse: number | null): BloodPressure => ({
  id,
  measuredAt,
  systolic,
  diastolic,
  pulse,
  source: 'manual',
  createdAt: measuredAt,
});

const member = { userId: 'u1', email: 'taro@example.jp', nickname: 'たろう', association: { id: 'a1', name: 'すこやか健康保険組合' } };
const page = (items: BloodPressure[], nextCursor: string | null = null) => reply({ items, nextCursor });
const emptySummary = {
  bloodSugar: null,
  bloodPressure: null,
  weight: null,
  bodyTemperature: null,
  steps: null,
  today: { day: '2026-11-21', steps: 0 },
  goals: { dailySteps: null, targetWeight: null },
  height: null,
};
/** The week the page opens on: from the same weekday a week ago to today, in Japan. */
const WEEK = { from: '2026-11-14', to: '2026-11-21' };

describe('/vitals/blood_pressure: blood pressures (spec §1 "Health records", §7)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    freezeClock(NOW);
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
    bff.onCall('getVitalsSummary', reply(emptySummary));
  });
  afterEach(() => {
    jest.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  const form = () => screen.getByRole('form', { name: '血圧の記録' });
  /** The list's requests; the chart reads the same call for the whole week, 100 at a time. */
  const listCard = () => screen.getByRole('region', { name: /^血圧の記録（/ });
  const listCalls = () => bff.callsOf('listBloodPressures').filter((request) => request.query.limit === '20');
  /** The day comes from the date picker (today unless chosen), the time from the time field. */
  const fill = async (values: { day?: string; time?: string; systolic?: string; diastolic?: string; pulse?: string }) => {
    if (values.day !== undefined) {
      await userEvent.click(within(form()).getByRole('button', { name: /^測定日/ }));
      // The calendar is loaded lazily on first opening.
      const dialog = await screen.findByRole('dialog', { name: '日付を選択' });
      await userEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${values.day.replace(/[()]/g, '\\$&')}`) }));
      await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    }
    if (values.time !== undefined) fireEvent.change(within(form()).getByLabelText('測定時刻'), { target: { value: values.time } });
    if (values.systolic) await userEvent.type(within(form()).getByLabelText('最高血圧（mmHg）'), values.systolic);
    if (values.diastolic) await userEvent.type(within(form()).getByLabelText('最低血圧（mmHg）'), values.diastolic);
    if (values.pulse) await userEvent.type(within(form()).getByLabelText(/脈拍（回\/分）/), values.pulse);
  };
  const submit = () => userEvent.click(within(form()).getByRole('button', { name: '記録する' }));

  it('spec §1: shows a loading state while the readings load', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('listBloodPressures', () => answer.promise);

    renderWithProviders(<VitalsPage />);

    expect(await screen.findByText('血圧の記録を読み込んでいます…')).toBeInTheDocument();
    answer.resolve(page([reading('bp1', localIso(2026, 11, 21, 10, 50), 120, 80, 64)]));
    expect(await screen.findByText('2026年11月21日(土) 10:50')).toBeInTheDocument();
    expect(screen.queryByText('血圧の記録を読み込んでいます…')).not.toBeInTheDocument();
    expect(document.title).toBe('血圧 | すこやか');
  });

  it("spec §1: without readings it says 'まだ記録がありません'", async () => {
    bff.onCall('listBloodPressures', page([]));

    renderWithProviders(<VitalsPage />);

    expect(await screen.findByText('まだ記録がありません')).toBeInTheDocument();
    expect(listCalls()[0]!.query).toEqual({ ...WEEK, limit: '20' });
  });

  it("spec §7: a failed load shows the error with '再読み込み', which loads again", async () => {
    let listFailed = false;
    bff.onCall('listBloodPressures', (request) => {
      if (request.query.limit !== '20' || listFailed) return page([reading('bp1', localIso(2026, 11, 21, 10, 50), 120, 80, 64)]);
      listFailed = true;
      return bffError(500, 'internal_error', 'システムエラーです');
    });

    renderWithProviders(<VitalsPage />);

    const alert = await within(await screen.findByRole('region', { name: /^血圧の記録（/ })).findByText(/記録を読み込めませんでした。/);
    expect(alert).toHaveTextContent('記録を読み込めませんでした。システムエラーです');
    // Spec §7: no retry on error.
    expect(listCalls()).toHaveLength(1);

    await userEvent.click(within(listCard()).getByRole('button', { name: '再読み込み' }));

    expect(await screen.findByText('2026年11月21日(土) 10:50')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(2);
    expect(screen.queryByText(/記録を読み込めませんでした。/)).not.toBeInTheDocument();
  });

  it('spec §1: lists the readings, newest first as the bff sends them, with dates in Japanese (date-fns ja)', async () => {
    bff.onCall(
      'listBloodPressures',
      page([reading('bp2', localIso(2026, 11, 21, 10, 50), 132, 85, null), reading('bp1', localIso(2026, 11, 3, 7, 5), 118, 76, 64)]),
    );

    renderWithProviders(<VitalsPage />);

    const list = await screen.findByRole('list', { name: '血圧の記録' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('2026年11月21日(土) 10:50');
    expect(items[0]).toHaveTextContent('132 / 85 mmHg');
    expect(items[0]).not.toHaveTextContent('脈拍');
    expect(items[1]).toHaveTextContent('2026年11月3日(火) 07:05');
    expect(items[1]).toHaveTextContent('118 / 76 mmHg');
    expect(items[1]).toHaveTextContent('脈拍 64 回/分');
    expect(within(items[0]!).getByText('2026年11月21日(土) 10:50').closest('time')).toHaveAttribute(
      'dateTime',
      localIso(2026, 11, 21, 10, 50),
    );
  });

  it('spec §1: formatMeasuredAt writes the weekday in Japanese', () => {
    expect(formatMeasuredAt(localIso(2026, 11, 21, 10, 50))).toBe('2026年11月21日(土) 10:50');
    expect(formatMeasuredAt(localIso(2026, 11, 22, 0, 0))).toBe('2026年11月22日(日) 00:00');
    // The same moment written with another offset is shown in the device's time.
    expect(formatMeasuredAt(new Date(2026, 10, 21, 10, 50).toISOString())).toBe('2026年11月21日(土) 10:50');
  });

  it('spec §7: more readings are read a page at a time with the cursor', async () => {
    bff.onCall('listBloodPressures', (request) =>
      request.query.cursor === 'c2'
        ? page([reading('bp1', localIso(2026, 11, 1, 9, 0), 110, 70, null)])
        : page([reading('bp2', localIso(2026, 11, 21, 10, 50), 120, 80, null)], 'c2'),
    );

    renderWithProviders(<VitalsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'さらに表示' }));

    expect(await screen.findByText('2026年11月1日(日) 09:00')).toBeInTheDocument();
    expect(screen.getByText('2026年11月21日(土) 10:50')).toBeInTheDocument();
    expect(listCalls().map((request) => request.query)).toEqual([
      { ...WEEK, limit: '20' },
      { ...WEEK, cursor: 'c2', limit: '20' },
    ]);
    expect(screen.queryByRole('button', { name: 'さらに表示' })).not.toBeInTheDocument();
  });

  describe('the form (spec §5, §7)', () => {
    beforeEach(() => {
      bff.onCall('listBloodPressures', page([]));
    });

    it("spec §5: an empty 最高血圧 says '最高血圧を入力してください' and nothing is sent", async () => {
      renderWithProviders(<VitalsPage />);
      await screen.findByText('まだ記録がありません');

      await fill({ time: '08:30', diastolic: '80' });
      await submit();

      const systolic = within(form()).getByLabelText('最高血圧（mmHg）');
      expect(systolic).toHaveAttribute('aria-invalid', 'true');
      expect(systolic).toHaveAccessibleDescription('最高血圧を入力してください');
      expect(within(form()).getByLabelText('最低血圧（mmHg）')).not.toHaveAttribute('aria-invalid');
      expect(bff.callsOf('saveBloodPressure')).toHaveLength(0);
    });

    it.each([
      ['最高血圧 empty', { time: '08:30' }, '最高血圧（mmHg）', '最高血圧を入力してください'],
      ['最低血圧 empty', { time: '08:30', systolic: '120' }, '最低血圧（mmHg）', '最低血圧を入力してください'],
      [
        '最高血圧 out of range',
        { time: '08:30', systolic: '400', diastolic: '80' },
        '最高血圧（mmHg）',
        '最高血圧は60〜300mmHgの範囲で入力してください',
      ],
      ['最高血圧 not whole', { time: '08:30', systolic: '120.5', diastolic: '80' }, '最高血圧（mmHg）', '最高血圧は整数で入力してください'],
      [
        '最低血圧 not below 最高血圧',
        { time: '08:30', systolic: '120', diastolic: '130' },
        '最低血圧（mmHg）',
        '最低血圧は最高血圧より低い値を入力してください',
      ],
      [
        '脈拍 out of range',
        { time: '08:30', systolic: '120', diastolic: '80', pulse: '10' },
        /脈拍（回\/分）/,
        '脈拍は20〜250回/分の範囲で入力してください',
      ],
      ['測定時刻 empty', { time: '', systolic: '120', diastolic: '80' }, '測定日', '測定日時を入力してください'],
      [
        '測定日時 in the future (today, later than now)',
        { time: '12:10', systolic: '120', diastolic: '80' },
        '測定日',
        '測定日時に未来の日時は指定できません',
      ],
    ])('spec §5: %s shows its Japanese message under the field and sends nothing', async (_case, values, label, message) => {
      renderWithProviders(<VitalsPage />);
      await screen.findByText('まだ記録がありません');

      await fill(values);
      await submit();

      expect(within(form()).getByLabelText(label)).toHaveAccessibleDescription(message);
      expect(bff.callsOf('saveBloodPressure')).toHaveLength(0);
      expect(screen.queryByText('血圧を記録しました。')).not.toBeInTheDocument();
    });

    it("spec §7: a server 400 shows the field's message from the bff", async () => {
      bff.onCall(
        'saveBloodPressure',
        bffError(400, 'invalid_parameters', '測定日時に未来の日時は指定できません', {
          measuredAt: ['測定日時に未来の日時は指定できません'],
        }),
      );
      renderWithProviders(<VitalsPage />);
      await screen.findByText('まだ記録がありません');

      await fill({ time: '08:30', systolic: '120', diastolic: '80' });
      await submit();

      await waitFor(() =>
        expect(within(form()).getByLabelText('測定日')).toHaveAccessibleDescription('測定日時に未来の日時は指定できません'),
      );
      expect(bff.callsOf('saveBloodPressure')).toHaveLength(1);
      expect(screen.queryByText('血圧を記録しました。')).not.toBeInTheDocument();
      // The 400's own message is not repeated above the form.
      expect(within(form()).getAllByText('測定日時に未来の日時は指定できません')).toHaveLength(1);
    });

    it("spec §7, §8: a server failure shows the bff's message above the form", async () => {
      bff.onCall('saveBloodPressure', bffError(500, 'internal_error', 'システムエラーです'));
      renderWithProviders(<VitalsPage />);
      await screen.findByText('まだ記録がありません');

      await fill({ time: '08:30', systolic: '120', diastolic: '80' });
      await submit();

      expect(await within(form()).findByRole('alert')).toHaveTextContent('システムエラーです');
      expect(screen.queryByText('血圧を記録しました。')).not.toBeInTheDocument();
    });

    it('spec §8: a timeout while saving shows the timeout message', async () => {
      bff.onCall('saveBloodPressure', { failure: 'timeout' });
      renderWithProviders(<VitalsPage />);
      await screen.findByText('まだ記録がありません');

      await fill({ time: '08:30', systolic: '120', diastolic: '80' });
      await submit();

      expect(await within(form()).findByRole('alert')).toHaveTextContent(
        'タイムアウトが発生しました。通信環境をご確認の上再度お試しください。',
      );
    });
  });

  it("spec §7: a valid reading is posted as JSON with the ISO time and its offset, '血圧を記録しました。' is shown and the list is read again", async () => {
    const saved = reading('bp9', localIso(2026, 11, 3, 8, 30), 120, 80, 64);
    let savedYet = false;
    bff.onCall('listBloodPressures', () => page(savedYet ? [saved] : []));
    bff.onCall('saveBloodPressure', () => {
      savedYet = true;
      return reply(saved);
    });

    // The page invalidates the list on the shared QueryClient, the one AreaRoot provides.
    renderWithProviders(<VitalsPage />, { queryClient: sharedQueryClient });
    await screen.findByText('まだ記録がありません');

    await fill({ day: '2026年11月3日(火)', time: '08:30', systolic: '120', diastolic: '80', pulse: '64' });
    await submit();

    expect(await screen.findByText('血圧を記録しました。')).toBeInTheDocument();
    const [post] = bff.callsOf('saveBloodPressure');
    expect(post!.headers['content-type']).toMatch(/^application\/json/);
    expect(post!.headers['x-csrf-token']).toBe('token-1');
    expect(post!.body).toEqual({ measuredAt: localIso(2026, 11, 3, 8, 30), systolic: 120, diastolic: 80, pulse: 64 });
    const measuredAt = (post!.body as { measuredAt: string }).measuredAt;
    expect(measuredAt).toMatch(/^2026-11-03T08:30:00(Z|[+-]\d{2}:\d{2})$/);
    expect(Date.parse(measuredAt)).toBe(new Date(2026, 10, 3, 8, 30).getTime());

    expect(await screen.findByText('2026年11月3日(火) 08:30')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(2);
    // The numbers are cleared for the next reading.
    expect(within(form()).getByLabelText('最高血圧（mmHg）')).toHaveValue(null);
    expect(within(form()).getByLabelText('最低血圧（mmHg）')).toHaveValue(null);
  });

  it('issue 27: the page and its chart show without the health schemas; the form loads them once, at its first touch', async () => {
    bff.onCall('listBloodPressures', page([reading('bp1', localIso(2026, 11, 21, 10, 50), 120, 80, 64)]));
    bff.onCall('saveBloodPressure', reply(reading('bp9', localIso(2026, 11, 21, 8, 30), 120, 80, null)));
    loadHealth.mockClear();
    renderWithProviders(<VitalsPage />);
    expect(await screen.findByText('2026年11月21日(土) 10:50')).toBeInTheDocument();
    // The chart's summary writes the latest reading's moment without date-fns.
    expect(screen.getAllByText(/最高血圧：最新 120mmHg/)[0]).toHaveTextContent('最高血圧：最新 120mmHg（11月21日 10:50）');
    expect(loadHealth).not.toHaveBeenCalled();

    await fill({ time: '08:30', systolic: '120', diastolic: '80' });
    expect(loadHealth).toHaveBeenCalledTimes(1);
    await submit();
    expect(await screen.findByText('血圧を記録しました。')).toBeInTheDocument();
    expect(loadHealth).toHaveBeenCalledTimes(1);
  });

  it('spec §7: an empty pulse is sent as null', async () => {
    bff.onCall('listBloodPressures', page([]));
    bff.onCall('saveBloodPressure', reply(reading('bp9', localIso(2026, 11, 21, 8, 30), 120, 80, null)));
    renderWithProviders(<VitalsPage />);
    await screen.findByText('まだ記録がありません');

    await fill({ time: '08:30', systolic: '120', diastolic: '80' });
    await submit();

    await screen.findByText('血圧を記録しました。');
    expect(bff.callsOf('saveBloodPressure')[0]!.body).toEqual({
      measuredAt: localIso(2026, 11, 21, 8, 30),
      systolic: 120,
      diastolic: 80,
      pulse: null,
    });
  });

  it('spec §7: measuredAtIso gives the chosen day and time with the UTC offset, or nothing when a part is missing', () => {
    expect(measuredAtIso(new Date(2026, 10, 22), '08:30')).toBe(localIso(2026, 11, 22, 8, 30));
    expect(measuredAtIso(new Date(2026, 10, 22, 23, 59), '08:30')).toMatch(/^2026-11-22T08:30:00(Z|[+-]\d{2}:\d{2})$/);
    expect(measuredAtIso(null, '08:30')).toBe('');
    expect(measuredAtIso(new Date(2026, 10, 22), '')).toBe('');
    expect(measuredAtIso(new Date(2026, 10, 22), '8:30')).toBe('');
    expect(measuredAtIso(new Date(2026, 10, 22), '25:00')).toBe('');
  });

  it('spec §5: the form starts at the current day and time', async () => {
    bff.onCall('listBloodPressures', page([]));
    renderWithProviders(<VitalsPage />);
    await screen.findByText('まだ記録がありません');

    expect(within(form()).getByRole('button', { name: /^測定日/ })).toHaveTextContent('2026年11月21日(土)');
    expect(within(form()).getByLabelText('測定時刻')).toHaveValue('12:00');
  });

  it('spec §6: a visitor is sent to the login page, with the way back to /vitals', async () => {
    window.history.replaceState(null, '', '/vitals');
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', bffError(401, 'unauthenticated', 'ログインしてください。'));

    renderWithProviders(<VitalsPage />);

    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(new URLSearchParams(window.location.search).get('return_to')).toBe('/vitals');
    expect(bff.callsOf('listBloodPressures')).toHaveLength(0);
  });
});
