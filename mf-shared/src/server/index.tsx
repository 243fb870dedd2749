/**
 * The first screen of an area's page, rendered on the server (issue 9: on a slow phone the page
 * is on screen when its HTML arrives, not when React DOM does). Each area builds its own server
 * render from `src/server.tsx` (build/shared.cjs `serverRenderConfig`); the bff calls it for the
 * page it answers (bff/src/web/prerender.ts).
 *
 * The page renders as the area's first render would on the client: the same routes, providers and
 * queries, the queries answered from the answers the bff already made for the page (the session
 * read and contract `pageCallsFor`). A query nobody answered stays pending, as it is on the
 * client's first render. The markup is not hydrated: the area mounts over it in place (the client
 * starts from the same queries, so its first render is the same screen), which keeps the server
 * free of the client's styled-components class names.
 *
 * Node only: this module is never part of a browser build.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { PageRenderRequest, PrerenderedPage, PrerenderedQuery } from '@sukoyaka/contract';
import { QueryClient, type Query } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerStyleSheet } from 'styled-components';
import { httpClient } from '../api/http-client';
import { answerCallsOnServerWith } from '../api/page-answers';
import { SharedProviders } from '../app/area';
import { pageFor, type PageRoute } from '../app/lazy-pages';
import { queryDefaults } from '../errors/query-client';
import { MemoryRouter } from '../routing/router';

const renders = new AsyncLocalStorage<Record<string, unknown>>();

// Calls answer from the page's answers of the render in progress, and nothing else: the server
// render makes no request of its own (a call without an answer is left to the client).
answerCallsOnServerWith(() => renders.getStore());
httpClient.defaults.adapter = () => Promise.reject(new Error('The server render makes no requests.'));

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

// An infinite query's data is pages, fetched by its own behaviour: left to the client.
const isInfinite = (query: Query) => 'initialPageParam' in query.options;

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
  return renders.run(request.answers, async () => {
    await page.preload();
    // The client's options without its page-wide reactions to errors (they act on the browser).
    const client = new QueryClient({ defaultOptions: queryDefaults });
    const asked = new Set<string>();
    for (let pass = 1; ; pass += 1) {
      const sheet = new ServerStyleSheet();
      try {
        const html = renderToString(
          sheet.collectStyles(
            <SharedProviders client={client}>
              <MemoryRouter initialEntries={[request.url]}>
                <Root />
              </MemoryRouter>
            </SharedProviders>,
          ),
        );
        // A boundary that failed or suspended here (React leaves it to the client, "<!--$!-->")
        // would be drawn by the client alone: the page is then not one to send rendered.
        if (html.includes('<!--$!-->')) throw new Error(`A part of ${pathname} does not render on the server.`);
        const unasked = client
          .getQueryCache()
          .getAll()
          .filter((query) => query.state.status === 'pending' && !isInfinite(query) && !asked.has(query.queryHash));
        if (unasked.length === 0 || pass === MAX_PASSES) {
          const queries: PrerenderedQuery[] = client
            .getQueryCache()
            .getAll()
            .filter((query) => query.state.status === 'success' && isPlainJson(query.state.data))
            .map((query) => ({ queryKey: query.queryKey, data: query.state.data }));
          return { html, css: sheet.instance.toString(), queries };
        }
        await Promise.all(
          unasked.map(async (query) => {
            asked.add(query.queryHash);
            await client.prefetchQuery({ ...query.options, queryKey: query.queryKey });
            // Unanswered here: pending in the next render, as on the client's first.
            if (query.state.status !== 'success') client.removeQueries({ queryKey: query.queryKey, exact: true });
          }),
        );
      } finally {
        sheet.seal();
      }
    }
  });
}
