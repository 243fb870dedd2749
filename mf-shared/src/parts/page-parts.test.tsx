import { renderWithProviders, reply, setupFakeBff } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { externalLinks } from '../ui/links';
import { NEW_TAB_HINT } from '../ui/OutsideLink';
import { Footer, Header, PageLayout, SignupBanner } from './page-parts';

describe('Header (spec §2 "Shared page parts")', () => {
  it("spec §2: the logo links home and the button reads 'ログイン・新規登録' and goes home", () => {
    renderWithProviders(<Header />);

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'すこやか ホーム' })).toHaveAttribute('href', '/');
    expect(within(header).getByRole('link', { name: 'ログイン・新規登録' })).toHaveAttribute('href', '/');
    expect(within(header).queryByRole('link', { name: 'パソコンから新規登録' })).not.toBeInTheDocument();
  });

  it("spec §2: in the signup flow the button reads 'パソコンから新規登録' and goes to /signup", () => {
    renderWithProviders(<Header signupFlow />);

    expect(screen.getByRole('link', { name: 'パソコンから新規登録' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByRole('link', { name: 'ログイン・新規登録' })).not.toBeInTheDocument();
  });

  it('spec §2: the button can be hidden; the logo stays', () => {
    renderWithProviders(<Header hideButton signupFlow />);

    expect(screen.getByRole('link', { name: 'すこやか ホーム' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ログイン・新規登録' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'パソコンから新規登録' })).not.toBeInTheDocument();
  });

  it('spec §2: following the header button moves to its page without a reload (single-spa routing)', async () => {
    window.history.replaceState(null, '', '/vitals');
    try {
      renderWithProviders(<Header signupFlow />);

      await userEvent.click(screen.getByRole('link', { name: 'パソコンから新規登録' }));

      expect(window.location.pathname).toBe('/signup');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });
});

describe('Footer (spec §2 "Shared page parts")', () => {
  it.each([
    ['プライバシーポリシー', externalLinks.privacyPolicy],
    ['運営会社', externalLinks.operatingCompany],
    ['個人情報の開示等の請求', externalLinks.disclosureRequest],
  ])('spec §2: %s opens in a new tab with rel noopener, and says so', (name, href) => {
    renderWithProviders(<Footer />);

    const link = screen.getByRole('link', { name: new RegExp(`^${name}\\s*（${NEW_TAB_HINT}）$`) });
    expect(link).toHaveAttribute('href', href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(/\s+/)).toContain('noopener');
  });

  it.each([
    ['メディアポリシー', '/media_policy'],
    ['よくある質問・お問い合わせ', '/faq'],
  ])('spec §2: %s is a link within the site, in the same tab', (name, href) => {
    renderWithProviders(<Footer />);

    const link = screen.getByRole('link', { name });
    expect(link).toHaveAttribute('href', href);
    expect(link).not.toHaveAttribute('target');
  });

  it('spec §2: the footer has a copyright line and exactly the five links', () => {
    renderWithProviders(<Footer />);

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/©/)).toBeInTheDocument();
    expect(within(footer).getAllByRole('link')).toHaveLength(5);
  });
});

describe('SignupBanner (spec §2 "Shared page parts")', () => {
  it("spec §2: reads 'さっそくすこやかを使ってみましょう！' with a login/sign-up link to /login", () => {
    renderWithProviders(<SignupBanner />);

    expect(screen.getByText('さっそくすこやかを使ってみましょう！')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ログイン・新規登録' })).toHaveAttribute('href', '/login');
  });
});

describe('PageLayout (spec §6: a visitor sees the login/sign-up header)', () => {
  const bff = setupFakeBff();

  it("spec §6: a visitor's header offers 'ログイン・新規登録'", async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));

    renderWithProviders(
      <PageLayout>
        <p>content</p>
      </PageLayout>,
    );

    expect(await screen.findByRole('link', { name: 'ログイン・新規登録' })).toHaveAttribute('href', '/');
    expect(screen.getByText('content')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it("spec §6: a signed-in member's header has no 'ログイン・新規登録'", async () => {
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));

    renderWithProviders(
      <PageLayout>
        <p>content</p>
      </PageLayout>,
    );

    await screen.findByText('content');
    await screen.findByRole('button', { name: 'ログアウト' });
    expect(screen.queryByRole('link', { name: 'ログイン・新規登録' })).not.toBeInTheDocument();
  });

  it('spec §2: a page can hide the header button, even for a visitor', async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));

    const { queryClient } = renderWithProviders(
      <PageLayout header={{ hideButton: true }}>
        <p>content</p>
      </PageLayout>,
    );

    await waitFor(() => expect(queryClient.getQueryState(['session'])?.status).toBe('success'));
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'ログイン・新規登録' })).not.toBeInTheDocument();
  });
});
