import { bffError, mockLocation, renderWithProviders, reply, setupFakeBff, type LocationSpy } from '@sukoyaka/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LeaveCompletedPage, LeaveServicePage } from './LeaveServicePage';

const member = { userId: 'u1', email: 'hanako@example.jp', nickname: '花子', association: null, birthday: null };
const summary = {
  points: [{ programName: 'すこやかポイント', points: 1200 }],
  coins: 35,
  wearableConnected: true,
  mynaConnected: true,
  pendingGiftOrders: [] as Array<{ giftName: string; orderNumber: string; orderedAt: string }>,
  retentionYears: 7,
};
const EXPIRY = '2026-11-22T12:15:00.000Z';

describe('LeaveServicePage (/settings/leave, issue 24 #15)', () => {
  const bff = setupFakeBff();
  let location: LocationSpy;

  beforeEach(() => {
    window.history.replaceState(null, '', '/settings/leave');
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getUserInfo', reply(member));
    location = mockLocation();
  });
  afterEach(() => {
    location.restore();
    window.history.replaceState(null, '', '/');
  });

  const password = () => screen.findByLabelText('パスワード');
  const proceed = () => userEvent.click(screen.getByRole('button', { name: '退会手続きに進む' }));

  it('says what is deleted, what is forfeited (the balances), what is kept and for how long, before anything is asked', async () => {
    bff.onCall('getLeaveServiceSummary', reply(summary));
    renderWithProviders(<LeaveServicePage />);
    expect(await screen.findByRole('heading', { name: 'すぐに削除されるもの' })).toBeInTheDocument();
    expect(screen.getByText('1,200ポイント')).toBeInTheDocument();
    expect(screen.getByText('35コイン')).toBeInTheDocument();
    expect(screen.getByText(/退会と同時に失効し、元に戻すことはできません/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '保管されるもの' })).toBeInTheDocument();
    expect(screen.getByText(/退会から7\s*年間保管し、その後削除します/)).toBeInTheDocument();
    expect(screen.getByText(/ウェアラブル端末（Fitbit）との連携を解除します。/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'データのダウンロード' })).toHaveAttribute('href', '/settings/data_export');
    expect(document.title).toBe('退会 | すこやか');
    expect(bff.callsOf('leaveService')).toHaveLength(0);
  });

  it('warns of gifts not shipped yet: listed by name and order number, cancelled by leaving, their points not given back', async () => {
    bff.onCall(
      'getLeaveServiceSummary',
      reply({
        ...summary,
        pendingGiftOrders: [{ giftName: 'オリジナルタオル', orderNumber: 'ORD-20261126-7KQ3', orderedAt: '2026-11-26T01:00:00.000Z' }],
      }),
    );
    renderWithProviders(<LeaveServicePage />);
    const section = (await screen.findByRole('heading', { name: 'まだ発送されていないギフト' })).closest('section')!;
    expect(section).toHaveTextContent('オリジナルタオル（注文番号 ORD-20261126-7KQ3）');
    expect(section).toHaveTextContent('退会すると、これらのギフトのお申し込みは取り消され、お届けできません。');
    expect(section).toHaveTextContent('交換に使ったポイントも戻りません。');
    expect(section).toHaveTextContent('発送されてから退会してください');
  });

  it('says nothing of gifts when none waits to be shipped', async () => {
    bff.onCall('getLeaveServiceSummary', reply(summary));
    renderWithProviders(<LeaveServicePage />);
    expect(await screen.findByRole('heading', { name: '保管されるもの' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'まだ発送されていないギフト' })).not.toBeInTheDocument();
  });

  it('shows a loading state, and the bff’s message when the summary fails', async () => {
    bff.onCall('getLeaveServiceSummary', bffError(500, 'internal_error', 'システムエラーです'));
    renderWithProviders(<LeaveServicePage />);
    expect(await screen.findByText('退会の内容を読み込んでいます…')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('システムエラーです');
    expect(screen.queryByRole('button', { name: '退会手続きに進む' })).not.toBeInTheDocument();
  });

  it('refuses to go on without the confirmation box, sending nothing', async () => {
    bff.onCall('getLeaveServiceSummary', reply(summary));
    renderWithProviders(<LeaveServicePage />);
    await userEvent.type(await password(), 'my-secret-pass');
    await proceed();
    expect(screen.getByRole('checkbox', { name: '上記の内容を確認し、退会します' })).toHaveAccessibleDescription(
      '退会の確認にチェックを入れてください',
    );
    expect(bff.callsOf('authenticateUserPassword')).toHaveLength(0);
  });

  it('a wrong password shows the bff’s message, empties the field and leaves nothing', async () => {
    bff.onCall('getLeaveServiceSummary', reply(summary));
    bff.onCall('authenticateUserPassword', bffError(401, 'invalid_credentials', 'パスワードが正しくありません。'));
    renderWithProviders(<LeaveServicePage />);
    await userEvent.type(await password(), 'wrong-pass');
    await userEvent.click(screen.getByRole('checkbox', { name: '上記の内容を確認し、退会します' }));
    await proceed();
    expect(await password()).toHaveAccessibleDescription('パスワードが正しくありません。');
    expect(await password()).toHaveValue('');
    expect(bff.callsOf('leaveService')).toHaveLength(0);
  });

  it('by keyboard: password, box, then a final yes; leaves and lands on the signed-out page', async () => {
    bff.onCall('getLeaveServiceSummary', reply(summary));
    bff.onCall('authenticateUserPassword', reply({ passwordAuthExpireAt: EXPIRY }));
    bff.onCall('leaveService', reply({ leftAt: '2026-11-22T12:00:00.000Z', forfeited: { points: 1200, coins: 35 } }));
    renderWithProviders(<LeaveServicePage />);
    await userEvent.click(await password());
    await userEvent.keyboard('my-secret-pass');
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: '上記の内容を確認し、退会します' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '退会手続きに進む' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    const final = await screen.findByRole('heading', { name: '本当に退会しますか？' });
    await waitFor(() => expect(final).toHaveFocus());
    expect(bff.callsOf('authenticateUserPassword')[0]!.body).toEqual({ password: 'my-secret-pass' });
    expect(bff.callsOf('leaveService')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: '退会する' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/settings/leave/completed'));
    expect(bff.callsOf('leaveService')[0]!.body).toEqual({ confirm: true });
    expect(bff.callsOf('leaveService')[0]!.headers['x-csrf-token']).toBe('token-1');
  });

  it('the final step can be cancelled, and shows the bff’s message when leaving fails', async () => {
    bff.onCall('getLeaveServiceSummary', reply(summary));
    bff.onCall('authenticateUserPassword', reply({ passwordAuthExpireAt: EXPIRY }));
    bff.onCall('leaveService', bffError(503, 'fitbit_unavailable', 'Fitbitに接続できませんでした。時間をおいてもう一度お試しください。'));
    renderWithProviders(<LeaveServicePage />);
    await userEvent.type(await password(), 'my-secret-pass');
    await userEvent.click(screen.getByRole('checkbox', { name: '上記の内容を確認し、退会します' }));
    await proceed();
    await userEvent.click(await screen.findByRole('button', { name: '退会する' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fitbitに接続できませんでした。');
    expect(location.assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'やめる' }));
    expect(await password()).toBeInTheDocument();
  });
});

describe('LeaveCompletedPage (/settings/leave/completed)', () => {
  setupFakeBff();

  it('says the leaving is complete, signed out', () => {
    renderWithProviders(<LeaveCompletedPage />);
    expect(screen.getByRole('heading', { name: '退会が完了しました' })).toBeInTheDocument();
    expect(document.title).toBe('退会が完了しました | すこやか');
  });
});
