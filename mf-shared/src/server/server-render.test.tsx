/**
 * @jest-environment node
 */
import { useQuery } from '@tanstack/react-query';
import { api } from '../api/calls';
import { lazyPage, LazyRoutes, type PageRoute } from '../app/lazy-pages';
import { useSearchParams } from '../routing/router';
import { renderAreaPage } from './index';

function MemberName() {
  const member = useQuery({ queryKey: ['userInfo'], queryFn: () => api.getUserInfo() });
  // Asked only once the member is known: a second round of the render answers it.
  const summary = useQuery({ queryKey: ['vitalsSummary'], queryFn: () => api.getVitalsSummary({}), enabled: member.isSuccess });
  return (
    <main>
      <h1>{member.data ? `${member.data.nickname} さん` : '読み込み中'}</h1>
      <p>{summary.data ? `身長 ${summary.data.height ?? '未登録'}` : '身長を読み込み中'}</p>
    </main>
  );
}

function Unanswered() {
  const notices = useQuery({ queryKey: ['notices'], queryFn: () => api.countUnreadAnnouncements({}) });
  return <p>{notices.isPending ? 'お知らせを読み込み中' : 'お知らせ'}</p>;
}

function WithAddress() {
  const [params] = useSearchParams();
  return <p>理由: {params.get('reason')}</p>;
}

function NeedsTheBrowser() {
  return <p>{window.location.pathname}</p>;
}

function WithADate() {
  const moment = useQuery({ queryKey: ['moment'], queryFn: () => api.getUserInfo().then(() => new Date(0)) });
  return <p>{moment.data ? '日時あり' : '日時なし'}</p>;
}

const routes: PageRoute[] = [
  { path: '/member', page: lazyPage(async () => MemberName) },
  { path: '/unanswered', page: lazyPage(async () => Unanswered) },
  { path: '/address', page: lazyPage(async () => WithAddress) },
  { path: '/browser', page: lazyPage(async () => NeedsTheBrowser) },
  { path: '/date', page: lazyPage(async () => WithADate) },
];

function Root() {
  return <LazyRoutes routes={routes} fallback={<p>ページが見つかりません</p>} />;
}

const member = { nickname: '花子' };
const summary = { height: 158 };

describe('renderAreaPage: the first screen of a page, on the server (issue 9)', () => {
  it('renders the page with the queries the answers answer, round after round, and lists them for the client', async () => {
    const page = await renderAreaPage(Root, routes, {
      url: '/member',
      answers: { getUserInfo: member, getVitalsSummary: summary },
    });
    expect(page?.html).toContain('花子 さん');
    expect(page?.html).toContain('身長 158');
    expect(page?.queries).toEqual([
      { queryKey: ['userInfo'], data: member },
      { queryKey: ['vitalsSummary'], data: summary },
    ]);
    // The styles of what it rendered come with it.
    expect(page?.css).toMatch(/\{[^}]+\}/);
  });

  it('leaves a call it has no answer for pending, as the client’s first render has it, and makes no request', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const page = await renderAreaPage(Root, routes, { url: '/unanswered', answers: {} });
    expect(page?.html).toContain('お知らせを読み込み中');
    expect(page?.queries).toEqual([]);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('reads the address it is given (path and query string) through the router', async () => {
    const page = await renderAreaPage(Root, routes, { url: '/address?reason=timeout', answers: {} });
    expect(page?.html).toContain('timeout');
  });

  it('answers null for a path none of the routes has, and throws for a page that needs the browser', async () => {
    await expect(renderAreaPage(Root, routes, { url: '/elsewhere', answers: {} })).resolves.toBeNull();
    await expect(renderAreaPage(Root, routes, { url: '/browser', answers: {} })).rejects.toThrow(/does not render on the server/);
  });

  it('keeps out of the page’s queries data that JSON would change (a Date)', async () => {
    const page = await renderAreaPage(Root, routes, { url: '/date', answers: { getUserInfo: member } });
    expect(page?.html).toContain('日時あり');
    expect(page?.queries).toEqual([]);
  });

  it('keeps each render to its own answers when renders overlap', async () => {
    const [first, second] = await Promise.all([
      renderAreaPage(Root, routes, { url: '/member', answers: { getUserInfo: { nickname: '一郎' } } }),
      renderAreaPage(Root, routes, { url: '/member', answers: { getUserInfo: { nickname: '二郎' } } }),
    ]);
    expect(first?.html).toContain('一郎 さん');
    expect(first?.html).not.toContain('二郎');
    expect(second?.html).toContain('二郎 さん');
    expect(second?.html).not.toContain('一郎');
  });
});
