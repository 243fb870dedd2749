import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_PREFIX, areaForPath, ErrorCodes } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { randomToken } from '../lib/tokens';

/** The folders whose `dist/` the site serves under `/assets/<folder>/`, in import-map order. */
export const WEB_PACKAGES = ['root-config', 'mf-shared', 'mf-account', 'mf-health', 'mf-incentives', 'mf-myna'] as const;

interface Fragment {
  imports: Record<string, string>;
}

/**
 * Reads a file again only when it changed on disk, so deploying one area (publishing its dist
 * with a new importmap.json) takes effect on the next page load without a restart.
 */
class FileCache {
  private readonly entries = new Map<string, { mtimeMs: number; text: string }>();
  async read(file: string): Promise<string | null> {
    const info = await stat(file).catch(() => null);
    if (!info) return null;
    const cached = this.entries.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs) return cached.text;
    const text = await readFile(file, 'utf8');
    this.entries.set(file, { mtimeMs: info.mtimeMs, text });
    return text;
  }
}

export async function buildImportMap(webRoot: string, cache: FileCache): Promise<Fragment> {
  const imports: Record<string, string> = {};
  for (const folder of WEB_PACKAGES) {
    const text = await cache.read(path.join(webRoot, folder, 'dist', 'importmap.json'));
    if (!text) continue;
    const fragment = JSON.parse(text) as Fragment;
    for (const [name, url] of Object.entries(fragment.imports)) {
      imports[name] = /^(\/|https?:)/.test(url) ? url : `/assets/${folder}/${url}`;
    }
  }
  return { imports };
}

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

export async function siteRoutes(app: FastifyInstance, options: { config: Config }): Promise<void> {
  const { config } = options;
  const cache = new FileCache();

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
    });
  });

  const sendShell = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    const template = await cache.read(path.join(config.webRoot, 'root-config', 'dist', 'index.html'));
    if (!template) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The front end is not built yet: run `npm run build` (or `npm start`).');
    }
    const nonce = randomToken(16);
    const importMap = JSON.stringify(await buildImportMap(config.webRoot, cache)).replace(/</g, '\\u003c');
    const html = template
      .replaceAll('__CSP_NONCE__', nonce)
      .replace('__GA_MEASUREMENT_ID__', config.gaMeasurementId ?? '')
      .replace('"__IMPORT_MAP__"', importMap);
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-security-policy', contentSecurityPolicy(nonce, config))
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(html);
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
