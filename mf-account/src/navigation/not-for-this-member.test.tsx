import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { LoginPage } from '../login/LoginPage';
import { UnassociatedPage } from '../org-verification/UnassociatedPage';
import { EmailNotVerifiedPage } from '../signup/EmailNotVerifiedPage';
import { SignupPage } from '../signup/SignupPage';
import { SuspensionNoticePage } from '../status/StatusPages';

// Issue 7: a page that is not for the one who opened it sends them home (in place of itself in
// the history); everyone it is for still sees it.
describe('pages that are not for this member send them home', () => {
  const bff = setupFakeBff();
  const browserId = '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11';
  const member = () => bff.onCall('getSession', reply({ userId: 'u1', browserId }));
  const visitor = () => bff.onCall('getSession', reply({ userId: null, browserId }));
  const navigationInfo = (overrides: Record<string, unknown>) =>
    bff.onCall(
      'getNavigationInfo',
      reply({
        nickname: 'はなこ',
        emailVerified: true,
        association: { id: 'a1', name: 'すこやか健康保険組合' },
        pendingAgreementAssociationId: null,
        smsMfaEnabled: false,
        next: null,
        ...overrides,
      }),
    );

  // Every timer fake (moving with real time): staysOn runs them all out instead of waiting.
  beforeEach(() => {
    jest.useFakeTimers({ advanceTimers: true });
    bff.withAuthenticityToken('token-1');
  });
  afterEach(() => {
    jest.useRealTimers();
    window.history.replaceState(null, '', '/');
  });

  async function open(path: string, page: ReactElement) {
    window.history.replaceState(null, '', path);
    const before = window.history.length;
    renderWithProviders(page, { route: path });
    return before;
  }

  const goesHome = async (historyBefore: number) => {
    await waitFor(() => expect(window.location.pathname).toBe('/'));
    // Replaced, not pushed: the back button does not return to a page that sends them on again.
    expect(window.history.length).toBe(historyBefore);
  };

  /**
   * Once the page has asked who this is, runs out every timer and every answer they lead to
   * (React Query hands its results on by a timer), so the page has decided; then checks it is
   * still where it was opened.
   */
  const staysOn = async (path: string) => {
    await waitFor(() => expect(bff.callsOf('getSession').length).toBeGreaterThan(0));
    await act(() => jest.runAllTimersAsync());
    expect(window.location.pathname).toBe(path);
  };

  describe('/login', () => {
    it('a signed-in member goes home', async () => {
      member();
      await goesHome(await open('/login', <LoginPage />));
    });

    it('a visitor sees the form', async () => {
      visitor();
      await open('/login', <LoginPage />);
      expect(screen.getByRole('button', { name: 'ログイン' })).toBeInTheDocument();
      await staysOn('/login');
    });
  });

  describe('/signup', () => {
    it('a signed-in member goes home', async () => {
      member();
      await goesHome(await open('/signup', <SignupPage />));
    });

    it('a visitor sees the form', async () => {
      visitor();
      await open('/signup', <SignupPage />);
      expect(screen.getByRole('button', { name: '登録する' })).toBeInTheDocument();
      await staysOn('/signup');
    });
  });

  describe('/email_not_verified', () => {
    beforeEach(() => bff.onCall('getUserEmail', reply({ email: 'hanako@example.jp', pendingEmail: null })));

    it('a member whose address is verified goes home', async () => {
      member();
      navigationInfo({ emailVerified: true });
      await goesHome(await open('/email_not_verified', <EmailNotVerifiedPage />));
    });

    it('a member whose address is not verified yet stays and reads what to do', async () => {
      member();
      navigationInfo({ emailVerified: false, next: '/email_not_verified' });
      await open('/email_not_verified', <EmailNotVerifiedPage />);
      expect(await screen.findByRole('heading', { name: 'メールアドレスの確認が完了していません' })).toBeInTheDocument();
      await waitFor(() => expect(bff.callsOf('getNavigationInfo')).toHaveLength(1));
      await staysOn('/email_not_verified');
    });
  });

  describe('/unassociated', () => {
    it('a member whose association is linked goes home', async () => {
      member();
      navigationInfo({ association: { id: 'a1', name: 'すこやか健康保険組合' } });
      await goesHome(await open('/unassociated', <UnassociatedPage />));
    });

    it('a member without an association stays', async () => {
      member();
      navigationInfo({ association: null, next: '/unassociated' });
      await open('/unassociated', <UnassociatedPage />);
      await waitFor(() => expect(bff.callsOf('getNavigationInfo')).toHaveLength(1));
      await staysOn('/unassociated');
      expect(screen.getByRole('heading', { name: '加入者情報の登録が必要です' })).toBeInTheDocument();
    });

    it('a visitor stays, and the account is not asked about', async () => {
      visitor();
      await open('/unassociated', <UnassociatedPage />);
      await staysOn('/unassociated');
      expect(bff.callsOf('getNavigationInfo')).toHaveLength(0);
    });
  });

  describe('/suspension_notice', () => {
    it('a member in good standing (the session names them) goes home', async () => {
      member();
      await goesHome(await open('/suspension_notice', <SuspensionNoticePage />));
    });

    it('an expired membership (the session names no one) stays and reads the notice', async () => {
      visitor();
      await open('/suspension_notice', <SuspensionNoticePage />);
      expect(screen.getByRole('heading', { name: 'ご利用停止のお知らせ' })).toBeInTheDocument();
      await staysOn('/suspension_notice');
    });
  });
});
