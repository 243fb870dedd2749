/**
 * @jest-environment node
 */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { api } from '../api/calls';
import { lazyPage, LazyRoutes, type PageRoute } from '../app/lazy-pages';
import { useSearchParams } from '../routing/router';
import { AreaParcel } from '../app/parcels';
import { renderAreaPage, renderAreaParcel } from './index';

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

/** A page whose call takes input (/points/[id]): answered only when the bff is asked. */
function PointBalance() {
  const point = useQuery({ queryKey: ['point', 'p1'], queryFn: () => api.getEnablePointAccount({ pointId: 'p1' }) });
  return <p>{point.data ? `残高 ${point.data.balance}pt` : '残高を読み込み中'}</p>;
}

/** A list page (/announcements): an infinite query, its first page. */
function AnnouncementList() {
  const list = useInfiniteQuery({
    queryKey: ['announcements'],
    queryFn: ({ pageParam }) => api.listAnnouncements({ limit: 20, ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  return (
    <ul>
      {list.data ? (
        list.data.pages.flatMap((page) => page.items).map((item) => <li key={item.id}>{item.title}</li>)
      ) : (
        <li>一覧を読み込み中</li>
      )}
    </ul>
  );
}

/** A part of the page in a chunk of its own (a chart), loaded when it first renders. */
const Chart = lazy(async () => ({ default: () => <figure>血圧の推移</figure> }));
function WithALazyPart() {
  return (
    <Suspense fallback={<p>グラフを読み込み中</p>}>
      <Chart />
    </Suspense>
  );
}

/** A page with another area's parcel (home's cards). */
function WithAParcel() {
  return (
    <main>
      <h1>ホーム</h1>
      <AreaParcel area="@sukoyaka/health" name="VitalsTodayParcel" label="今日のバイタルを読み込んでいます" />
    </main>
  );
}

const routes: PageRoute[] = [
  { path: '/home', page: lazyPage(async () => WithAParcel) },
  { path: '/point', page: lazyPage(async () => PointBalance) },
  { path: '/list', page: lazyPage(async () => AnnouncementList) },
  { path: '/lazy', page: lazyPage(async () => WithALazyPart) },
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

  it('asks the bff for a call the answers lack, with its input as the client sends it, and carries the answer (issue 28)', async () => {
    const account = { pointId: 'p1', name: 'すこやかポイント', balance: 1000, expiries: [] };
    const ask = jest.fn(async (name: string, query: string) =>
      name === 'getEnablePointAccount' && query === '?pointId=p1' ? { answer: account } : undefined,
    );
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const page = await renderAreaPage(Root, routes, { url: '/point', answers: {}, ask });
    expect(page?.html).toContain('残高 1000pt');
    expect(page?.queries).toEqual([{ queryKey: ['point', 'p1'], data: account }]);
    expect(ask).toHaveBeenCalledTimes(1);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('leaves pending what the bff does not answer when asked, and what it cannot ask without `ask` (a first visit)', async () => {
    const refused = await renderAreaPage(Root, routes, { url: '/point', answers: {}, ask: async () => undefined });
    expect(refused?.html).toContain('残高を読み込み中');
    expect(refused?.queries).toEqual([]);
    const firstVisit = await renderAreaPage(Root, routes, { url: '/point', answers: {} });
    expect(firstVisit?.html).toContain('残高を読み込み中');
  });

  it('renders a list’s first page (an infinite query) and carries it with null for its first page parameter', async () => {
    const first = { items: [{ id: 'a1', title: '年末年始の窓口休業について' }], nextCursor: 'c2', unreadCount: 0 };
    const ask = jest.fn(async (name: string, query: string) =>
      name === 'listAnnouncements' && query === '?limit=20' ? { answer: first } : undefined,
    );
    const page = await renderAreaPage(Root, routes, { url: '/list', answers: {}, ask });
    expect(page?.html).toContain('年末年始の窓口休業について');
    expect(page?.queries).toEqual([{ queryKey: ['announcements'], data: { pages: [first], pageParams: [null] } }]);
    // Only the first page: the next is the client's, when the member asks for it.
    expect(ask).toHaveBeenCalledTimes(1);
  });

  it('waits for a lazy part of the page instead of leaving the page to the client', async () => {
    const page = await renderAreaPage(Root, routes, { url: '/lazy', answers: {} });
    expect(page?.html).toContain('血圧の推移');
    expect(page?.html).not.toContain('グラフを読み込み中');
  });

  it('renders another area’s parcel by that area’s render, its styles with it, and carries the queries it rendered with (issue 28)', async () => {
    const renderParcel = jest.fn(async (area: string, name: string) =>
      area === '@sukoyaka/health' && name === 'VitalsTodayParcel'
        ? {
            html: '<p>今日の歩数は3,250歩です。</p>',
            css: '.v{color:red}</style>',
            queries: [{ queryKey: ['vitalsSummary'], data: summary }],
          }
        : null,
    );
    const page = await renderAreaPage(Root, routes, { url: '/home', answers: {}, renderParcel });
    expect(page?.html).toContain(
      '<div data-sukoyaka-parcel="@sukoyaka/health VitalsTodayParcel"><style>.v{color:red}<\\/style></style><p>今日の歩数は3,250歩です。</p></div>',
    );
    expect(page?.html).not.toContain('今日のバイタルを読み込んでいます');
    expect(page?.queries).toEqual([{ queryKey: ['vitalsSummary'], data: summary }]);
    // Once per page render, however many rounds the page takes.
    expect(renderParcel).toHaveBeenCalledTimes(1);
    // Without it (or when it has none), the parcel's place is the skeleton the client shows first.
    const without = await renderAreaPage(Root, routes, { url: '/home', answers: {} });
    expect(without?.html).toContain('今日のバイタルを読み込んでいます');
  });

  it('renders an area’s parcel with the answers and asks of the page, and null for a name it has none of', async () => {
    const parcels = { MemberNameParcel: MemberName };
    const page = await renderAreaParcel(parcels, 'MemberNameParcel', {
      url: '/home',
      answers: { getUserInfo: member, getVitalsSummary: summary },
    });
    expect(page?.html).toContain('花子 さん');
    expect(page?.queries).toEqual([
      { queryKey: ['userInfo'], data: member },
      { queryKey: ['vitalsSummary'], data: summary },
    ]);
    await expect(renderAreaParcel(parcels, 'toString', { url: '/home', answers: {} })).resolves.toBeNull();
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
