import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, within } from '@testing-library/react';
import { ASSOCIATION, navigation, signInMember } from '../testing/member';
import { MenuPage } from './MenuPage';

describe('the メニュー page (/menu, issue 27)', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    window.history.replaceState(null, '', '/menu');
    signInMember(bff);
    bff.onCall('countUnreadAnnouncements', reply({ unreadCount: 0 }));
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  const group = (name: string) => screen.getByRole('region', { name });

  it('lists what a member can do under headings, each entry a link', async () => {
    bff.onCall('getNavigationInfo', reply(navigation));
    renderWithProviders(<MenuPage />);

    expect(await screen.findByRole('heading', { name: '記録', level: 2 })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      '記録',
      'ポイント・ギフト',
      'マイナポータル連携',
      'お知らせ・ヘルプ',
      'アカウント・設定',
      '規約・ポリシー',
    ]);
    expect(within(group('記録')).getByRole('link', { name: 'Fitbit 連携' })).toHaveAttribute(
      'href',
      '/resource_providers/fitbit/connections',
    );
    expect(within(group('お知らせ・ヘルプ')).getByRole('link', { name: '各種手続き・申請書' })).toHaveAttribute('href', '/paperworks');
    expect(within(group('マイナポータル連携')).getByRole('link', { name: '秘密の質問の再設定' })).toHaveAttribute(
      'href',
      '/change_secret_question',
    );
    const terms = group('規約・ポリシー');
    expect(within(terms).getByRole('link', { name: '利用規約' })).toHaveAttribute('href', '/terms');
    expect(within(terms).getByRole('link', { name: 'すこやか健康保険組合の規約' })).toHaveAttribute(
      'href',
      `/associations/${ASSOCIATION.id}/agreements`,
    );
    // An outside page opens in a new tab in a browser.
    expect(within(terms).getByRole('link', { name: /^プライバシーポリシー\s*（新しいタブで開きます）$/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    // Every entry is a link, and none is listed twice.
    const hrefs = [...screen.getByRole('main').querySelectorAll('a[href]')].map((link) => link.getAttribute('href'));
    expect(new Set(hrefs).size).toBe(hrefs.length);
  });

  it('leaves out the My Number pages where the association does not offer the connection', async () => {
    bff.onCall('getNavigationInfo', reply({ ...navigation, mynaAvailable: false }));
    renderWithProviders(<MenuPage />);

    await screen.findByRole('heading', { name: '記録', level: 2 });
    expect(screen.queryByRole('heading', { name: 'マイナポータル連携' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '健康レポート（健診結果）' })).not.toBeInTheDocument();
  });

  it('shows the member navigation with メニュー as the current page', async () => {
    bff.onCall('getNavigationInfo', reply(navigation));
    renderWithProviders(<MenuPage />);

    const nav = await screen.findByRole('navigation', { name: 'メインメニュー' });
    expect(within(nav).getByRole('link', { name: 'メニュー' })).toHaveAttribute('aria-current', 'page');
  });
});
