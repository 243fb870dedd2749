import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, use, type ReactNode } from 'react';
import {
  BrowserRouter,
  Link,
  matchPath,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

function Where() {
  const { pathname, search, hash } = useLocation();
  return <output aria-label="現在地">{pathname + search + hash}</output>;
}

function ShowParams() {
  return <p>{JSON.stringify(useParams())}</p>;
}

const at = (path: string, ui: ReactNode) => render(<MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>);

describe('matchPath (React Router’s rules)', () => {
  test.each([
    ['/vitals', '/vitals', {}],
    ['/vitals', '/vitals/', {}],
    ['/vitals', '/VITALS', {}],
    ['/announcements/:announcementId', '/announcements/42', { announcementId: '42' }],
    ['/enquetes/:enqueteId', '/enquetes/%E5%81%A5%E5%BA%B7', { enqueteId: '健康' }],
    ['/enquetes/:enqueteId', '/enquetes/%E0%A4%A', { enqueteId: '%E0%A4%A' }],
    ['/files/*', '/files/a/b', { '*': 'a/b' }],
    ['/files/*', '/files', { '*': '' }],
    ['*', '/anything/at/all', { '*': 'anything/at/all' }],
    ['/a.b', '/a.b', {}],
  ])('%s matches %s with params %j', (path, pathname, params) => {
    expect(matchPath({ path, end: true }, pathname)?.params).toEqual(params);
  });

  test.each([
    ['/vitals', '/vitals/weight'],
    ['/vitals', '/vitalsx'],
    ['/announcements/:announcementId', '/announcements'],
    ['/announcements/:announcementId', '/announcements/1/2'],
    ['/a.b', '/axb'],
  ])('%s does not match %s', (path, pathname) => {
    expect(matchPath({ path, end: true }, pathname)).toBeNull();
  });

  test('without `end`, a pattern matches the start of a path at a segment boundary', () => {
    expect(matchPath({ path: '/admin', end: false }, '/admin/faq')?.pathname).toBe('/admin');
    expect(matchPath({ path: '/admin', end: false }, '/administrator')).toBeNull();
    expect(matchPath('/admin', '/admin/faq')).toBeNull();
  });
});

describe('Routes', () => {
  test('the best-ranked match wins whatever the order: static, then :param, then *', () => {
    const routes = (
      <Routes>
        <Route path="*" element={<p>なし</p>} />
        <Route path="/vitals/:kind" element={<p>種類</p>} />
        <Route path="/vitals/weight" element={<p>体重</p>} />
      </Routes>
    );
    for (const [path, shown] of [
      ['/vitals/weight', '体重'],
      ['/vitals/steps', '種類'],
      ['/other', 'なし'],
    ]) {
      const { container, unmount } = at(path!, routes);
      expect(container).toHaveTextContent(shown!);
      unmount();
    }
  });

  test('ties go to the first route; no match renders nothing', () => {
    const { container } = at(
      '/a/x',
      <Routes>
        <Route path="/a/:one" element={<p>一</p>} />
        <Route path="/a/:two" element={<p>二</p>} />
      </Routes>,
    );
    expect(container).toHaveTextContent('一');
    at(
      '/b',
      <Routes>
        <Route path="/a" element={<p>A</p>} />
      </Routes>,
    );
    expect(screen.queryByText('A')).toBeNull();
  });

  test('the matched route’s params reach useParams, decoded', () => {
    at(
      '/associations/a%201/agreements',
      <Routes>
        <Route path="/associations/:associationId/agreements" element={<ShowParams />} />
      </Routes>,
    );
    expect(screen.getByText('{"associationId":"a 1"}')).toBeInTheDocument();
  });

  test('hooks outside a router say so', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Where />)).toThrow(/useLocation\(\) may be used only inside a router/);
  });
});

describe('navigation', () => {
  test('Navigate replaces the location once rendered', async () => {
    at(
      '/settings',
      <>
        <Routes>
          <Route path="/settings" element={<Navigate to="/profile?tab=1" replace />} />
          <Route path="/profile" element={<p>プロフィール</p>} />
        </Routes>
        <Where />
      </>,
    );
    expect(await screen.findByText('プロフィール')).toBeInTheDocument();
    expect(screen.getByLabelText('現在地')).toHaveTextContent('/profile?tab=1');
  });

  test('useNavigate goes forward and back through the history (a number is a step)', async () => {
    function Buttons() {
      const navigate = useNavigate();
      return (
        <>
          <button onClick={() => navigate('/b')}>進む</button>
          <button onClick={() => navigate(-1)}>戻る</button>
          <button onClick={() => navigate('/c', { replace: true })}>置き換え</button>
        </>
      );
    }
    at(
      '/a',
      <>
        <Buttons />
        <Where />
      </>,
    );
    const where = screen.getByLabelText('現在地');
    await act(async () => fireEvent.click(screen.getByText('進む')));
    expect(where).toHaveTextContent('/b');
    await act(async () => fireEvent.click(screen.getByText('置き換え')));
    expect(where).toHaveTextContent('/c');
    await act(async () => fireEvent.click(screen.getByText('戻る')));
    expect(where).toHaveTextContent('/a');
    await act(async () => fireEvent.click(screen.getByText('戻る')));
    expect(where).toHaveTextContent('/a');
  });

  test('useSearchParams reads the query and sets a new one on the same path', async () => {
    function Tab() {
      const [params, setParams] = useSearchParams();
      return <button onClick={() => setParams({ tab: 'used' })}>タブ: {params.get('tab')}</button>;
    }
    at(
      '/user_gifts?tab=unused',
      <>
        <Tab />
        <Where />
      </>,
    );
    expect(screen.getByRole('button')).toHaveTextContent('タブ: unused');
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(screen.getByRole('button')).toHaveTextContent('タブ: used');
    expect(screen.getByLabelText('現在地')).toHaveTextContent('/user_gifts?tab=used');
  });

  test('a plain click on a Link navigates in place; a modified click is left to the browser', async () => {
    at(
      '/admin/enquetes',
      <>
        <Link to="/admin/enquetes/7">結果</Link>
        <Where />
      </>,
    );
    const link = screen.getByRole('link', { name: '結果' });
    expect(link).toHaveAttribute('href', '/admin/enquetes/7');
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true });
    await act(async () => link.dispatchEvent(modified));
    expect(modified.defaultPrevented).toBe(false);
    expect(screen.getByLabelText('現在地')).toHaveTextContent('/admin/enquetes');
    await act(async () => fireEvent.click(link));
    expect(screen.getByLabelText('現在地')).toHaveTextContent('/admin/enquetes/7');
  });

  test('NavLink marks the current page, below it too unless `end`', () => {
    at(
      '/admin/enquetes/7',
      <nav>
        <NavLink to="/admin" end>
          ホーム
        </NavLink>
        <NavLink to="/admin/enquetes" className="item">
          アンケート
        </NavLink>
        <NavLink to="/admin/faq">FAQ</NavLink>
      </nav>,
    );
    expect(screen.getByRole('link', { name: 'ホーム' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'アンケート' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'アンケート' })).toHaveClass('item', 'active');
    expect(screen.getByRole('link', { name: 'FAQ' })).not.toHaveAttribute('aria-current');
  });

  test('a navigation is a transition: the page on screen stays while the next one suspends', async () => {
    let finish!: () => void;
    const next = new Promise<void>((resolve) => (finish = resolve));
    function Slow() {
      use(next);
      return <p>次のページ</p>;
    }
    at(
      '/first',
      <Suspense fallback={<p>読み込み中</p>}>
        <Link to="/second">次へ</Link>
        <Routes>
          <Route path="/first" element={<p>最初のページ</p>} />
          <Route path="/second" element={<Slow />} />
        </Routes>
      </Suspense>,
    );
    await act(async () => fireEvent.click(screen.getByRole('link')));
    expect(screen.getByText('最初のページ')).toBeInTheDocument();
    expect(screen.queryByText('読み込み中')).toBeNull();
    await act(async () => finish());
    expect(await screen.findByText('次のページ')).toBeInTheDocument();
  });
});

describe('BrowserRouter', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  test('shows the address, writes navigations into the history and follows popstate', async () => {
    window.history.replaceState(null, '', '/vitals?from=home');
    function Go() {
      const navigate = useNavigate();
      return <button onClick={() => navigate('/vitals/weight#latest')}>体重へ</button>;
    }
    render(
      <BrowserRouter>
        <Go />
        <Where />
      </BrowserRouter>,
    );
    const where = screen.getByLabelText('現在地');
    expect(where).toHaveTextContent('/vitals?from=home');
    const entries = window.history.length;
    await act(async () => fireEvent.click(screen.getByRole('button')));
    expect(where).toHaveTextContent('/vitals/weight#latest');
    expect(window.location.pathname).toBe('/vitals/weight');
    expect(window.history.length).toBe(entries + 1);
    // single-spa (navigateToUrl, another area's link) moves the address and fires popstate.
    await act(async () => {
      window.history.pushState(null, '', '/points');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(where).toHaveTextContent('/points');
  });

  test('a popstate that does not move the address renders nothing again', async () => {
    window.history.replaceState(null, '', '/points');
    let renders = 0;
    function Count() {
      useLocation();
      renders += 1;
      return null;
    }
    render(
      <BrowserRouter>
        <Count />
      </BrowserRouter>,
    );
    const before = renders;
    await act(async () => window.dispatchEvent(new PopStateEvent('popstate')));
    expect(renders).toBe(before);
  });
});
