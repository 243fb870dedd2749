/**
 * Which area owns which page (DESIGN.md, "Micro-frontends"). root-config registers the areas by
 * these prefixes and the bff answers them with the shell (200); any other path gets the shell
 * with 404, and mf-account shows its 404 page there.
 */
export const areas = {
  '@sukoyaka/account': {
    exact: ['/'],
    prefixes: [
      '/menu',
      '/login',
      '/logout',
      '/signup',
      '/profile',
      '/password_reset',
      '/settings',
      '/mfa',
      '/sensitive_verification',
      '/org_verification',
      '/change_secret_question',
      '/prompt_auth',
      '/privacy_provision_agreements',
      '/associations',
      '/paperworks',
      '/faq',
      '/terms',
      '/media_policy',
      '/announcements',
      '/inquiry',
      '/enquetes',
      '/articles',
      '/not_available',
      '/404',
      '/suspension_notice',
      '/email_not_verified',
      '/under_maintenance',
      '/unassociated',
      '/unlock',
      '/onboarding',
    ],
  },
  '@sukoyaka/health': {
    exact: [],
    prefixes: [
      '/vitals',
      '/health_reports',
      '/medication',
      '/medical_expenses',
      '/health_forecasts',
      '/resource_providers',
      '/doctor_profile01',
    ],
  },
  '@sukoyaka/incentives': {
    exact: [],
    prefixes: ['/incentives', '/coin', '/points', '/promotions'],
  },
  '@sukoyaka/myna': {
    exact: [],
    prefixes: ['/myna_connection'],
  },
  // The associations' operators: their own sign-in, never a member session.
  '@sukoyaka/admin': {
    exact: [],
    prefixes: ['/admin'],
  },
} as const satisfies Record<string, { exact: readonly string[]; prefixes: readonly string[] }>;

export type AreaName = keyof typeof areas;
export const areaNames = Object.keys(areas) as AreaName[];

function matchesPrefix(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** The area that owns a path, or null when no area does (a 404). */
export function areaForPath(pathname: string): AreaName | null {
  for (const name of areaNames) {
    const area = areas[name];
    if ((area.exact as readonly string[]).includes(pathname)) return name;
    if ((area.prefixes as readonly string[]).some((prefix) => matchesPrefix(pathname, prefix))) return name;
  }
  return null;
}

/**
 * The page's first answers (issue 9): GET calls without input that a signed-in member's page
 * makes as it opens. The bff answers them in-process into the page, in the element of this id,
 * and mf-shared's api uses each answer once on that page instead of asking again. The header's
 * calls come with every member page (MemberOnly's member, the bell's count); a page adds its own.
 */
export const PAGE_ANSWERS_ELEMENT_ID = 'sukoyaka-page-answers';
const MEMBER_PAGE_CALLS = ['getUserInfo', 'countUnreadAnnouncements'] as const;
const OWN_FIRST_CALLS: Readonly<Record<string, readonly string[]>> = {
  '/vitals': ['getVitalsSummary'],
};

/**
 * The page's first screen, rendered by the server (issue 9: the first paint does not wait for the
 * scripts). The bff asks the area's server render (`<area>/dist-server/render-page.cjs`, built from
 * its `src/server.tsx` with mf-shared's `renderAreaPage`) and puts the markup into the area's
 * container, marked inert until the area mounts over it; its styles in a <style> with
 * PRERENDER_STYLE_ATTRIBUTE; the queries it rendered with in the element PRERENDERED_QUERIES_ELEMENT_ID,
 * which the client's query cache starts from, so its first render shows the same screen.
 */
export const PRERENDER_STYLE_ATTRIBUTE = 'data-sukoyaka-prerender';
export const PRERENDERED_QUERIES_ELEMENT_ID = 'sukoyaka-queries';
/**
 * The <template> of the page's module preloads (the route's modules from the import map), which
 * root-config's index.html puts into the page after the first paint; index.html names it too.
 */
export const PAGE_MODULES_ELEMENT_ID = 'sukoyaka-page-modules';
/** The element of the session read the bff answers into the page of a returning browser. */
export const SESSION_ELEMENT_ID = 'sukoyaka-session';
/** The id of the element an area renders into is this and the area's name (single-spa-react's). */
export const AREA_CONTAINER_PREFIX = 'single-spa-application:';

/** What the server render is given: the page's address and the answers it may show. */
export interface PageRenderRequest {
  /** The path and query string, as requested. */
  url: string;
  /** Answers to GET calls without input, by call name (the session read, pageCallsFor's). */
  answers: Record<string, unknown>;
  /**
   * Issue 28: a GET call the page makes that `answers` does not hold (one with input, such as the
   * point of /points/[id], or an operator's), answered by the bff in-process as the browser would
   * have it answered: `{ answer }` for a 200, undefined otherwise (the query is then left to the
   * client). `queryString` is the input as the client sends it (`?id=3`, or empty). Absent for a
   * visitor's first visit, whose page is the same for everyone.
   */
  ask?: (name: string, queryString: string) => Promise<{ answer: unknown } | undefined>;
  /**
   * Another area's parcel on this page (home's vitals and points cards), rendered by that area's
   * server render with this request's answers; null where it has none or the live version of that
   * area is not the local build.
   */
  renderParcel?: (area: string, name: string) => Promise<PrerenderedPage | null>;
}

/** A query the first screen was rendered with: the client's cache starts with it. */
export interface PrerenderedQuery {
  queryKey: readonly unknown[];
  data: unknown;
}

export interface PrerenderedPage {
  html: string;
  css: string;
  queries: PrerenderedQuery[];
}

/** The calls answered into the page at `pathname` (none for the operators' pages). */
export function pageCallsFor(pathname: string): string[] {
  if (areaForPath(pathname) === '@sukoyaka/admin') return [];
  const own = OWN_FIRST_CALLS[pathname.replace(/(.)\/+$/, '$1')] ?? [];
  return [...MEMBER_PAGE_CALLS, ...own];
}
