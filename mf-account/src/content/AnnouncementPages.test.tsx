import { bffError, deferred, renderWithProviders, reply, setupFakeBff, type FakeReply } from '@sukoyaka/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '@sukoyaka/shared';
import { AnnouncementPage } from './AnnouncementPage';
import { AnnouncementsPage } from './AnnouncementsPage';
import { announcement, signedIn } from './test-fixtures';

const READ = announcement({
  id: '33333333-3333-4333-8333-333333333333',
  title: '年末年始の窓口休業について',
  category: 'info',
  linkPath: null,
  linkLabel: null,
  readAt: '2026-11-20T00:00:00.000Z',
});

describe('AnnouncementsPage (/announcements)', () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));
  const renderPage = () =>
    renderWithProviders(
      <Routes>
        <Route path="/announcements" element={<AnnouncementsPage />} />
      </Routes>,
      { route: '/announcements' },
    );

  it('lists newest first with the unread ones marked and counted', async () => {
    bff.onCall('listAnnouncements', reply({ items: [announcement(), READ], nextCursor: null, unreadCount: 1 }));
    renderPage();
    const list = await screen.findByRole('list', { name: 'お知らせの一覧' });
    const links = within(list).getAllByRole('link');
    expect(links[0]).toHaveAccessibleName(expect.stringMatching(/^未読 重要 .*健康づくりアンケートご協力のお願い$/));
    expect(links[0]).toHaveAttribute('href', `/announcements/${announcement().id}`);
    expect(links[1]).not.toHaveAccessibleName(expect.stringContaining('未読'));
    expect(screen.getByText('未読のお知らせが1件あります。')).toBeInTheDocument();
  });

  it('loads the next page with もっと見る', async () => {
    bff.onCall('listAnnouncements', (request) =>
      request.query.cursor === 'c2'
        ? reply({ items: [READ], nextCursor: null, unreadCount: 1 })
        : reply({ items: [announcement()], nextCursor: 'c2', unreadCount: 1 }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'もっと見る' }));
    expect(await screen.findByText('年末年始の窓口休業について')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'もっと見る' })).not.toBeInTheDocument();
  });

  it('says when there is none', async () => {
    bff.onCall('listAnnouncements', reply({ items: [], nextCursor: null, unreadCount: 0 }));
    renderPage();
    expect(await screen.findByText('お知らせはありません')).toBeInTheDocument();
  });

  it('shows the failure with a retry', async () => {
    // Later registrations answer first: the failure once, then the list.
    bff.onCall('listAnnouncements', reply({ items: [READ], nextCursor: null, unreadCount: 0 }));
    bff.onCall('listAnnouncements', bffError(500, 'internal_error', 'サーバーでエラーが発生しました。'), { times: 1 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: '再読み込み' }, { timeout: 5000 }));
    expect(await screen.findByText('年末年始の窓口休業について')).toBeInTheDocument();
  });
});

describe('AnnouncementPage (/announcements/:id)', () => {
  const bff = setupFakeBff();
  beforeEach(() => signedIn(bff));
  const renderPage = (id = announcement().id) =>
    renderWithProviders(
      <Routes>
        <Route path="/announcements/:announcementId" element={<AnnouncementPage />} />
      </Routes>,
      { route: `/announcements/${id}` },
    );

  it('reads it once on opening: paragraphs as text, and its link into the site', async () => {
    bff.onCall('readAnnouncement', reply(announcement({ body: '<b>太字</b>の段落。\n\n次の段落。', readAt: '2026-11-23T00:00:00.000Z' })));
    renderPage();
    expect(await screen.findByRole('heading', { name: '健康づくりアンケートご協力のお願い' })).toBeInTheDocument();
    // An operator's markup is shown as text, never interpreted.
    expect(screen.getByText('<b>太字</b>の段落。')).toBeInTheDocument();
    expect(screen.getByText('次の段落。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'アンケートに回答する' })).toHaveAttribute('href', announcement().linkPath!);
    await waitFor(() => expect(bff.callsOf('readAnnouncement')).toHaveLength(1));
    expect(bff.callsOf('readAnnouncement')[0]!.body).toEqual({ announcementId: announcement().id });
  });

  it('updates the header bell once it is read (issue 27: the unread count follows)', async () => {
    let unread = 3;
    bff.onCall('countUnreadAnnouncements', () => reply({ unreadCount: unread }));
    // The read is answered once the bell shows the count from before it.
    const read = deferred<FakeReply>();
    bff.onCall('readAnnouncement', () => read.promise);
    renderPage();
    expect(await screen.findByRole('link', { name: 'お知らせ（未読3件）' })).toBeInTheDocument();
    unread = 2;
    read.resolve(reply(announcement({ readAt: '2026-11-23T00:00:00.000Z' })));
    expect(await screen.findByRole('link', { name: 'お知らせ（未読2件）' })).toHaveAttribute('href', '/announcements');
  });

  it('shows it as the list’s first page has it while the read is on its way (issue 28: the server renders it so)', async () => {
    bff.onCall('listAnnouncements', reply({ items: [READ, announcement()], nextCursor: null, unreadCount: 1 }));
    const read = deferred<FakeReply>();
    bff.onCall('readAnnouncement', () => read.promise);
    renderPage();
    expect(await screen.findByRole('heading', { name: '健康づくりアンケートご協力のお願い' })).toBeInTheDocument();
    expect(screen.queryByText('お知らせを読み込んでいます…')).not.toBeInTheDocument();
    await waitFor(() => expect(bff.callsOf('readAnnouncement')).toHaveLength(1));
    read.resolve(reply(announcement({ title: '健康づくりアンケートご協力のお願い（更新）', readAt: '2026-11-23T00:00:00.000Z' })));
    // The read's answer, once in, is the one shown.
    expect(await screen.findByRole('heading', { name: '健康づくりアンケートご協力のお願い（更新）' })).toBeInTheDocument();
  });

  it('says when it is not found (another association’s, expired)', async () => {
    bff.onCall('readAnnouncement', bffError(404, 'not_found', 'お知らせが見つかりませんでした。'));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'お知らせが見つかりません' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'お知らせの一覧へ戻る' })).toBeInTheDocument();
  });
});
