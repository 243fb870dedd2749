/**
 * The areas' router: the part of React Router (v7) this site uses, in about 2 KiB instead of the
 * 13 KiB (brotli) that the react-router module cost every page (issue 9). The matching follows
 * React Router's rules, so paths and links mean the same as before:
 *  - a pattern's segments are static, `:param` or a trailing `*`; matching ignores case and a
 *    trailing slash, and params are decoded;
 *  - among a <Routes>' children the best-ranked match wins whatever the order (a static segment
 *    beats a `:param`, which beats `*`), ties going to the first;
 *  - navigations are transitions, so the page on screen stays while the next one's chunk loads.
 * Every pattern here is absolute: a nested <Routes> matches the whole path again (React Router
 * would match the rest of it; no area nests relative routes).
 *
 * BrowserRouter follows `popstate`, which single-spa also fires after its own navigations
 * (navigateToUrl, a patched pushState), so a link to another route of the same area needs no
 * reload and no second history entry.
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { isInPlaceClick } from './navigation';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
}

export interface NavigateOptions {
  replace?: boolean;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

interface RouterState {
  location: Location;
  navigate: NavigateFunction;
}

const RouterContext = createContext<RouterState | null>(null);
const ParamsContext = createContext<Readonly<Record<string, string>>>({});

/** "/a/b?c=1#d" as its parts; a path without a leading slash is taken from the root. */
function parsePath(to: string): Location {
  const url = new URL(to, 'http://x/');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

function sameLocation(a: Location, b: Location): boolean {
  return a.pathname === b.pathname && a.search === b.search && a.hash === b.hash;
}

function useRouter(hook: string): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error(`${hook}() may be used only inside a router (BrowserRouter or MemoryRouter).`);
  return router;
}

/** Sets a location in a transition, keeping the current object when nothing changed (no render). */
function useLocationState(initial: () => Location) {
  const [location, setLocation] = useState(initial);
  const moveTo = useCallback((next: Location) => {
    startTransition(() => setLocation((current) => (sameLocation(current, next) ? current : next)));
  }, []);
  return [location, moveTo] as const;
}

const windowLocation = (): Location => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
});

/** The router of an area on the page: the browser's address and history. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [location, moveTo] = useLocationState(windowLocation);
  useEffect(() => {
    const follow = () => moveTo(windowLocation());
    window.addEventListener('popstate', follow);
    // The address may have moved between the first render and this effect.
    follow();
    return () => window.removeEventListener('popstate', follow);
  }, [moveTo]);
  const navigate = useCallback<NavigateFunction>(
    (to, options) => {
      if (typeof to === 'number') {
        window.history.go(to);
        return;
      }
      const next = parsePath(to);
      const url = next.pathname + next.search + next.hash;
      if (options?.replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
      moveTo(next);
    },
    [moveTo],
  );
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

/** A router that keeps its history in memory: for tests and for trees outside the page's address. */
export function MemoryRouter({ children, initialEntries = ['/'] }: { children?: ReactNode; initialEntries?: readonly string[] }) {
  const [entries, setEntries] = useState(() => ({ list: initialEntries.map(parsePath), index: initialEntries.length - 1 }));
  const navigate = useCallback<NavigateFunction>((to, options) => {
    startTransition(() =>
      setEntries(({ list, index }) => {
        if (typeof to === 'number') {
          const target = Math.min(Math.max(index + to, 0), list.length - 1);
          return { list, index: target };
        }
        const next = parsePath(to);
        if (options?.replace) return { list: list.map((entry, i) => (i === index ? next : entry)), index };
        return { list: [...list.slice(0, index + 1), next], index: index + 1 };
      }),
    );
  }, []);
  const location = entries.list[entries.index]!;
  const router = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <RouterContext.Provider value={router}>{children}</RouterContext.Provider>;
}

export interface PathPattern {
  path: string;
  /** Whether the whole pathname must match (default true), or only its beginning. */
  end?: boolean;
}

export interface PathMatch {
  params: Record<string, string>;
  pathname: string;
  pattern: PathPattern;
}

function decodeParam(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** React Router's matchPath: the params of `pathname` under `pattern`, or null. */
export function matchPath(pattern: PathPattern | string, pathname: string): PathMatch | null {
  const { path, end = true } = typeof pattern === 'string' ? { path: pattern } : pattern;
  const names: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else if (end) {
    source += '\\/*$';
  } else if (path !== '' && path !== '/') {
    source += '(?:(?=\\/|$))';
  }
  const found = new RegExp(source, 'i').exec(pathname);
  if (!found) return null;
  const params: Record<string, string> = {};
  names.forEach((name, i) => {
    params[name] = decodeParam(found[i + 1] ?? '');
  });
  return { params, pathname: found[0], pattern: { path, end } };
}

/** React Router's ranking: more and more specific segments first, a splat last. */
function rank(path: string): number {
  const segments = path.split('/');
  const splat = segments.includes('*');
  return segments
    .filter((segment) => segment !== '*')
    .reduce((score, segment) => score + (/^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10), segments.length + (splat ? -2 : 0));
}

interface RouteProps {
  path: string;
  element: ReactNode;
}

/** One route of a <Routes>; it renders nothing by itself. */
export function Route(_props: RouteProps): null {
  return null;
}

/** Shows the element of the best-ranked <Route> child that matches the location, else nothing. */
export function Routes({ children }: { children?: ReactNode }) {
  const { pathname } = useRouter('Routes').location;
  const routes = Children.toArray(children).filter((child): child is ReactElement<RouteProps> => isValidElement(child));
  const best = routes
    .map((route, order) => ({ route, order, score: rank(route.props.path) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map(({ route }) => ({ route, match: matchPath({ path: route.props.path, end: true }, pathname) }))
    .find(({ match }) => match);
  if (!best) return null;
  return <ParamsContext.Provider value={best.match!.params}>{best.route.props.element}</ParamsContext.Provider>;
}

/** Goes to `to` once rendered (from an effect, as React Router outside a data router does). */
export function Navigate({ to, replace }: { to: string; replace?: boolean }): null {
  const { navigate } = useRouter('Navigate');
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

export function useLocation(): Location {
  return useRouter('useLocation').location;
}

/**
 * The current pathname: the router's, or the window's outside a router (a part rendered on its
 * own, as in a test), so a shared part can mark where the member is without requiring a router.
 */
export function usePathname(): string {
  const router = useContext(RouterContext);
  return router ? router.location.pathname : typeof window === 'undefined' ? '/' : window.location.pathname;
}

export function useNavigate(): NavigateFunction {
  return useRouter('useNavigate').navigate;
}

export function useParams<Key extends string = string>(): Readonly<Partial<Record<Key, string>>> {
  return useContext(ParamsContext) as Partial<Record<Key, string>>;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => void] {
  const { location, navigate } = useRouter('useSearchParams');
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: URLSearchParams | Record<string, string>, options?: NavigateOptions) => {
      const search = new URLSearchParams(next).toString();
      navigate(location.pathname + (search ? `?${search}` : ''), options);
    },
    [location.pathname, navigate],
  );
  return [params, setParams];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; replace?: boolean };

/** A link within the router: a plain click navigates in place; modified clicks act as usual. */
export function Link({ to, replace, onClick, ...rest }: LinkProps) {
  const { navigate } = useRouter('Link');
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isInPlaceClick(event, rest.target)) return;
    event.preventDefault();
    navigate(to, { replace });
  };
  return <a href={to} onClick={handleClick} {...rest} />;
}

/**
 * A link that knows whether it is the current page: `aria-current="page"` and the class `active`
 * when the location is `to` or (unless `end`) below it.
 */
export function NavLink({ to, end, className, ...rest }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const target = parsePath(to).pathname.replace(/\/+$/, '').toLowerCase();
  const current = pathname.replace(/\/+$/, '').toLowerCase();
  const active = current === target || (!end && (target === '' || current.startsWith(`${target}/`)));
  return (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={[className, active ? 'active' : undefined].filter(Boolean).join(' ') || undefined}
      {...rest}
    />
  );
}
