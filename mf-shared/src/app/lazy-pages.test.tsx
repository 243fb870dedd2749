import { act, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../routing/router';
import { ThemeProvider } from 'styled-components';
import { theme } from '../ui/theme';
import { LazyRoutes, lazyPage, pageFor, preloadPageAt, type PageRoute } from './lazy-pages';

/** A page chunk whose download the test finishes (or fails) by hand. */
function deferredPage(text: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  let calls = 0;
  const load = () => {
    calls += 1;
    return new Promise<() => ReactElement>((resolve, reject) => {
      finish = () => resolve(() => <h1>{text}</h1>);
      fail = reject;
    });
  };
  return { load, finish: () => finish(), fail: (error: Error) => fail(error), calls: () => calls };
}

function renderAt(pathname: string, routes: readonly PageRoute[]) {
  return render(
    <ThemeProvider theme={theme}>
      <MemoryRouter initialEntries={[pathname]}>
        <LazyRoutes routes={routes} fallback={<p>見つかりません</p>} />
      </MemoryRouter>
    </ThemeProvider>,
  );
}

describe('lazy pages', () => {
  test('a page not loaded yet shows the skeleton, then the page once its chunk is in', async () => {
    const chunk = deferredPage('ログイン');
    renderAt('/login', [{ path: '/login', page: lazyPage(chunk.load) }]);
    expect(screen.getByRole('status')).toHaveTextContent('読み込み中');
    await act(async () => chunk.finish());
    expect(await screen.findByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  test('a preloaded page renders in the first render, without the skeleton; its chunk is loaded once', async () => {
    const chunk = deferredPage('同意書');
    const routes = [
      { path: '/login', page: lazyPage(deferredPage('ログイン').load) },
      { path: '/associations/:associationId/agreements', page: lazyPage(chunk.load) },
    ];
    const preloading = preloadPageAt(routes, '/associations/a1/agreements');
    chunk.finish();
    await preloading;
    renderAt('/associations/a1/agreements', routes);
    expect(screen.getByRole('heading', { name: '同意書' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(chunk.calls()).toBe(1);
  });

  test('only a whole-path match is the route’s page; other paths fall back', () => {
    const page = lazyPage(deferredPage('ログイン').load);
    const routes = [{ path: '/login', page }];
    expect(pageFor(routes, '/login')).toBe(page);
    expect(pageFor(routes, '/login/other')).toBeUndefined();
    renderAt('/nowhere', routes);
    expect(screen.getByText('見つかりません')).toBeInTheDocument();
  });

  test('a failed download is not kept: the next preload tries again, and preloadPageAt never rejects', async () => {
    const chunk = deferredPage('ログイン');
    const routes = [{ path: '/login', page: lazyPage(chunk.load) }];
    const first = preloadPageAt(routes, '/login');
    chunk.fail(new Error('offline'));
    await expect(first).resolves.toBeUndefined();
    const second = preloadPageAt(routes, '/login');
    chunk.finish();
    await second;
    expect(chunk.calls()).toBe(2);
    renderAt('/login', routes);
    expect(screen.getByRole('heading', { name: 'ログイン' })).toBeInTheDocument();
  });
});
