import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, reply, setupFakeBff } from '../testing';
import { WEBVIEW_MARKERS } from '../device/device';
import { currentness, MemberNavigation, navigationItems } from './MemberNavigation';
import { PageLayout } from './page-parts';

const MEMBER = { userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' };
const VISITOR = { userId: null, browserId: MEMBER.browserId };
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';

/** The navigation alone, once its count has come in. */
async function renderNavigation() {
  renderWithProviders(<MemberNavigation />);
  await act(async () => undefined);
}

function at(path: string) {
  window.history.replaceState(null, '', path);
}

function withUserAgent(userAgent: string) {
  const spy = jest.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  return () => spy.mockRestore();
}

describe('the member navigation (issue 27)', () => {
  const bff = setupFakeBff();
  afterEach(() => at('/'));

  const page = async () => {
    renderWithProviders(
      <PageLayout>
        <p>content</p>
      </PageLayout>,
    );
    await act(async () => undefined);
  };

  it('links the five destinations in order: ホーム, 記録, ポイント, お知らせ, メニュー', async () => {
    bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 0 }));
    await renderNavigation();
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['ホーム', '/'],
      ['記録', '/vitals'],
      ['ポイント', '/incentives'],
      ['お知らせ', '/announcements'],
      ['メニュー', '/menu'],
    ]);
    // The icons are decorative: the links are named by their text.
    for (const icon of nav.querySelectorAll('svg')) expect(icon).toHaveAttribute('aria-hidden', 'true');
  });

  it.each([
    ['/', 'ホーム', 'page'],
    ['/vitals', '記録', 'page'],
    ['/vitals/blood_pressure', '記録', 'true'],
    ['/health_reports', '記録', 'true'],
    ['/incentives', 'ポイント', 'page'],
    ['/points/7/earning', 'ポイント', 'true'],
    ['/coin', 'ポイント', 'true'],
    ['/announcements/3', 'お知らせ', 'true'],
    ['/menu', 'メニュー', 'page'],
  ])('at %s the current item is %s (aria-current=%s), and only that one', async (path, label, value) => {
    bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 0 }));
    at(path);
    await renderNavigation();
    const nav = screen.getByRole('navigation', { name: 'メインメニュー' });
    const current = within(nav)
      .getAllByRole('link')
      .filter((link) => link.hasAttribute('aria-current'));
    expect(current.map((link) => [link.textContent, link.getAttribute('aria-current')])).toEqual([[label, value]]);
  });

  it('marks no item on a page of none of them (the profile)', () => {
    expect(navigationItems.map((item) => currentness(item, '/profile'))).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(currentness(navigationItems[0]!, '/vitals')).toBeUndefined();
  });

  it('carries the unread count in お知らせ’s name and badge', async () => {
    bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 120 }));
    renderWithProviders(<MemberNavigation />);
    const link = await screen.findByRole('link', { name: 'お知らせ（未読120件）' });
    expect(link).toHaveAttribute('href', '/announcements');
    expect(within(link).getByText('99+')).toHaveAttribute('aria-hidden', 'true');
  });

  it('is reached by the keyboard, in order, and a link moves to its page without a reload', async () => {
    bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 0 }));
    at('/profile');
    await renderNavigation();
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('link', { name: 'ホーム' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: '記録' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(window.location.pathname).toBe('/vitals');
  });

  it('is on a signed-in member’s page, beside ログアウト, in place of the header’s bell', async () => {
    bff.onCall('getSession', reply(MEMBER));
    bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 2 }));
    at('/vitals');
    await page();
    const nav = await screen.findByRole('navigation', { name: 'メインメニュー' });
    expect(within(nav).getByRole('link', { name: '記録' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'ログアウト' })).toBeInTheDocument();
    expect(await screen.findAllByRole('link', { name: 'お知らせ（未読2件）' })).toHaveLength(1);
  });

  it('is not shown to a visitor', async () => {
    bff.onCall('getSession', reply(VISITOR));
    await page();
    await screen.findByRole('link', { name: 'ログイン・新規登録' });
    expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
  });

  it.each(['/login', '/signup', '/unassociated', '/email_not_verified', '/org_verification'])(
    'is not shown at %s, even to a signed-in member (the bell stays)',
    async (path) => {
      bff.onCall('getSession', reply(MEMBER));
      bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 0 }));
      at(path);
      await page();
      await screen.findByRole('button', { name: 'ログアウト' });
      expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'お知らせ' })).toHaveAttribute('href', '/announcements');
    },
  );

  it.each([
    ['iOS', WEBVIEW_MARKERS.iOS],
    ['Android', WEBVIEW_MARKERS.android],
  ])('inside the %s app’s web view, neither the navigation nor ログアウト: the app shows its own', async (_app, marker) => {
    const restore = withUserAgent(`${IPHONE} ${marker}3.2.0`);
    try {
      bff.onCall('getSession', reply(MEMBER));
      bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 1 }));
      at('/vitals');
      await page();
      // The bell is the way to the announcements there.
      expect(await screen.findByRole('link', { name: 'お知らせ（未読1件）' })).toHaveAttribute('href', '/announcements');
      expect(screen.queryByRole('navigation', { name: 'メインメニュー' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'ログアウト' })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('inside a web view, the footer’s outside links go through the app’s scheme, not a new tab', async () => {
    const restore = withUserAgent(`${IPHONE} ${WEBVIEW_MARKERS.iOS}3.2.0`);
    try {
      bff.onCall('getSession', reply(MEMBER));
      bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 0 }));
      await page();
      const link = await screen.findByRole('link', { name: 'プライバシーポリシー' });
      expect(link).toHaveAttribute('href', `sukoyaka://open?url=${encodeURIComponent('https://www.sukoyaka.example/privacy')}`);
      expect(link).not.toHaveAttribute('target');
    } finally {
      restore();
    }
  });
});
