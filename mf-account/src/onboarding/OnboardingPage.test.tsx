import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadAccountCalls, loadHealthCalls } from '@sukoyaka/shared';
import { DEVICE_CONNECTION_PATH, OnboardingPage } from './OnboardingPage';

// The account and health areas' modules (the steps' schemas, with zod) as the forms load them: counted.
jest.mock('@sukoyaka/shared', () => ({
  ...jest.requireActual('@sukoyaka/shared'),
  loadAccountCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/account').accountCalls)),
  loadHealthCalls: jest.fn(() => Promise.resolve(jest.requireActual('@sukoyaka/contract/health').healthCalls)),
}));
const loadAccount = loadAccountCalls as jest.MockedFunction<typeof loadAccountCalls>;
const loadHealth = loadHealthCalls as jest.MockedFunction<typeof loadHealthCalls>;

const ASSOCIATION = { id: '5a1c0d3e-0000-4000-8000-000000000001', name: 'すこやか健康保険組合' };

describe('OnboardingPage (/onboarding, issue 27: the first sign-in welcome)', () => {
  const bff = setupFakeBff();
  let member: { nickname: string; height?: number };

  beforeEach(() => {
    window.history.replaceState(null, '', '/onboarding');
    bff.withAuthenticityToken('token-1');
    // A new member's nickname is the local part of their address.
    member = { nickname: 'hanako.sato' };
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', () =>
      reply({ userId: 'u1', email: 'hanako.sato@example.jp', association: ASSOCIATION, birthday: null, ...member }),
    );
    bff.onCall('updateProfile', (request) => {
      const body = request.body as { nickname: string; height?: number | null };
      member = { nickname: body.nickname, ...(typeof body.height === 'number' ? { height: body.height } : {}) };
      return reply({ nickname: body.nickname });
    });
    bff.onCall('getVitalGoals', reply({ dailySteps: null, targetWeight: 58.5 }));
    bff.onCall('saveVitalGoals', (request) => reply(request.body as object));
    bff.onCall('finishOnboarding', reply({ onboardedAt: '2026-11-23T04:00:00.000Z' }));
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  const step = () => screen.getByRole('region', { name: /./ });

  it('greets with the local part of the address, saves nickname, height and step goal, skips the device, and records it once', async () => {
    renderWithProviders(<OnboardingPage />);

    expect(await screen.findByRole('heading', { level: 1, name: 'ようこそ、hanako.satoさん' })).toBeInTheDocument();
    expect(document.title).toBe('ようこそ | すこやか');
    expect(step()).toHaveTextContent('ステップ 1 / 4');
    const nickname = screen.getByRole('textbox', { name: 'ニックネーム' });
    expect(nickname).toHaveValue('hanako.sato');
    await userEvent.clear(nickname);
    await userEvent.type(nickname, 'はなこ');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));

    // Height: checked before sending, then saved with the new nickname.
    expect(await screen.findByRole('heading', { name: '身長' })).toHaveFocus();
    expect(screen.getByRole('heading', { level: 1, name: 'ようこそ、はなこさん' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('身長（cm）'), '300');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(screen.getByLabelText('身長（cm）')).toHaveAccessibleDescription(
      expect.stringContaining('身長は100.0〜250.0cmの範囲で入力してください'),
    );
    await userEvent.clear(screen.getByLabelText('身長（cm）'));
    await userEvent.type(screen.getByLabelText('身長（cm）'), '158.5');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));

    // The step goal keeps the target weight the member may have set.
    expect(await screen.findByRole('heading', { name: '1日の目標歩数' })).toHaveFocus();
    const goal = screen.getByLabelText('1日の目標歩数（歩）');
    await userEvent.clear(goal);
    await userEvent.type(goal, '７,０００');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));

    expect(await screen.findByRole('heading', { name: 'ウェアラブル機器の連携' })).toHaveFocus();
    expect(screen.getByRole('button', { name: '機器を連携する' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'スキップしてはじめる' }));

    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(bff.callsOf('updateProfile').map((call) => call.body)).toEqual([{ nickname: 'はなこ' }, { nickname: 'はなこ', height: 158.5 }]);
    expect(bff.callsOf('saveVitalGoals')[0]!.body).toEqual({ dailySteps: 7000, targetWeight: 58.5 });
    expect(bff.callsOf('finishOnboarding').map((call) => call.body)).toEqual([{ skipped: false }]);
  });

  it('issue 27: the welcome shows without the account and health schemas; each step loads its own at its first touch', async () => {
    loadAccount.mockClear();
    loadHealth.mockClear();
    renderWithProviders(<OnboardingPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'ようこそ、hanako.satoさん' })).toBeInTheDocument();
    expect(loadAccount).not.toHaveBeenCalled();
    expect(loadHealth).not.toHaveBeenCalled();

    const nickname = screen.getByRole('textbox', { name: 'ニックネーム' });
    await userEvent.clear(nickname);
    expect(loadAccount).toHaveBeenCalledTimes(1);
    await userEvent.type(nickname, 'はなこ');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByRole('heading', { name: '身長' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'スキップ' }));

    expect(await screen.findByRole('heading', { name: '1日の目標歩数' })).toHaveFocus();
    expect(loadHealth).not.toHaveBeenCalled();
    const goal = screen.getByLabelText('1日の目標歩数（歩）');
    await userEvent.clear(goal);
    expect(loadHealth).toHaveBeenCalledTimes(1);
    await userEvent.type(goal, '9000');
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    expect(await screen.findByRole('heading', { name: 'ウェアラブル機器の連携' })).toHaveFocus();
    expect(bff.callsOf('updateProfile').map((call) => call.body)).toEqual([{ nickname: 'はなこ' }]);
    expect(bff.callsOf('saveVitalGoals')[0]!.body).toEqual({ dailySteps: 9000, targetWeight: 58.5 });
    expect(loadHealth).toHaveBeenCalledTimes(1);
  });

  it('skips a step without saving anything, and offers the device connection page', async () => {
    renderWithProviders(<OnboardingPage />);
    await screen.findByRole('heading', { level: 1, name: 'ようこそ、hanako.satoさん' });
    // 次へ with the nickname unchanged saves nothing; スキップ neither.
    await userEvent.click(screen.getByRole('button', { name: '次へ' }));
    await screen.findByRole('heading', { name: '身長' });
    await userEvent.click(screen.getByRole('button', { name: 'スキップ' }));
    await screen.findByRole('heading', { name: '1日の目標歩数' });
    await userEvent.click(screen.getByRole('button', { name: 'スキップ' }));
    await userEvent.click(await screen.findByRole('button', { name: '機器を連携する' }));

    await waitFor(() => expect(window.location.pathname).toBe(DEVICE_CONNECTION_PATH));
    expect(DEVICE_CONNECTION_PATH).toBe('/resource_providers/fitbit/connections');
    expect(bff.callsOf('updateProfile')).toHaveLength(0);
    expect(bff.callsOf('saveVitalGoals')).toHaveLength(0);
    expect(bff.callsOf('finishOnboarding').map((call) => call.body)).toEqual([{ skipped: false }]);
  });

  it('あとで設定する skips the whole welcome: recorded as skipped, and home', async () => {
    renderWithProviders(<OnboardingPage />);
    await screen.findByRole('heading', { level: 1, name: 'ようこそ、hanako.satoさん' });
    await userEvent.click(within(document.body).getByRole('button', { name: 'あとで設定する（ホームへ）' }));
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    expect(bff.callsOf('finishOnboarding').map((call) => call.body)).toEqual([{ skipped: true }]);
    expect(bff.callsOf('updateProfile')).toHaveLength(0);
  });
});
