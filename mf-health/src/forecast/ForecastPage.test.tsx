import type { ForecastSnapshot, HealthForecast } from '@sukoyaka/contract';
import { bffError, deferred, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadHealthContract } from '@sukoyaka/shared';
import { member } from '../vitals/testing/fixtures';
import { ForecastAboutPage } from './AboutPage';
import { ForecastPage } from './ForecastPage';

// The health area's module (the inputs' schema, with zod) as the page loads it: counted, and held
// or failed where a test says so.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadHealthContract: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/health'))),
}));
const loadHealth = loadHealthContract as jest.MockedFunction<typeof loadHealthContract>;

const none = { value: null, source: null, on: null };
const fromCheckup = <T,>(value: T) => ({ value, source: 'checkup' as const, on: '2026-05-12' });

/** A male member of 58 with a check-up: 7 + 1 (128) + 2 (152) + 1 (48) + 1 (impaired) = 12 points, 3.9 % at 50–59. */
function forecastOf(
  overrides: Partial<HealthForecast['inputs']> = {},
  checkup: HealthForecast['checkup'] = { status: 'available', examinedOn: '2026-05-12', institution: 'すこやか健診センター' },
): HealthForecast {
  return {
    checkup,
    inputs: {
      sex: { value: 'male', source: 'saved', on: '2026-10-01' },
      age: { value: 58, source: 'profile', on: '2026-11-21' },
      systolic: { value: 128, source: 'vitals', on: '2026-11-20' },
      ldl: fromCheckup(152),
      hdl: fromCheckup(48),
      impairedGlucose: fromCheckup(true),
      smoker: fromCheckup(false),
      coronaryDisease: none,
      diabetes: fromCheckup(false),
      ckd: fromCheckup(false),
      pad: none,
      nonCardiogenicStroke: none,
      ...overrides,
    },
    missing: [],
    result: null,
  };
}

const emptyForecast = (): HealthForecast => ({
  checkup: { status: 'none' },
  inputs: Object.fromEntries(
    [
      'sex',
      'age',
      'systolic',
      'ldl',
      'hdl',
      'impairedGlucose',
      'smoker',
      'coronaryDisease',
      'diabetes',
      'ckd',
      'pad',
      'nonCardiogenicStroke',
    ].map((key) => [key, none]),
  ) as HealthForecast['inputs'],
  missing: ['sex', 'age', 'systolic', 'ldl', 'hdl', 'impairedGlucose', 'smoker'],
  result: null,
});

const noSnapshots = reply({ items: [], nextCursor: null });

describe('/health_forecasts/simulations (issue 13)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
    bff.onCall('listSavedHealthForecasts', noSnapshots);
  });

  it('loads, then shows each input with its source and date, the risk with its category, 100 people and what drives it', async () => {
    const answer = deferred<FakeReply>();
    bff.onCall('getHealthForecast', () => answer.promise);
    renderWithProviders(<ForecastPage />);
    expect(await screen.findByText('健康予報を読み込んでいます…')).toBeInTheDocument();
    answer.resolve(reply(forecastOf()));

    const inputs = await screen.findByRole('region', { name: '予測に使う値' });
    expect(within(inputs).getByLabelText('収縮期血圧（上の血圧）（mmHg）')).toHaveValue(128);
    expect(inputs).toHaveTextContent('取得元：血圧の記録 2026年11月20日');
    expect(inputs).toHaveTextContent('取得元：健診 2026年5月12日');
    // Issue 27: dates in the site's one Japanese format, never ISO.
    expect(inputs).not.toHaveTextContent('2026-05-12');
    expect(inputs).toHaveTextContent('取得元：保存した入力 2026年10月1日');
    expect(screen.getByText(/2026年5月12日の健診結果（すこやか健診センター）を使っています/)).toBeInTheDocument();

    const result = screen.getByRole('region', { name: '10年以内に心筋梗塞や脳梗塞などを発症する確率' });
    expect(within(result).getByTestId('forecast-risk')).toHaveTextContent('3.9%中リスク');
    const picture = within(result).getByRole('img', { name: /あなたと同じような100人のうち約4人が、10年以内に/ });
    expect(picture.querySelectorAll('[data-filled="true"]')).toHaveLength(4);
    expect(picture.querySelectorAll('[data-filled="false"]')).toHaveLength(96);
    const factors = within(result).getByRole('list', { name: '要因ごとの点数' });
    expect(
      within(factors)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '性別（男性）：7点（最大7点）',
      '収縮期血圧（上の血圧）：1点（最大4点）',
      '耐糖能異常（血糖値がやや高め）：1点（最大1点）',
      'LDLコレステロール：2点（最大3点）',
      'HDLコレステロール：1点（最大2点）',
      '喫煙：0点（最大2点）',
    ]);
    expect(result).toHaveTextContent('LDLコレステロール 140mg/dL未満');
    expect(result).toHaveTextContent('non-HDLコレステロール 170mg/dL未満');
    expect(document.title).toBe('健康予報 | すこやか');
    // Viewing stores nothing.
    expect(bff.callsOf('saveHealthForecastSnapshot')).toHaveLength(0);
  });

  it('what-if: moving a slider or the smoking toggle changes the shown risk at once, and it can be reset', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    renderWithProviders(<ForecastPage />);
    const whatIf = await screen.findByRole('region', { name: 'もしも…で試す' });
    const shown = within(whatIf).getByTestId('whatif-result');
    expect(shown).toHaveTextContent('いまの値：3.9%（中リスク）もしもの値：3.9%（中リスク）');

    const systolic = within(whatIf).getByRole('slider', { name: '収縮期血圧' });
    expect(systolic).toHaveValue('128');
    fireEvent.change(systolic, { target: { value: '110' } });
    expect(shown).toHaveTextContent('もしもの値：3.4%（中リスク）');
    expect(shown).toHaveTextContent('10年以内の発症確率が 0.5 ポイント下がります。');
    expect(within(whatIf).getByText('110 mmHg')).toBeInTheDocument();

    const ldl = within(whatIf).getByRole('slider', { name: 'LDLコレステロール' });
    fireEvent.change(ldl, { target: { value: '100' } });
    // 7 + 0 + 1 + 0 + 1 = 9 points: 2.6 %.
    expect(shown).toHaveTextContent('もしもの値：2.6%（中リスク）');

    await userEvent.click(within(whatIf).getByRole('checkbox', { name: 'たばこを吸っている' }));
    // Smoking adds 2: 11 points, 3.4 %.
    expect(shown).toHaveTextContent('もしもの値：3.4%（中リスク）');

    await userEvent.click(within(whatIf).getByRole('button', { name: 'いまの値に戻す' }));
    expect(shown).toHaveTextContent('もしもの値：3.9%（中リスク）');
    expect(systolic).toHaveValue('128');
    // The member's result above does not move with the what-if.
    expect(screen.getByTestId('forecast-risk')).toHaveTextContent('3.9%');
  });

  it('the sliders are keyboard-operable range inputs with labels and values', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    renderWithProviders(<ForecastPage />);
    const whatIf = await screen.findByRole('region', { name: 'もしも…で試す' });
    const sliders = within(whatIf).getAllByRole('slider');
    expect(sliders.map((slider) => slider.getAttribute('aria-valuetext'))).toEqual(['128 mmHg', '152 mg/dL', '48 mg/dL']);
    sliders[0]!.focus();
    expect(sliders[0]).toHaveFocus();
    expect(sliders.every((slider) => slider.getAttribute('type') === 'range')).toBe(true);
  });

  it('asks for what is missing, and shows the risk once the member enters it', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf({ sex: none, smoker: none })));
    renderWithProviders(<ForecastPage />);
    expect(await screen.findByText('あと「性別」「喫煙の有無」を入力すると、予測が表示されます。')).toBeInTheDocument();
    expect(screen.queryByTestId('forecast-risk')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: '女性' }));
    await userEvent.click(within(screen.getByRole('group', { name: 'たばこを吸っている' })).getByRole('radio', { name: 'はい' }));
    // 0 + 1 + 2 + 1 + 1 + 2 = 7 points at 50–59: 1.9 %, low.
    expect(await screen.findByTestId('forecast-risk')).toHaveTextContent('1.9%低リスク');
    const inputs = screen.getByRole('region', { name: '予測に使う値' });
    expect(inputs).toHaveTextContent('取得元：入力');
  });

  it('changing an input changes the risk, and a value out of bounds says so by name', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    renderWithProviders(<ForecastPage />);
    const ldl = await screen.findByLabelText('LDLコレステロール（mg/dL）');
    await userEvent.clear(ldl);
    await userEvent.type(ldl, '165');
    expect(screen.getByTestId('forecast-risk')).toHaveTextContent('4.5%中リスク');
    await userEvent.clear(ldl);
    await userEvent.type(ldl, '9999');
    expect(screen.getByText('LDLコレステロールは20〜600mg/dLの範囲で入力してください')).toBeInTheDocument();
    expect(screen.queryByTestId('forecast-risk')).not.toBeInTheDocument();
  });

  it('with no data at all, says so and lets the member enter every value by hand', async () => {
    bff.onCall('getHealthForecast', reply(emptyForecast()));
    renderWithProviders(<ForecastPage />);
    expect(await screen.findByText('予測に使える記録がまだありません')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'マイナポータル連携' })).toHaveAttribute('href', '/myna_connection');
    await userEvent.click(screen.getByRole('radio', { name: '男性' }));
    await userEvent.type(screen.getByLabelText('年齢（歳）'), '45');
    await userEvent.type(screen.getByLabelText('収縮期血圧（上の血圧）（mmHg）'), '150');
    await userEvent.type(screen.getByLabelText('LDLコレステロール（mg/dL）'), '170');
    await userEvent.type(screen.getByLabelText('HDLコレステロール（mg/dL）'), '38');
    await userEvent.click(
      within(screen.getByRole('group', { name: '耐糖能異常（血糖値がやや高め）' })).getByRole('radio', { name: 'なし' }),
    );
    await userEvent.click(within(screen.getByRole('group', { name: 'たばこを吸っている' })).getByRole('radio', { name: 'はい' }));
    // 7 + 3 + 3 + 2 + 2 = 17 points at 40–49: 3.9 %.
    expect(await screen.findByTestId('forecast-risk')).toHaveTextContent('3.9%中リスク');
  });

  it('a check-up behind the secret question offers to answer it and come back', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf({ ldl: none, hdl: none }, { status: 'secretQuestionRequired' })));
    renderWithProviders(<ForecastPage />);
    const link = await screen.findByRole('link', { name: '秘密の質問に答えて健診結果を使う' });
    expect(link).toHaveAttribute('href', '/myna_connection/verify?return_to=%2Fhealth_forecasts%2Fsimulations');
  });

  it('out of the model’s range: says plainly what applies, never a number', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf({ diabetes: fromCheckup(true) })));
    renderWithProviders(<ForecastPage />);
    const result = await screen.findByRole('region', { name: '予測の結果' });
    expect(result).toHaveTextContent('糖尿病の方は、この予測の対象ではありません');
    expect(result).toHaveTextContent('LDLコレステロール 120mg/dL未満');
    expect(screen.queryByTestId('forecast-risk')).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /100人のうち/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'もしも…で試す' })).not.toBeInTheDocument();
  });

  it('under 40: no number, and why', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf({ age: { value: 35, source: 'profile', on: '2026-11-21' } })));
    renderWithProviders(<ForecastPage />);
    expect(await screen.findByText('40歳未満の方には、このモデルで数値を出せません')).toBeInTheDocument();
    expect(screen.queryByTestId('forecast-risk')).not.toBeInTheDocument();
  });

  it('saves a snapshot with the inputs and their sources, and lists it to compare', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    const saved: ForecastSnapshot = {
      id: '1b8f5c2e-9d4a-4c3b-8e7f-6a5b4c3d2e1f',
      savedAt: '2026-11-21T03:00:00.000Z',
      inputs: {
        sex: 'male',
        age: 58,
        systolic: 128,
        ldl: 152,
        hdl: 48,
        impairedGlucose: true,
        smoker: false,
        coronaryDisease: false,
        diabetes: false,
        ckd: false,
        pad: false,
        nonCardiogenicStroke: false,
      },
      sources: { sex: 'saved', systolic: 'vitals', ldl: 'checkup' },
      result: {
        kind: 'score',
        points: 12,
        factors: [],
        ageBand: '50-59',
        risk: { percent: 3.9, belowOne: false },
        category: 'middle',
        targets: { ldlBelow: 140, nonHdlBelow: 170 },
      },
    };
    bff.withAuthenticityToken('token-1');
    bff.onCall('saveHealthForecastSnapshot', reply(saved));
    renderWithProviders(<ForecastPage />);
    expect(await screen.findByText('保存した結果はまだありません')).toBeInTheDocument();

    bff.onCall('listSavedHealthForecasts', reply({ items: [{ ...saved, checkupWithheld: false }], nextCursor: null }));
    await userEvent.click(screen.getByRole('button', { name: 'この結果を保存する' }));
    expect(await screen.findByText('結果を保存しました。下の「保存した結果」で前回と比べられます。')).toBeInTheDocument();
    const [request] = bff.callsOf('saveHealthForecastSnapshot');
    expect(request!.body).toMatchObject({
      sex: 'male',
      age: 58,
      systolic: 128,
      ldl: 152,
      hdl: 48,
      impairedGlucose: true,
      smoker: false,
      diabetes: false,
      sources: { sex: 'saved', age: 'profile', systolic: 'vitals', ldl: 'checkup', diabetes: 'checkup' },
    });
    const list = await screen.findByRole('list', { name: '保存した結果' });
    expect(list).toHaveTextContent('2026年11月21日 12:00');
    expect(list).toHaveTextContent('3.9%（中リスク）');
    expect(list).toHaveTextContent('58歳・血圧128mmHg・LDL 152mg/dL・HDL 48mg/dL・喫煙なし');
  });

  it('issue 24 #7: a saved result holding check-up values, withheld without the step-up, asks for the secret question', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    bff.onCall(
      'listSavedHealthForecasts',
      reply({
        items: [
          {
            id: '1b8f5c2e-9d4a-4c3b-8e7f-6a5b4c3d2e1f',
            savedAt: '2026-11-21T03:00:00.000Z',
            inputs: { age: 58, systolic: 128, impairedGlucose: true, smoker: false },
            sources: { sex: 'checkup', ldl: 'checkup', hdl: 'checkup', systolic: 'vitals' },
            result: null,
            checkupWithheld: true,
          },
        ],
        nextCursor: null,
      }),
    );
    renderWithProviders(<ForecastPage />);
    const list = await screen.findByRole('list', { name: '保存した結果' });
    expect(list).toHaveTextContent('2026年11月21日 12:00');
    expect(list).toHaveTextContent('健診結果の値を含むため、結果を表示するには秘密の質問に答えてください。');
    expect(list).toHaveTextContent('58歳・血圧128mmHg・喫煙なし');
    expect(list).not.toHaveTextContent('LDL');
    expect(within(list).getByRole('link', { name: '秘密の質問に答えて表示する' })).toHaveAttribute(
      'href',
      `/myna_connection/verify?return_to=${encodeURIComponent('/health_forecasts/simulations')}`,
    );
  });

  it("issue 27: draws the member's forecast without the inputs' schema, and loads it once, at the first touch", async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    loadHealth.mockClear();
    renderWithProviders(<ForecastPage />);
    expect(await screen.findByTestId('forecast-risk')).toHaveTextContent('3.9%中リスク');
    // The what-if below the inputs computes without it.
    await userEvent.click(
      within(screen.getByRole('region', { name: 'もしも…で試す' })).getByRole('checkbox', { name: 'たばこを吸っている' }),
    );
    expect(loadHealth).not.toHaveBeenCalled();

    fireEvent.focus(screen.getByLabelText('LDLコレステロール（mg/dL）'));
    fireEvent.pointerDown(screen.getByLabelText('HDLコレステロール（mg/dL）'));
    expect(loadHealth).toHaveBeenCalledTimes(1);
    const ldl = screen.getByLabelText('LDLコレステロール（mg/dL）');
    await userEvent.clear(ldl);
    await userEvent.type(ldl, '165');
    expect(await screen.findByTestId('forecast-risk')).toHaveTextContent('4.5%中リスク');
    expect(loadHealth).toHaveBeenCalledTimes(1);
  });

  it('issue 27: a value changed while the schema still loads waits for it, then shows its forecast', async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    const held = deferred<Awaited<ReturnType<typeof loadHealthContract>>>();
    loadHealth.mockImplementationOnce(() => held.promise);
    renderWithProviders(<ForecastPage />);
    const ldl = await screen.findByLabelText('LDLコレステロール（mg/dL）');
    fireEvent.change(ldl, { target: { value: '9999' } });
    expect(screen.getByRole('status')).toHaveTextContent('入力した値を確認しています…');
    expect(screen.queryByTestId('forecast-risk')).not.toBeInTheDocument();
    held.resolve(jest.requireActual('@sukoyaka/contract/health'));
    expect(await screen.findByText('LDLコレステロールは20〜600mg/dLの範囲で入力してください')).toBeInTheDocument();
    expect(screen.queryByTestId('forecast-risk')).not.toBeInTheDocument();
  });

  it("issue 27: a schema that fails to load says so, and '再読み込み' loads it again", async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    loadHealth.mockImplementationOnce(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<ForecastPage />);
    const ldl = await screen.findByLabelText('LDLコレステロール（mg/dL）');
    fireEvent.change(ldl, { target: { value: '165' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('予測の計算を読み込めませんでした。');
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByTestId('forecast-risk')).toHaveTextContent('4.5%中リスク');
  });

  it("a failed load says so with '再読み込み', which loads again", async () => {
    bff.onCall('getHealthForecast', reply(forecastOf()));
    bff.onCall('getHealthForecast', bffError(500, 'internal_error', 'システムエラーです'), { times: 1 });
    renderWithProviders(<ForecastPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('健康予報を読み込めませんでした。システムエラーです');
    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(await screen.findByTestId('forecast-risk')).toBeInTheDocument();
  });
});

describe('/health_forecasts/simulations/about', () => {
  setupFakeBff();
  it('explains the model, its source, its limits, not a diagnosis, and when to see a doctor', () => {
    renderWithProviders(<ForecastAboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: '健康予報について' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '出典' })).toHaveTextContent('J Atheroscler Thromb 2022;29(3):345-361');
    expect(screen.getByRole('region', { name: '出典' })).toHaveTextContent('動脈硬化性疾患予防ガイドライン2022年版');
    expect(screen.getByRole('region', { name: 'この予測でわからないこと' })).toHaveTextContent('これは診断ではありません');
    expect(screen.getByRole('region', { name: '医療機関に相談してほしいとき' })).toHaveTextContent('119番');
    expect(screen.getByRole('region', { name: 'どのように予測しているか' })).toHaveTextContent('140');
  });
});
