import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PageRenderRequest, PrerenderedPage } from '@sukoyaka/contract';
import { FileCache } from './file-cache';

/** What an area's server render module exports (its `src/server.tsx`, mf-shared/src/server). */
interface RenderModule {
  renderPage?(request: PageRenderRequest): Promise<PrerenderedPage | null>;
  /** The area's parcels on other areas' pages (issue 28: home's cards). */
  renderParcel?(name: string, request: PageRenderRequest): Promise<PrerenderedPage | null>;
}

/** The folder an area's build is in: `@sukoyaka/health` → `mf-health`. */
export const folderOfArea = (area: string) => `mf-${area.replace(/^@sukoyaka\//, '')}`;

/** Where an area's server render is built (build/shared.cjs `serverRenderConfig`). */
const renderModulePath = (webRoot: string, folder: string) => path.join(webRoot, folder, 'dist-server', 'render-page.cjs');

/**
 * The modules the renders share, mf-shared's and the contract's, which a render requires from
 * beside it (build/shared.cjs `serverSharedConfig`, decision 0040).
 */
const sharedModulePath = (renderFile: string) => path.resolve(path.dirname(renderFile), '../../mf-shared/dist-server/server-shared.cjs');

const load = createRequire(__filename);

/** When each shared-modules file was loaded, by its modification time. */
const sharedLoaded = new Map<string, number>();

/** The server renders loaded in this process, by file: one copy each, however many apps run. */
const renders = new FileCache<RenderModule>((file) => {
  // A new build of the file: its module, not the one loaded before; with the shared modules' new
  // build if there is one (a render already loaded keeps the shared modules it was loaded with).
  delete load.cache[load.resolve(file)];
  const shared = sharedModulePath(file);
  const mtimeMs = statSync(shared, { throwIfNoEntry: false })?.mtimeMs;
  if (mtimeMs !== undefined && sharedLoaded.get(shared) !== mtimeMs) {
    delete load.cache[shared];
    sharedLoaded.set(shared, mtimeMs);
  }
  return load(file) as RenderModule;
});

/** Loads the areas' server renders, so the first visit does not wait for them. */
export async function loadPageRenders(webRoot: string, folders: readonly string[]): Promise<void> {
  await Promise.all(folders.map((folder) => renders.read(renderModulePath(webRoot, folder)).catch(() => null)));
}

/**
 * The first screen of the page at `request.url` of the area in `folder` (issue 9), from the area's
 * local build; null where the area has no server render or no page there.
 */
export async function renderPage(webRoot: string, folder: string, request: PageRenderRequest): Promise<PrerenderedPage | null> {
  const module = await renders.read(renderModulePath(webRoot, folder));
  return typeof module?.renderPage === 'function' ? module.renderPage(request) : null;
}

/** The parcel `name` of the area in `folder`, from its local build; null where it has none. */
export async function renderParcel(
  webRoot: string,
  folder: string,
  name: string,
  request: PageRenderRequest,
): Promise<PrerenderedPage | null> {
  const module = await renders.read(renderModulePath(webRoot, folder));
  return typeof module?.renderParcel === 'function' ? module.renderParcel(name, request) : null;
}
