import {
  bffError,
  deferred,
  mockLocation,
  renderWithProviders,
  reply,
  setupFakeBff,
  type FakeReply,
  type LocationSpy,
} from '@sukoyaka/shared/testing';
import { useQuery } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppError } from '../api/app-error';
import { api } from '../api/calls';
import { queryClient } from '../errors/query-client';
import { FatalErrorBoundary } from './FatalErrorBoundary';
import { fatalErrorStore } from '../errors/fatal-error-store';

function Thrower({ error }: { error: unknown }): never {
  throw error;
}

const http = (statusCode: number, body?: unknown) =>
  new AppError({ message: `Request failed with status code ${statusCode}`, statusCode, responseMessage: body });

/** The login page, with or without a reason for it to explain. */
const TO_LOGIN = /^\/login(\?.*)?$/;

function renderThrowing(error: unknown) {
  return renderWithProviders(
    <FatalErrorBoundary>
      <p>page content</p>
      <Thrower error={error} />
    </FatalErrorBoundary>,
  );
}

describe('FatalErrorBoundary (spec §1, §2 "Full-screen error pages", §4, §8)', () => {
  const bff = setupFakeBff();
  let location: LocationSpy;
  let consoleError: jest.SpyInstance;

  beforeEach(() => {
    location = mockLocation();
    // React and the boundary report a caught render error on the console; that is expected here.
    consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    consoleError.mockRestore();
    location.restore();
  });

  it("spec §2/§8: a 404 shows the generic page: heading '404', its message and 'ホームに戻る' to '/', a header without the login button", () => {
    renderThrowing(http(404, { code: 'not_found', message: 'お探しの情報は見つかりませんでした。' }));

    expect(screen.getByRole('heading', { level: 1, name: '404' })).toBeInTheDocument();
    expect(screen.getByText('おや？存在しないページのようです。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'すこやか ホーム' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'ログイン・新規登録' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ログイン・新規登録' })).not.toBeInTheDocument();
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    expect(document.title).toBe('エラー | すこやか');
  });

  it("spec §8: a 500 shows 'システムエラーです' and no home link", async () => {
    renderThrowing(http(500, { code: 'internal_error', message: 'システムエラーです' }));

    expect(screen.getByRole('heading', { level: 1, name: '500' })).toBeInTheDocument();
    expect(screen.getByText('システムエラーです')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ホームに戻る' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '再読み込み' }));
    expect(location.reload).toHaveBeenCalledTimes(1);
  });

  it('spec §8: a timeout shows the timeout message without a home link', () => {
    renderThrowing(new AppError({ message: 'timeout of 30000ms exceeded', code: 'ECONNABORTED' }));

    expect(screen.getByText('タイムアウトが発生しました。通信環境をご確認の上再度お試しください。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ホームに戻る' })).not.toBeInTheDocument();
  });

  it('spec §8: an unknown error shows its own message', () => {
    renderThrowing(new Error('想定外の失敗'));

    expect(screen.getByText('想定外の失敗')).toBeInTheDocument();
  });

  it("spec §2/§4: system_account_locked shows the locked screen 'アカウントが ロックされました'; once the session is ready it logs out, and a 401 there is ignored", async () => {
    const session = deferred<FakeReply>();
    bff.withAuthenticityToken('token-1');
    bff.onCall('getSession', () => session.promise);
    bff.on('POST', '/logout', bffError(401, 'unauthenticated', 'ログインしてください。'));

    renderThrowing(http(403, { code: 'system_account_locked', message: 'アカウントがロックされています。' }));

    expect(screen.getByRole('heading', { name: 'アカウントが ロックされました' })).toBeInTheDocument();
    expect(screen.getByText(/認証に複数回失敗したため/)).toBeInTheDocument();
    expect(screen.getByText('さっそくすこやかを使ってみましょう！')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    // Not before the session is ready.
    await waitFor(() => expect(bff.callsOf('getSession')).toHaveLength(1));
    expect(bff.requestsTo('/logout')).toHaveLength(0);

    await act(async () => session.resolve(reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' })));

    await waitFor(() => expect(bff.requestsTo('/logout')).toHaveLength(1));
    expect(bff.requestsTo('/logout')[0]!.body).toEqual({ authenticity_token: 'token-1' });
    // The 401 changed nothing: still the locked screen, no navigation.
    await act(async () => undefined);
    expect(screen.getByRole('heading', { name: 'アカウントが ロックされました' })).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('spec §4: user_is_suspended logs out, then goes to login', async () => {
    bff.withAuthenticityToken('token-1');
    bff.on('POST', '/logout', { status: 204 });

    renderThrowing(http(403, { code: 'user_is_suspended', message: 'ご利用が停止されています。' }));

    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(expect.stringMatching(TO_LOGIN)));
    expect(bff.requestsTo('/logout')).toHaveLength(1);
    expect(screen.getByText('移動しています…')).toBeInTheDocument();
  });

  it('spec §4: user_is_suspended with a 401 on logout also goes to login', async () => {
    bff.withAuthenticityToken('token-1');
    bff.on('POST', '/logout', bffError(401, 'unauthenticated', 'ログインしてください。'));

    renderThrowing(http(403, { code: 'user_is_suspended', message: 'ご利用が停止されています。' }));

    await waitFor(() => expect(location.assign).toHaveBeenCalledWith(expect.stringMatching(TO_LOGIN)));
    expect(bff.requestsTo('/logout')).toHaveLength(1);
    expect(location.assign).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['503', http(503), '/under_maintenance'],
    ['user_not_association_verified', http(403, { code: 'user_not_association_verified', message: '' }), '/under_maintenance'],
    ['association_under_maintenance', http(403, { code: 'association_under_maintenance', message: '' }), '/under_maintenance'],
    ['user_membership_expired', http(403, { code: 'user_membership_expired', message: '' }), '/suspension_notice'],
  ])('spec §4: %s is a full-page redirect to %s', (_label, error, to) => {
    renderThrowing(error);

    expect(location.assign).toHaveBeenCalledWith(to);
    expect(location.assign).toHaveBeenCalledTimes(1);
    expect(screen.getByText('移動しています…')).toBeInTheDocument();
  });

  it('spec §1: fatalErrorStore.report(...) replaces the page with the error page', () => {
    renderWithProviders(
      <FatalErrorBoundary>
        <p>page content</p>
      </FatalErrorBoundary>,
    );
    expect(screen.getByText('page content')).toBeInTheDocument();

    act(() => fatalErrorStore.report(http(400, { code: 'invalid_parameters', message: '入力内容に誤りがあります。' })));

    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: '400' })).toBeInTheDocument();
    expect(screen.getByText('不正な要求です。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
  });

  it('spec §4: an account condition met by any call (the shared QueryClient reports it) ends the page', async () => {
    bff.onCall('getUserInfo', bffError(403, 'user_membership_expired', 'ご利用資格がありません。'));
    function Page() {
      const { data } = useQuery({ queryKey: ['userInfo'], queryFn: () => api.getUserInfo() });
      return <p>{data ? data.nickname : 'page content'}</p>;
    }

    renderWithProviders(
      <FatalErrorBoundary>
        <Page />
      </FatalErrorBoundary>,
      { queryClient },
    );

    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('/suspension_notice'));
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
  });

  it('spec §4: an ordinary failed call does not end the page', async () => {
    bff.onCall('getUserInfo', bffError(500, 'internal_error', 'システムエラーです'));
    function Page() {
      const { isError } = useQuery({ queryKey: ['userInfo'], queryFn: () => api.getUserInfo() });
      return <p>{isError ? 'page content, call failed' : 'page content'}</p>;
    }

    renderWithProviders(
      <FatalErrorBoundary>
        <Page />
      </FatalErrorBoundary>,
      { queryClient },
    );

    expect(await screen.findByText('page content, call failed')).toBeInTheDocument();
    expect(fatalErrorStore.get()).toBeNull();
    expect(location.assign).not.toHaveBeenCalled();
  });
});
