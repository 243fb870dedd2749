import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  API_PREFIX,
  AREA_CONTAINER_PREFIX,
  areaForPath,
  areaNames,
  callPath,
  calls,
  ErrorCodes,
  PAGE_ANSWERS_ELEMENT_ID,
  OPERATOR_SESSION_COOKIE,
  PAGE_MODULES_ELEMENT_ID,
  pageCallsFor,
  PRERENDER_STYLE_ATTRIBUTE,
  PRERENDERED_QUERIES_ELEMENT_ID,
  SESSION_ELEMENT_ID,
  type AreaName,
  type CallDefinition,
  type PrerenderedPage,
} from '@sukoyaka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { artefactPath, type ComposedImportMap, type ImportMapFragment, type LiveImportMap } from '../platform/delivery';
import { randomToken } from '../lib/tokens';
import { FileCache } from './file-cache';
import { folderOfArea, loadPageRenders, renderPage, renderParcel } from './prerender';

/** The folders whose `dist/` the site serves under `/assets/<folder>/`, in import-map order. */
export const WEB_PACKAGES = ['root-config', 'mf-shared', 'mf-account', 'mf-health', 'mf-incentives', 'mf-myna', 'mf-admin'] as const;

/** The map composed from the local builds: the live map's shape, without integrity. */
type ImportMap = Omit<ComposedImportMap, 'integrity'>;

/**
 * Where the live import map is served as a document of its own, besides inline in every page:
 * single-spa's convention, where import-map-overrides' panel and single-spa's inspector look.
 */
export const IMPORT_MAP_PATH = '/import-map.json';
/** An import map's media type (HTML's external import maps; SystemJS reads any JSON). */
export const IMPORT_MAP_CONTENT_TYPE = 'application/importmap+json; charset=utf-8';

/**
 * The import map as the browser gets it, in the page and at IMPORT_MAP_PATH: SystemJS's `imports`,
 * and its `integrity` for every module that has one (deployed artefacts), so a tampered or
 * half-uploaded module is refused.
 */
export function browserImportMap(map: Pick<ComposedImportMap, 'imports' | 'integrity'>): {
  imports: Record<string, string>;
  integrity?: Record<string, string>;
} {
  return Object.keys(map.integrity).length > 0 ? { imports: map.imports, integrity: map.integrity } : { imports: map.imports };
}

/** The area of a page: its owner, and mf-account (its 404 page) for a path no area owns. */
const ROOT_CONFIG = '@sukoyaka/root-config';
const FALLBACK_AREA = '@sukoyaka/account';

export async function buildImportMap(webRoot: string, cache: FileCache<string>): Promise<ImportMap> {
  const imports: Record<string, string> = {};
  const dependencies: Record<string, string[]> = {};
  const routes: ImportMap['routes'] = {};
  const routeDependencies: ImportMap['routeDependencies'] = {};
  for (const folder of WEB_PACKAGES) {
    const text = await cache.read(path.join(webRoot, folder, 'dist', 'importmap.json'));
    if (!text) continue;
    const fragment = JSON.parse(text) as ImportMapFragment;
    const url = (file: string) => (/^(\/|https?:)/.test(file) ? file : `/assets/${folder}/${file}`);
    for (const [name, file] of Object.entries(fragment.imports)) {
      imports[name] = url(file);
      if (fragment.routes) {
        routes[name] = Object.fromEntries(Object.entries(fragment.routes).map(([pattern, files]) => [pattern, files.map(url)]));
      }
      if (fragment.routeDependencies) routeDependencies[name] = fragment.routeDependencies;
    }
    Object.assign(dependencies, fragment.dependencies);
  }
  return { imports, dependencies, routes, routeDependencies };
}

/** Whether a React Router path pattern (`/a/:id/b`, a trailing `*`) matches the whole pathname. */
export function routeMatches(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  for (const [index, segment] of want.entries()) {
    if (segment === '*') return true;
    const actual = have[index];
    if (actual === undefined) return false;
    if (!segment.startsWith(':') && segment !== actual) return false;
  }
  return want.length === have.length;
}

/**
 * The URLs of every module a page of `area` loads at start, in load order: root-config, the area
 * and, transitively, the shared modules they import (mf-shared, the vendor modules), then, when
 * the area's pages are lazy, the shared modules the page at `pathname` loads lazily and its chunk.
 */
export function modulesOfPage(
  map: Pick<ImportMap, 'imports' | 'dependencies'> & Partial<ImportMap>,
  area: string,
  pathname = '/',
): string[] {
  const seen = new Set<string>();
  const visit = (roots: readonly string[]) => {
    const queue = [...roots];
    while (queue.length > 0) {
      const name = queue.shift()!;
      if (seen.has(name) || !map.imports[name]) continue;
      seen.add(name);
      queue.push(...(map.dependencies[name] ?? []));
    }
  };
  visit([ROOT_CONFIG, area]);
  const page = Object.entries(map.routes?.[area] ?? {}).find(([pattern]) => routeMatches(pattern, pathname));
  if (page) visit(map.routeDependencies?.[area]?.[page[0]] ?? []);
  // Specifiers that share a file (root-config's vendor modules) are one preload.
  const modules = [...new Set([...seen].map((name) => map.imports[name]!))];
  return page ? [...modules, ...page[1]] : modules;
}

/** The encodings an Accept-Encoding header allows (q > 0). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  return accepted;
}

/**
 * The page compressed as the browser accepts. Pages come from the not-found handler, which
 * @fastify/compress's per-route hooks (app.ts) do not reach; a page is a few KiB, so a fast
 * brotli level costs well under a millisecond.
 */
function compressPage(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  if (accepted.has('br')) {
    reply.header('content-encoding', 'br');
    return brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  if (accepted.has('gzip')) {
    reply.header('content-encoding', 'gzip');
    return gzipSync(html);
  }
  return html;
}

/** Inline JSON for a `<script type="application/json">`: nothing in it can close the element. */
const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

function contentSecurityPolicy(nonce: string, config: Config): string {
  // In development, import-map-overrides may point an area at a local dev server.
  const devSources = config.env === 'development' ? ' http://localhost:* http://127.0.0.1:*' : '';
  // GA4, only when a measurement id is configured.
  const analytics = config.gaMeasurementId ? ' https://www.googletagmanager.com' : '';
  const analyticsConnect = config.gaMeasurementId ? ' https://*.google-analytics.com https://*.analytics.google.com' : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${devSources}${analytics}`,
    // styled-components injects its rules into <style> elements at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${analytics}${analyticsConnect}`,
    `connect-src 'self'${devSources}${analyticsConnect}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The live import map (platform/delivery) and where its artefacts are: the site serves those first. */
export interface SiteDelivery {
  live: LiveImportMap;
  artefactDir: string;
}

export async function siteRoutes(app: FastifyInstance, options: { config: Config; delivery?: SiteDelivery }): Promise<void> {
  const { config, delivery } = options;
  const cache = new FileCache((file) => readFile(file, 'utf8'));
  // The areas' server renders, loaded once the server listens so the first visit does not wait
  // for them (tests that only inject requests load one when they ask for a page).
  app.addHook('onListen', async () => {
    void loadPageRenders(config.webRoot, WEB_PACKAGES);
  });

  if (delivery) {
    // Deployed artefacts, /assets/<package>/<version>/…: immutable, precompressed like the builds.
    const scope = path.join(delivery.artefactDir, '@sukoyaka');
    mkdirSync(scope, { recursive: true });
    app.register(fastifyStatic, {
      root: scope,
      prefix: '/assets/@sukoyaka/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders: (response) => response.setHeader('vary', 'accept-encoding'),
    });
  }

  WEB_PACKAGES.forEach((folder, index) => {
    app.register(fastifyStatic, {
      root: path.join(config.webRoot, folder, 'dist'),
      prefix: `/assets/${folder}/`,
      decorateReply: index === 0,
      // File names carry a content hash, so they never change under the same URL.
      immutable: true,
      maxAge: '365d',
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each script: the one the browser accepts is sent.
      preCompressed: true,
      setHeaders: (response) => response.setHeader('vary', 'accept-encoding'),
    });
  });

  /** The import map of the next page: the live map over the local builds (theirs alone without delivery). */
  const composeImportMap = async () => {
    const local = await buildImportMap(config.webRoot, cache);
    const map: ComposedImportMap = delivery ? delivery.live.compose(local) : { ...local, integrity: {} };
    return { local, map };
  };

  /**
   * The live import map as a document (single-spa's `/import-map.json`): the very map the next
   * page carries, integrity included. Like a page for a visitor it may be kept but is asked
   * again each time (no-cache), a deploy shows at once; the ETag makes the asking cheap.
   */
  app.get(IMPORT_MAP_PATH, async (request, reply) => {
    const body = JSON.stringify(browserImportMap((await composeImportMap()).map));
    // Weak: the same map is sent compressed or not (@fastify/compress).
    const etag = `W/"${createHash('sha256').update(body).digest('base64url')}"`;
    reply.header('cache-control', 'no-cache').header('etag', etag).header('x-content-type-options', 'nosniff');
    const known = (request.headers['if-none-match'] ?? '').split(',').map((tag) => tag.trim());
    if (known.includes(etag) || known.includes('*')) return reply.status(304).send();
    return reply.type(IMPORT_MAP_CONTENT_TYPE).send(body);
  });

  /** A GET call made in-process with the browser's cookies, as the browser would make it. */
  const callAsBrowser = (request: FastifyRequest, name: string, queryString = '') =>
    app.inject({
      method: 'GET',
      url: `${callPath(name)}${queryString}`,
      headers: { cookie: request.headers.cookie!, 'x-requested-with': 'XMLHttpRequest' },
      remoteAddress: request.ip,
    });

  /**
   * The answer to the areas' first call, the session read, made in-process while the page is
   * sent, so the client has it with the page instead of one round trip after its modules ran.
   * Only for a browser that already has cookies (a first visit's answer would be a new browser id
   * for a page that can otherwise be shared), and only a plain success: an account condition is
   * left to the client's own call, which handles it.
   */
  const sessionForPage = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    if (request.method !== 'GET' || !request.headers.cookie) return null;
    const answer = await callAsBrowser(request, 'getSession');
    if (answer.statusCode !== 200) return null;
    const setCookie = answer.headers['set-cookie'];
    if (setCookie) reply.header('set-cookie', setCookie);
    return answer.json();
  };

  /**
   * The answers to the page's first data calls (pageCallsFor: the header's and the route's own),
   * made in-process like the session read, for a signed-in member only. The client's api uses
   * each once, on this page, instead of asking (mf-shared/src/api/page-answers.ts): the page's
   * first screen does not wait for a round trip after its modules ran. A call that does not
   * answer 200 is left out; the client then asks itself, and handles what it gets.
   */
  const answersForPage = async (request: FastifyRequest, pathname: string, session: unknown): Promise<Record<string, unknown> | null> => {
    const signedIn = typeof session === 'object' && session !== null && (session as { userId?: unknown }).userId;
    if (!signedIn || !request.headers.cookie) return null;
    const names = pageCallsFor(pathname);
    const answers = await Promise.all(names.map((name) => callAsBrowser(request, name)));
    const byName: Record<string, unknown> = {};
    answers.forEach((answer, i) => {
      if (answer.statusCode === 200) byName[names[i]!] = answer.json();
    });
    return Object.keys(byName).length > 0 ? byName : null;
  };

  /**
   * A GET call of the contract that the page's server render makes and the page's answers do not
   * hold, made as the browser would make it: its answer for a 200, else nothing (the client then
   * asks itself and handles what it gets). Never a call that writes: only the contract's GETs.
   */
  const askAsBrowser = async (request: FastifyRequest, name: string, query: string): Promise<{ answer: unknown } | undefined> => {
    const call = (calls as Record<string, CallDefinition | undefined>)[name];
    if (!Object.hasOwn(calls, name) || call?.method !== 'GET' || (query !== '' && !query.startsWith('?'))) return undefined;
    // An operator's call from a browser without the operator's cookie would create an anonymous
    // operator session whose cookie the browser never gets: left to the browser's own call.
    if (call.access.startsWith('operator') && !request.cookies[OPERATOR_SESSION_COOKIE]) return undefined;
    const answer = await callAsBrowser(request, name, query);
    return answer.statusCode === 200 ? { answer: answer.json() } : undefined;
  };

  /**
   * The page's first screen, rendered by its area's server render with the answers the page
   * carries anyway (the session read, pageCallsFor's), so the browser paints it as the HTML
   * arrives instead of after the scripts. Only the server renders built with this server run
   * (the areas' local builds), and only where the page will run that same build: an area deployed
   * since, in another version, is left to the browser, and code that comes in through a deploy
   * never runs here. A page that cannot render on the server is left to the browser as well.
   */
  const prerenderPage = async (
    request: FastifyRequest,
    area: string,
    live: Pick<ImportMap, 'imports'>,
    local: Pick<ImportMap, 'imports'>,
    session: unknown,
    answers: Record<string, unknown> | null,
  ): Promise<PrerenderedPage | null> => {
    const fileOf = (url: string | undefined) => url?.slice(url.lastIndexOf('/') + 1);
    // Entry file names carry their build's content hash (of every chunk they load, too).
    const isLocalBuild = (name: string) => Boolean(local.imports[name]) && fileOf(live.imports[name]) === fileOf(local.imports[name]);
    if (request.method !== 'GET' || !isLocalBuild(area)) return null;
    const base = {
      url: request.url,
      answers: { ...(session ? { getSession: session } : {}), ...answers },
      // A returning browser's other GET calls (issue 28: a page's calls with input, the
      // operators'), answered in-process with its cookies: the same answers its own calls get.
      ...(session && request.headers.cookie ? { ask: (name: string, query: string) => askAsBrowser(request, name, query) } : {}),
    };
    try {
      return await renderPage(config.webRoot, folderOfArea(area), {
        ...base,
        // Another area's parcel on the page, by that area's local build when it is the live one.
        renderParcel: async (parcelArea: string, name: string) =>
          areaNames.includes(parcelArea as AreaName) && isLocalBuild(parcelArea)
            ? renderParcel(config.webRoot, folderOfArea(parcelArea), name, base)
            : null,
      });
    } catch (error) {
      request.log.debug({ err: error }, 'the page renders in the browser only');
      return null;
    }
  };

  const sendShell = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    // The shell is root-config's: its live artefact's template, else the local build's.
    const liveShell = delivery?.live.entryOf(ROOT_CONFIG)?.manifest;
    const template = await cache.read(
      liveShell?.files['index.html']
        ? path.join(artefactPath(delivery!.artefactDir, liveShell.package, liveShell.version), 'index.html')
        : path.join(config.webRoot, 'root-config', 'dist', 'index.html'),
    );
    if (!template) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The front end is not built yet: run `npm run build` (or `npm start`).');
    }
    const nonce = randomToken(16);
    const { local, map } = await composeImportMap();
    const pathname = request.url.split('?')[0] ?? '/';
    const area = areaForPath(pathname) ?? FALLBACK_AREA;
    // SystemJS loads each module by a same-origin <script> without crossorigin: so do these.
    // In a template: the boot script of index.html puts them into the page after its first paint.
    const preloads = `<template id="${PAGE_MODULES_ELEMENT_ID}">${modulesOfPage(map, area, pathname)
      .map((url) => `<link rel="preload" as="script" href="${url}"${map.integrity[url] ? ` integrity="${map.integrity[url]}"` : ''} />`)
      .join('')}</template>`;
    const session = await sessionForPage(request, reply);
    const answers = await answersForPage(request, pathname, session);
    const prerendered = await prerenderPage(request, area, map, local, session, answers);
    let html = template
      .replaceAll('__CSP_NONCE__', nonce)
      .replace('__GA_MEASUREMENT_ID__', config.gaMeasurementId ?? '')
      // SystemJS checks each module against the map's integrity: a tampered file is refused.
      .replace('"__IMPORT_MAP__"', JSON.stringify(browserImportMap(map)).replace(/</g, '\\u003c'))
      .replace('<!--__PRELOADS__-->', preloads)
      // Replaced through functions: a `$` in the member's data is not a replacement pattern.
      .replace(
        '<!--__SESSION__-->',
        () =>
          (session ? `<script type="application/json" id="${SESSION_ELEMENT_ID}">${inlineJson(session)}</script>` : '') +
          (answers
            ? `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT_ID}">${inlineJson({ path: pathname, answers })}</script>`
            : '') +
          (prerendered?.queries.length
            ? `<script type="application/json" id="${PRERENDERED_QUERIES_ELEMENT_ID}">${inlineJson(prerendered.queries)}</script>`
            : ''),
      )
      // The area renders into this container, placed before the loading frame it replaces. With
      // the first screen in it, that screen is inert (seen, not used) until the area mounts over it.
      .replace('<!--__AREA_CONTAINER__-->', () =>
        prerendered
          ? `<style ${PRERENDER_STYLE_ATTRIBUTE}>${prerendered.css.replace(/<\//g, '<\\/')}</style>` +
            `<div id="${AREA_CONTAINER_PREFIX}${area}" inert aria-busy="true">${prerendered.html}</div>`
          : `<div id="${AREA_CONTAINER_PREFIX}${area}"></div>`,
      );
    // import-map-overrides only where it can be used: development.
    html =
      config.env === 'development' ? html.replace(/<!--\/?dev-tools-->/g, '') : html.replace(/<!--dev-tools-->.*?<!--\/dev-tools-->/gs, '');
    reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      // A page that carries the member's session read is theirs alone: never stored.
      .header('cache-control', session ? 'no-store' : 'no-cache')
      .header('content-security-policy', contentSecurityPolicy(nonce, config))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .header('vary', 'accept-encoding');
    return reply.send(compressPage(request, reply, html));
  };

  // Deep links (/vitals, /points/3/about, ...) all get the shell; paths no area owns get it with 404.
  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !pathname.startsWith(`${API_PREFIX}/`) && !pathname.startsWith('/assets/');
    if (!wantsPage) {
      return reply.status(404).send({ code: ErrorCodes.notFound, message: 'お探しのページは見つかりませんでした。' });
    }
    return sendShell(request, reply, areaForPath(pathname) ? 200 : 404);
  });
}
