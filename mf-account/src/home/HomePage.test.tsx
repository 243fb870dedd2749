import { createQueryClient } from '@sukoyaka/shared';
import { bffError, deferred, freezeClock, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ASSOCIATION, navigation, signInMember } from '../testing/member';
import { HomePage } from './HomePage';

describe('HomePage (/) and getNavigationInfo', () => {
  const bff = setupFakeBff();

  beforeEach(() => {
    // 13:00 in Japan: こんにちは.
    freezeClock(new Date('2026-11-23T04:00:00.000Z'));
    window.history.replaceState(null, '', '/');
    signInMember(bff);
  });
  afterEach(() => {
    window.history.replaceState(null, '', '/');
    jest.useRealTimers();
  });

  it.each(['/email_not_verified', '/unassociated', `/associations/${ASSOCIATION.id}/agreements`, '/onboarding'])(
    'sends a member whose next step is %s there, replacing home in the history',
    async (next) => {
      bff.onCall('getNavigationInfo', reply({ ...navigation, next }));
      const before = window.history.length;
      renderWithProviders(<HomePage />);

      await waitFor(() => expect(window.location.pathname).toBe(next));
      expect(window.history.length).toBe(before);
      expect(screen.queryByText('すこやか 花子さん、こんにちは')).not.toBeInTheDocument();
      expect(bff.callsOf('getUserInfo')).toHaveLength(0);
    },
  );

  it('greets a member with nothing left to do, and links to the account settings', async () => {
    bff.onCall('getNavigationInfo', reply(navigation));
    renderWithProviders(<HomePage />);

    expect(await screen.findByRole('heading', { name: 'すこやか 花子さん、こんにちは' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'アカウント設定' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'プロフィール・アカウント設定' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('link', { name: '通知設定' })).toHaveAttribute('href', '/settings/notifications');
    // The My Number records and the connection (issue 12).
    expect(screen.getByRole('link', { name: '健康レポート（健診結果）' })).toHaveAttribute('href', '/health_reports');
    expect(screen.getByRole('link', { name: 'マイナポータル連携' })).toHaveAttribute('href', '/myna_connection');
    expect(window.location.pathname).toBe('/');
  });

  it('leaves out the My Number records where the association does not offer them', async () => {
    bff.onCall('getNavigationInfo', reply({ ...navigation, mynaAvailable: false }));
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'アカウント設定' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'マイナポータル連携' })).not.toBeInTheDocument();
  });

  it('does not follow an out-of-date cached next step (the member has just linked and agreed): it asks again first', async () => {
    bff.onCall('getNavigationInfo', reply(navigation));
    const queryClient = createQueryClient();
    queryClient.setQueryData(['navigationInfo'], { ...navigation, association: null, next: '/unassociated' });
    await queryClient.invalidateQueries({ queryKey: ['navigationInfo'] });
    renderWithProviders(<HomePage />, { queryClient });

    expect(await screen.findByRole('heading', { name: 'すこやか 花子さん、こんにちは' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
    expect(bff.callsOf('getNavigationInfo')).toHaveLength(1);
  });

  it('shows a visitor the introduction', async () => {
    bff.onCall('getSession', reply({ userId: null, browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getNavigationInfo', bffError(401, 'unauthenticated', 'ログインしてください。'));
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: '健康づくりを、毎日すこやかに。' })).toBeInTheDocument();
    expect(bff.callsOf('getUserInfo')).toHaveLength(0);
  });
});

describe('HomePage cards (issue 14): each loads on its own', () => {
  const bff = setupFakeBff();
  const announcements = {
    items: [
      {
        id: '11111111-1111-4111-8111-111111111111',
        title: '健康づくりアンケートご協力のお願い',
        category: 'important',
        body: '本文',
        linkPath: null,
        linkLabel: null,
        siteWide: false,
        publishedAt: '2026-11-22T00:00:00.000Z',
        readAt: null,
      },
    ],
    nextCursor: null,
    unreadCount: 1,
  };
  const enquete = {
    id: '22222222-2222-4222-8222-222222222222',
    title: '2026年度 健康づくりアンケート',
    description: '',
    closesAt: null,
    questionCount: 4,
    answeredAt: null,
  };
  const vitals = (weighedAt: string | null) => ({
    bloodSugar: null,
    bloodPressure: null,
    weight: weighedAt ? { id: 'w1', measuredAt: weighedAt, weight: 60, bodyFat: null, source: 'manual', createdAt: weighedAt } : null,
    bodyTemperature: null,
    steps: null,
    today: { day: '2026-11-23', steps: 9000 },
    goals: { dailySteps: 8000, targetWeight: null },
    height: null,
  });

  beforeEach(() => {
    freezeClock(new Date('2026-11-22T23:30:00.000Z')); // 8:30 in Japan
    window.history.replaceState(null, '', '/');
    bff.onCall('getSession', reply({ userId: 'u1', browserId: '7f1c1d0e-4a39-4f8e-9a57-0a0f3c1f2b11' }));
    bff.onCall('getNavigationInfo', reply(navigation));
    bff.onCall(
      'getUserInfo',
      reply({ userId: 'u1', email: 'hanako@example.jp', nickname: 'すこやか 花子', association: ASSOCIATION, birthday: null }),
    );
  });
  afterEach(() => jest.useRealTimers());

  it('greets by the time in Japan, shows unread announcements, open enquetes and the next action', async () => {
    bff.onCall('listAnnouncements', reply(announcements));
    bff.onCall('listOpenEnquetes', reply({ items: [enquete] }));
    bff.onCall('getVitalsSummary', reply(vitals(null)));
    bff.onCall(
      'listOpenPrizeCompetitions',
      reply({
        items: [
          {
            id: '33333333-3333-4333-8333-333333333333',
            title: '冬の健康グッズ懸賞',
            description: '',
            startsAt: '2026-11-16T00:00:00.000Z',
            endsAt: '2026-12-14T00:00:00.000Z',
            entryKind: 'coins',
            stepsRequired: null,
            coinCost: 100,
            prizes: [],
            secretHash: 'a'.repeat(64),
            drawnAt: null,
            drawSeed: null,
            secret: null,
            entryCount: 0,
            me: { state: 'open', enteredAt: null, steps: null, prize: null },
          },
        ],
      }),
    );
    renderWithProviders(<HomePage />);
    expect(await screen.findByRole('heading', { name: 'すこやか 花子さん、おはようございます' })).toBeInTheDocument();
    expect(await screen.findByText('未読のお知らせが1件あります。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /健康づくりアンケートご協力のお願い/ })).toHaveAttribute(
      'href',
      '/announcements/11111111-1111-4111-8111-111111111111',
    );
    expect(await screen.findByRole('link', { name: '2026年度 健康づくりアンケート' })).toHaveAttribute('href', `/enquetes/${enquete.id}`);
    expect(await screen.findByText('今日の体重を記録しましょう')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /冬の健康グッズ懸賞/ })).toHaveAttribute('href', '/incentives/competitions');
    expect(screen.getByRole('link', { name: '体重を記録する' })).toHaveAttribute('href', '/vitals/weight');
  });

  it('a failing card stays in its place with a retry while a slow one keeps its skeleton, and the rest works', async () => {
    const slow = deferred<FakeReply>();
    bff.onCall('listOpenEnquetes', () => slow.promise);
    bff.onCall('listAnnouncements', reply(announcements));
    bff.onCall('listAnnouncements', bffError(500, 'internal_error', 'サーバーでエラーが発生しました。'), { times: 1 });
    bff.onCall('getVitalsSummary', reply(vitals('2026-11-22T22:00:00.000Z')));
    renderWithProviders(<HomePage />);
    const announcementsCard = await screen.findByRole('region', { name: 'お知らせ' });
    expect(await within(announcementsCard).findByText('お知らせを読み込めませんでした。')).toBeInTheDocument();
    const enquetesCard = screen.getByRole('region', { name: 'アンケート' });
    expect(within(enquetesCard).getByText(/アンケートを読み込んでいます/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'プロフィール・アカウント設定' })).toBeInTheDocument();
    await userEvent.click(within(announcementsCard).getByRole('button', { name: '再読み込み' }));
    expect(await within(announcementsCard).findByText('未読のお知らせが1件あります。')).toBeInTheDocument();
    slow.resolve(reply({ items: [] }));
    expect(await within(enquetesCard).findByText('回答を受け付けているアンケートはありません。')).toBeInTheDocument();
  });
});
