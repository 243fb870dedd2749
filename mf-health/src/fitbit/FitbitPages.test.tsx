import type { FitbitConnection } from '@sukoyaka/contract';
import { bffError, deferred, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FitbitCallbackPage } from './FitbitCallbackPage';
import { FitbitConnectionsPage } from './FitbitConnectionsPage';

const member = { userId: 'u1', email: 'taro@example.jp', nickname: 'たろう', association: { id: 'a1', name: 'すこやか健康保険組合' } };

const notConnected: FitbitConnection = {
  status: 'not_connected',
  connected: false,
  needsRenewal: false,
  available: true,
  connectedAt: null,
  lastSyncedAt: null,
  lastSyncResult: null,
  lastSyncedDay: null,
  lastSyncedDays: null,
};
// Local wall-clock times, so the texts hold in any time zone jest runs in.
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();
const active: FitbitConnection = {
  status: 'active',
  connected: true,
  needsRenewal: false,
  available: true,
  connectedAt: at(20, 9, 0),
  lastSyncedAt: at(21, 10, 30),
  lastSyncResult: 'ok',
  lastSyncedDay: '2026-11-21',
  lastSyncedDays: 30,
};

describe('Fitbit pages (/resource_providers/fitbit/*)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  describe('connections', () => {
    it('loads, then offers to connect; connecting goes to the address the bff gives', async () => {
      const answer = deferred<FakeReply>();
      bff.onCall('getFitbitAuthentication', () => answer.promise);
      bff.onCall('startFitbitAuthorization', reply({ authorizationUrl: 'https://accounts.example/auth?state=s1' }));
      const go = jest.fn();
      renderWithProviders(<FitbitConnectionsPage go={go} />);

      expect(await screen.findByText('連携状況を読み込み中…')).toBeInTheDocument();
      answer.resolve(reply(notConnected));
      expect(await screen.findByText('Fitbitとは連携していません。')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Fitbitと連携する' }));
      expect(go).toHaveBeenCalledWith('https://accounts.example/auth?state=s1');
      expect(bff.callsOf('startFitbitAuthorization')).toHaveLength(1);
      expect(document.title).toBe('Fitbit連携 | すこやか');
    });

    it('a failed start says why and leaves the button usable', async () => {
      bff.onCall('getFitbitAuthentication', reply(notConnected));
      bff.onCall('startFitbitAuthorization', bffError(503, 'fitbit_unavailable', '現在Fitbitと通信できません。'));
      const go = jest.fn();
      renderWithProviders(<FitbitConnectionsPage go={go} />);
      await userEvent.click(await screen.findByRole('button', { name: 'Fitbitと連携する' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('現在Fitbitと通信できません。');
      expect(go).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Fitbitと連携する' })).toBeEnabled();
    });

    it('connected: shows the last sync, syncs now, links to the steps', async () => {
      bff.onCall('getFitbitAuthentication', reply(active));
      bff.onCall('syncFitbit', reply({ ...active, lastSyncedAt: at(21, 11, 45), lastSyncedDays: 3 }));
      renderWithProviders(<FitbitConnectionsPage />);

      expect(await screen.findByText('Fitbitと連携しています。')).toBeInTheDocument();
      expect(screen.getByText('2026年11月21日(土) 10:30に同期しました（30日分の歩数）。')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '歩数の記録を見る' })).toHaveAttribute('href', '/vitals/steps');
      await userEvent.click(screen.getByRole('button', { name: '今すぐ同期' }));
      expect(await screen.findByText('2026年11月21日(土) 11:45に同期しました（3日分の歩数）。')).toBeInTheDocument();
      expect(bff.callsOf('syncFitbit')).toHaveLength(1);
    });

    it('a connection that needs renewal says so and offers to connect again, without 今すぐ同期', async () => {
      bff.onCall(
        'getFitbitAuthentication',
        reply({ ...active, status: 'needs_renewal', needsRenewal: true, lastSyncResult: 'needs_renewal' }),
      );
      bff.onCall('startFitbitAuthorization', reply({ authorizationUrl: 'https://accounts.example/auth?state=s2' }));
      const go = jest.fn();
      renderWithProviders(<FitbitConnectionsPage go={go} />);

      expect(await screen.findByRole('heading', { name: '連携の更新が必要です' })).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent('有効期限が切れたため、歩数を取り込めません');
      expect(screen.queryByRole('button', { name: '今すぐ同期' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'もう一度連携する' }));
      expect(go).toHaveBeenCalledWith('https://accounts.example/auth?state=s2');
    });

    it('disconnecting asks first; キャンセル keeps the connection; 解除する disconnects', async () => {
      bff.onCall('getFitbitAuthentication', reply(active));
      bff.onCall('disconnectFitbit', reply({ ...notConnected, revocationPending: false }));
      renderWithProviders(<FitbitConnectionsPage />);

      await userEvent.click(await screen.findByRole('button', { name: '連携を解除する' }));
      const confirm = screen.getByRole('group', { name: 'Fitbitとの連携を解除しますか？' });
      await userEvent.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
      expect(bff.callsOf('disconnectFitbit')).toHaveLength(0);

      await userEvent.click(screen.getByRole('button', { name: '連携を解除する' }));
      await userEvent.click(
        within(screen.getByRole('group', { name: 'Fitbitとの連携を解除しますか？' })).getByRole('button', { name: '解除する' }),
      );
      expect(await screen.findByText('Fitbitとは連携していません。')).toBeInTheDocument();
      expect(screen.queryByText(/Google側の許可の取り消しがまだ完了していない/)).not.toBeInTheDocument();
      expect(bff.callsOf('disconnectFitbit')).toHaveLength(1);
    });

    it('issue 24 #13: a disconnect whose revocation at Google is still pending says so truthfully', async () => {
      bff.onCall('getFitbitAuthentication', reply(active));
      bff.onCall('disconnectFitbit', reply({ ...notConnected, revocationPending: true }));
      renderWithProviders(<FitbitConnectionsPage />);
      await userEvent.click(await screen.findByRole('button', { name: '連携を解除する' }));
      await userEvent.click(
        within(screen.getByRole('group', { name: 'Fitbitとの連携を解除しますか？' })).getByRole('button', { name: '解除する' }),
      );
      expect(await screen.findByText('Fitbitとは連携していません。')).toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(
        'Google側の許可の取り消しがまだ完了していないため、自動で再度取り消しを行います',
      );
    });

    it('a failed load says so with 再読み込み', async () => {
      bff.onCall('getFitbitAuthentication', reply(active));
      bff.onCall('getFitbitAuthentication', bffError(500, 'internal_error', 'システムエラーが発生しました。'), { times: 1 });
      renderWithProviders(<FitbitConnectionsPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('システムエラーが発生しました。');
      await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
      expect(await screen.findByText('Fitbitと連携しています。')).toBeInTheDocument();
    });
  });

  describe('callback', () => {
    it('completes once with the code and state, clears them from the address, then links to the steps', async () => {
      window.history.replaceState(null, '', '/resource_providers/fitbit/callback?code=c-1&state=s-1&scope=x');
      const answer = deferred<FakeReply>();
      bff.onCall('createUserFitbitConnectionSettings', () => answer.promise);
      renderWithProviders(<FitbitCallbackPage />);

      expect(await screen.findByText('Fitbitと連携しています…')).toBeInTheDocument();
      expect(window.location.search).toBe('');
      answer.resolve(reply(active));
      expect(await screen.findByText('Fitbitと連携しました。')).toBeInTheDocument();
      expect(screen.getByText(/30日分の歩数を取り込みました/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '歩数の記録を見る' })).toHaveAttribute('href', '/vitals/steps');
      const sent = bff.callsOf('createUserFitbitConnectionSettings');
      expect(sent).toHaveLength(1);
      expect(sent[0]!.body).toEqual({ code: 'c-1', state: 's-1' });
    });

    it('shows the bff refusal (a reused or foreign state) with the way back', async () => {
      window.history.replaceState(null, '', '/resource_providers/fitbit/callback?code=c-1&state=s-1');
      bff.onCall(
        'createUserFitbitConnectionSettings',
        bffError(
          400,
          'fitbit_state_invalid',
          'この連携手続きは無効か、有効期限が切れています。連携設定のページからもう一度お試しください。',
        ),
      );
      renderWithProviders(<FitbitCallbackPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('この連携手続きは無効か、有効期限が切れています。');
      expect(screen.getByRole('link', { name: '連携設定からやり直す' })).toHaveAttribute('href', '/resource_providers/fitbit/connections');
    });

    it('a cancelled consent explains what to do and calls nothing', async () => {
      window.history.replaceState(null, '', '/resource_providers/fitbit/callback?error=access_denied&state=s-1');
      renderWithProviders(<FitbitCallbackPage />);
      expect(await screen.findByText('Fitbitとの連携はキャンセルされました。')).toBeInTheDocument();
      expect(screen.getByText(/「許可する」を選んでください/)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '連携設定に戻る' })).toHaveAttribute('href', '/resource_providers/fitbit/connections');
      expect(bff.callsOf('createUserFitbitConnectionSettings')).toHaveLength(0);
    });

    it('an answer without a code says so', async () => {
      window.history.replaceState(null, '', '/resource_providers/fitbit/callback?state=s-1');
      renderWithProviders(<FitbitCallbackPage />);
      expect(await screen.findByRole('alert')).toHaveTextContent('連携に必要な情報が届きませんでした');
      expect(bff.callsOf('createUserFitbitConnectionSettings')).toHaveLength(0);
    });
  });
});
