/**
 * The first screen of an area's page, rendered on the server (issue 9: on a slow phone the page
 * is on screen when its HTML arrives, not when React DOM does). Each area builds its own server
 * render from `src/server.tsx` (build/shared.cjs `serverRenderConfig`); the bff calls it for the
 * page it answers (bff/src/web/prerender.ts).
 *
 * The page renders as the area's first render would on the client: the same routes, providers and
 * queries, the queries answered from the answers the bff already made for the page (the session
 * read and contract `pageCallsFor`) and, for a returning browser, from the GET calls the bff
 * answers in-process when asked (`request.ask`: a page's calls with input, the operators'; issue
 * 28). A query nobody answered stays pending, as it is on the client's first render. The
 * markup is not hydrated: the area mounts over it in place (the client starts from the same
 * queries, so its first render is the same screen), which keeps the server free of the client's
 * styled-components class names.
 *
 * Node only: this module is never part of a browser build.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PageRenderRequest, PrerenderedPage, PrerenderedQuery } from '@sukoyaka/contract';
import { QueryClient, type Query } from '@tanstack/react-query';
import type { ComponentType, ReactElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { httpClient } from '../api/http-client';
import { answerCallsOnServerWith, type ServerAnswers } from '../api/page-answers';
import { SharedProviders } from '../app/area';
import { ServerParcelContext, type ServerParcelRender } from '../app/parcels';
import { pageFor, type PageRoute } from '../app/lazy-pages';
import { queryDefaults } from '../errors/query-client';
import { MemoryRouter } from '../routing/router';

const renders = new AsyncLocalStorage<ServerAnswers>();

// Calls answer from the page's answers of the render in progress, or from what the bff answers
// when asked in-process (request.ask), and nothing else: the server render makes no request of its
// own (a call without an answer is left to the client).
answerCallsOnServerWith(() => renders.getStore());
httpClient.defaults.adapter = () => Promise.reject(new Error('The server render makes no requests.'));

/**
 * The markup of `element` once every part of it that suspends has resolved (issue 28: a page's
 * lazy parts, such as the charts of /vitals/[kind] or the operators' dashboard, which a
 * synchronous render would leave to the client). Queries do not suspend: a pending one renders
 * its loading state, as on the client's first render.
 */
async function renderToHtml(element: ReactElement): Promise<{ html: string; errors: unknown[] }> {
  // Not logged here: a part that fails leaves the whole page to the client (the caller throws).
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(element, { onError: (error) => void errors.push(error) });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return { html: Buffer.concat(chunks).toString('utf8'), errors };
}

/** Renders of a page at most: each one answers the queries the previous one asked for. */
const MAX_PASSES = 5;

/** Whether `value` survives JSON as it is (the client's cache gets it through the page). */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype) return false;
  return Object.values(value).every(isPlainJson);
}

const isInfinite = (query: Query) => 'initialPageParam' in query.options;

/**
 * A query's data as the client's cache gets it through the page, or undefined when JSON would
 * change it. An infinite query's first page is fetched here too (issue 28: a list page's first
 * screen is its first page); its page parameters go as null for undefined, which the client's
 * infinite query reads as its initial parameter.
 */
function carriedData(query: Query): unknown {
  const data = query.state.data;
  if (isInfinite(query) && typeof data === 'object' && data !== null && 'pageParams' in data && 'pages' in data) {
    const carried = { pages: data.pages, pageParams: (data.pageParams as unknown[]).map((param) => param ?? null) };
    return isPlainJson(carried) ? carried : undefined;
  }
  return isPlainJson(data) ? data : undefined;
}

/**
 * Renders `element(client)` until every query it asks for is answered or left pending (at most
 * MAX_PASSES rounds), and answers its markup, styles and the queries it rendered with.
 */
async function renderWithQueries(
  what: string,
  request: PageRenderRequest,
  element: (client: QueryClient) => ReactElement,
): Promise<PrerenderedPage> {
  // The client's options without its page-wide reactions to errors (they act on the browser).
  const client = new QueryClient({ defaultOptions: queryDefaults });
  const asked = new Set<string>();
  for (let pass = 1; ; pass += 1) {
    const sheet = new ServerStyleSheet();
    try {
      const { html, errors } = await renderToHtml(sheet.collectStyles(element(client)));
      // A boundary that failed here (React leaves it to the client, "<!--$!-->") would be drawn
      // by the client alone: the page is then not one to send rendered.
      if (html.includes('<!--$!-->') || errors.length > 0)
        throw new Error(`A part of ${what} does not render on the server.`, { cause: errors[0] });
      const unasked = client
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && !asked.has(query.queryHash));
      if (unasked.length === 0 || pass === MAX_PASSES) {
        const queries: PrerenderedQuery[] = client
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.status === 'success')
          .map((query) => ({ queryKey: query.queryKey, data: carriedData(query) }))
          .filter((query) => query.data !== undefined);
        return { html, css: sheet.instance.toString(), queries };
      }
      await Promise.all(
        unasked.map(async (query) => {
          asked.add(query.queryHash);
          const options = { ...query.options, queryKey: query.queryKey };
          // An infinite query: its first page, by its own behaviour, as the client's first fetch.
          await (isInfinite(query)
            ? client.prefetchInfiniteQuery(options as Parameters<QueryClient['prefetchInfiniteQuery']>[0])
            : client.prefetchQuery(options));
          // Unanswered here: pending in the next render, as on the client's first.
          if (query.state.status !== 'success') client.removeQueries({ queryKey: query.queryKey, exact: true });
        }),
      );
    } finally {
      sheet.seal();
    }
  }
}

/**
 * Other areas' parcels on the page, each rendered once per page render by its area's server
 * render (request.renderParcel); one that fails is left to the client, as without it.
 */
function serverParcels(request: PageRenderRequest) {
  const rendered = new Map<string, Promise<PrerenderedPage | null>>();
  const render: ServerParcelRender = (area, name) => {
    const key = `${area} ${name}`;
    if (!rendered.has(key))
      rendered.set(
        key,
        (request.renderParcel?.(area, name) ?? Promise.resolve(null)).catch(() => null),
      );
    return rendered.get(key)!;
  };
  /** The queries the parcels rendered with, for the client's cache (the parcel's first render draws the same). */
  const queries = async () => (await Promise.all(rendered.values())).flatMap((parcel) => parcel?.queries ?? []);
  return { render, queries };
}

/**
 * The page at `request.url` of the area whose routes are `routes` and whose root is `Root`, or
 * null for a path none of them matches. A page that cannot render here throws; the caller then
 * leaves the page to the client, as before.
 */
export async function renderAreaPage(
  Root: ComponentType,
  routes: readonly PageRoute[],
  request: PageRenderRequest,
): Promise<PrerenderedPage | null> {
  const pathname = new URL(request.url, 'http://page/').pathname;
  const page = pageFor(routes, pathname);
  if (!page) return null;
  return renders.run({ answers: request.answers, ask: request.ask }, async () => {
    await page.preload();
    const parcels = serverParcels(request);
    const rendered = await renderWithQueries(pathname, request, (client) => (
      <SharedProviders client={client}>
        <ServerParcelContext value={parcels.render}>
          <MemoryRouter initialEntries={[request.url]}>
            <Root />
          </MemoryRouter>
        </ServerParcelContext>
      </SharedProviders>
    ));
    return { ...rendered, queries: [...rendered.queries, ...(await parcels.queries())] };
  });
}

/**
 * The parcel `name` of `parcels` (an area's widgets another area's page mounts, such as home's
 * vitals card), as renderAreaPage renders a page: null for a name the area has no parcel of.
 */
export async function renderAreaParcel(
  parcels: Readonly<Record<string, ComponentType>>,
  name: string,
  request: PageRenderRequest,
): Promise<PrerenderedPage | null> {
  const Widget = Object.hasOwn(parcels, name) ? parcels[name] : undefined;
  if (!Widget) return null;
  return renders.run({ answers: request.answers, ask: request.ask }, () =>
    renderWithQueries(`the parcel ${name}`, request, (client) => (
      <SharedProviders client={client}>
        <Widget />
      </SharedProviders>
    )),
  );
}
