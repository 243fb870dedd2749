import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { matchPath, Route, Routes } from '../routing/router';
import { LoadingSkeleton } from '../ui/primitives';

/**
 * A page whose code is its own chunk, loaded when its route is first shown. Once loaded (or
 * preloaded, see `preloadPage`) it renders at once: the first render of a page the server
 * preloaded never suspends, so the shell's frame gives way to the page itself, not a skeleton.
 */
export interface LazyPage {
  (props: Record<string, never>): ReactNode;
  preload(): Promise<void>;
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        // A failed download (offline, a new deploy) may be retried by the next visit.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const Lazy: LazyExoticComponent<ComponentType> = lazy(() => preload().then(() => ({ default: loaded! })));
  function Page(): ReactNode {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  }
  Page.preload = preload;
  return Page;
}

/** A route of an area: its path (React Router's syntax, routing/router.tsx) and what it shows. */
export interface PageRoute {
  path: string;
  page: LazyPage;
}

/** The page whose route matches `pathname`, if any. */
export function pageFor(routes: readonly PageRoute[], pathname: string): LazyPage | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname))?.page;
}

/**
 * Loads the chunk of the page at `pathname` before the area renders (single-spa's bootstrap and
 * mount accept such a step), so the first render has it. A failure is left to the render, which
 * shows it through the area's error boundary.
 */
export function preloadPageAt(routes: readonly PageRoute[], pathname: string): Promise<void> {
  return (pageFor(routes, pathname)?.preload() ?? Promise.resolve()).catch(() => undefined);
}

/**
 * The area's routes, each page lazy. Navigations are transitions (routing/router.tsx), so the previous
 * page stays until the next one's chunk is in; the skeleton shows only when nothing can stay.
 */
export function LazyRoutes({ routes, fallback }: { routes: readonly PageRoute[]; fallback: ReactNode }) {
  return (
    <Suspense fallback={<LoadingSkeleton />}>
      <Routes>
        {routes.map(({ path, page: Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={fallback} />
      </Routes>
    </Suspense>
  );
}
