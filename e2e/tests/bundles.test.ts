import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { siteUrl } from './support';

/**
 * DESIGN.md "Micro-frontends": shared dependencies are loaded once, through the import map, never
 * bundled into an area. React 19 has no UMD build, so root-config builds it into SystemJS modules
 * served from the same origin. These checks read the built files and the page the server sends.
 */

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const AREAS = ['mf-account', 'mf-health', 'mf-incentives', 'mf-myna', 'mf-admin', 'mf-shared'] as const;
/** Every folder whose dist/importmap.json the server merges (bff/src/web/site.ts WEB_PACKAGES). */
const IMPORT_MAP_FOLDERS = ['root-config', ...AREAS] as const;
const SHARED = [
  'react',
  'react-dom',
  'react-dom/client',
  'single-spa',
  'styled-components',
  '@tanstack/react-query',
  'axios',
  'date-fns',
  '@sukoyaka/shared',
  '@sukoyaka/shared/widgets',
  '@sukoyaka/shared/charts',
] as const;
/** The specifiers through which an area reaches React (JSX alone compiles to react/jsx-runtime). */
const REACT_SPECIFIERS = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

/**
 * Strings only React's own code contains (React 19 and the older names), checked against the
 * React build in root-config/dist below so that a marker that no longer matches is noticed.
 */
const REACT_MARKERS = [
  'react.production',
  '__SECRET_INTERNALS',
  'ReactCurrentOwner',
  'react.element',
  'Symbol.for("react.element")',
  'react.transitional.element',
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  'react.fragment',
  'react.forward_ref',
] as const;
const REACT_SYMBOL = /Symbol\.for\(\s*["']react\./;
/** The markers a React 19 production build is known to contain. */
const REACT_19_MARKERS = [
  'react.transitional.element',
  '__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE',
  'react.fragment',
  'react.forward_ref',
];

function importMapOf(folder: string): Record<string, string> {
  const file = path.join(REPO_ROOT, folder, 'dist', 'importmap.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { imports: Record<string, string> }).imports;
}

/** The import map and the preloaded scripts of the page the server sends for `pathname`. */
async function pageModules(pathname: string): Promise<{ imports: Record<string, string>; preloads: string[] }> {
  const html = await (await fetch(siteUrl(pathname))).text();
  const imports = JSON.parse(/<script\b[^>]*systemjs-importmap[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!).imports as Record<
    string,
    string
  >;
  return { imports, preloads: [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)"/g)].map((match) => match[1]!) };
}

function builtFile(folder: string, url: string): string {
  return readFileSync(path.join(REPO_ROOT, folder, 'dist', url), 'utf8');
}

/** The dependency list of a SystemJS module: System.register([...], function ...). */
function systemDependencies(source: string): string[] | null {
  const match = /^\s*(?:\/\*[\s\S]*?\*\/\s*)*System\.register\(\s*(\[[^\]]*\])/.exec(source);
  return match ? (JSON.parse(match[1]!) as string[]) : null;
}

test.describe('built bundles (DESIGN.md: shared dependencies through the import map)', () => {
  test('the markers find React in root-config’s own React build', () => {
    const react = importMapOf('root-config').react;
    expect(react).toBeDefined();
    const source = builtFile('root-config', react!);
    for (const marker of REACT_19_MARKERS) expect(source).toContain(marker);
    expect(source).toMatch(REACT_SYMBOL);
  });

  /** An area is one module; mf-shared is three: its main module, its widgets (decision 0018) and its charts (0037). */
  const MODULES_OF: Record<(typeof AREAS)[number], number> = {
    'mf-account': 1,
    'mf-health': 1,
    'mf-incentives': 1,
    'mf-myna': 1,
    'mf-admin': 1,
    'mf-shared': 3,
  };
  for (const area of AREAS) {
    test(`${area}'s modules are SystemJS modules that import React from the import map and bundle none of it`, () => {
      const entries = Object.entries(importMapOf(area));
      expect(entries).toHaveLength(MODULES_OF[area]);
      for (const [name, url] of entries) expectSystemModuleWithoutReact(area, name, url);
    });
  }

  function expectSystemModuleWithoutReact(area: string, name: string, url: string): void {
    expect(name).toMatch(/^@sukoyaka\//);
    const source = builtFile(area, url);

    expect(source).toContain('System.register(');
    const dependencies = systemDependencies(source);
    expect(dependencies).not.toBeNull();
    expect(dependencies!.filter((dependency) => REACT_SPECIFIERS.includes(dependency)).length).toBeGreaterThan(0);
    // Whatever React-related module it needs comes from root-config, never from the area itself.
    const rootMap = importMapOf('root-config');
    for (const dependency of dependencies!.filter((d) => REACT_SPECIFIERS.includes(d))) expect(rootMap[dependency]).toBeDefined();

    for (const marker of REACT_MARKERS) expect({ marker, found: source.includes(marker) }).toEqual({ marker, found: false });
    expect(source).not.toMatch(REACT_SYMBOL);
  }

  test('each shared dependency is declared by exactly one built import map', () => {
    const declaredBy = new Map<string, string[]>();
    for (const folder of IMPORT_MAP_FOLDERS) {
      for (const name of Object.keys(importMapOf(folder))) declaredBy.set(name, [...(declaredBy.get(name) ?? []), folder]);
    }
    for (const name of SHARED) expect({ name, declaredBy: declaredBy.get(name) ?? [] }).toEqual({ name, declaredBy: [expect.any(String)] });
  });

  test('the page at / carries an import map mapping every shared dependency once, to self-hosted /assets/ URLs', async () => {
    const response = await fetch(siteUrl('/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();

    const blocks = [...html.matchAll(/<script\b[^>]*\btype=["']?systemjs-importmap["']?[^>]*>([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const text = blocks[0]![1]!;
    const { imports } = JSON.parse(text) as { imports: Record<string, string> };

    for (const name of SHARED) {
      // Counted in the text itself: JSON.parse would hide a second entry for the same name.
      const escaped = JSON.stringify(name).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      const entries = text.match(new RegExp(`${escaped}\\s*:`, 'g')) ?? [];
      expect({ name, entries: entries.length }).toEqual({ name, entries: 1 });
      // A deployed artefact's versioned path (issue 15), or a package's local build.
      expect(imports[name]).toMatch(/^\/assets\/(@sukoyaka\/[\w-]+\/[\w.+-]+|[\w-]+)\/[\w.-]+\.js$/);
    }
    // No CDN anywhere: every module, and every script the page loads, is on this origin.
    for (const url of Object.values(imports)) expect(url).toMatch(/^\/assets\//);
    for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/g)) expect(src).toMatch(/^\/assets\//);

    // And the server really has them.
    for (const name of SHARED) {
      const asset = await fetch(siteUrl(imports[name]!));
      expect({ name, status: asset.status }).toEqual({ name, status: 200 });
      expect(asset.headers.get('content-type')).toMatch(/javascript/);
      expect(await asset.text()).toContain('System.register(');
    }
  });

  test('every built script has brotli and gzip files beside it, and the server sends the one asked for (issue 9)', async () => {
    for (const folder of IMPORT_MAP_FOLDERS) {
      for (const file of readdirSync(path.join(REPO_ROOT, folder, 'dist')).filter((name) => name.endsWith('.js'))) {
        for (const suffix of ['.br', '.gz']) {
          expect({
            file: `${folder}/${file}${suffix}`,
            exists: existsSync(path.join(REPO_ROOT, folder, 'dist', `${file}${suffix}`)),
          }).toEqual({
            file: `${folder}/${file}${suffix}`,
            exists: true,
          });
        }
      }
    }
    const url = siteUrl(`/assets/root-config/${importMapOf('root-config')['react-dom/client']!}`);
    for (const encoding of ['br', 'gzip']) {
      const response = await fetch(url, { headers: { 'accept-encoding': encoding } });
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toContain('System.register(');
    }
  });

  test('React DOM, and only React DOM, starts with V8’s compile hint, as the server sends it (issue 9)', async () => {
    const hint = '//# allFunctionsCalledOnLoad\n';
    const rootConfig = importMapOf('root-config');
    const reactDom = rootConfig['react-dom/client']!;
    const hinted = IMPORT_MAP_FOLDERS.flatMap((folder) =>
      readdirSync(path.join(REPO_ROOT, folder, 'dist'))
        .filter((name) => name.endsWith('.js') && readFileSync(path.join(REPO_ROOT, folder, 'dist', name), 'utf8').startsWith(hint))
        .map((name) => `${folder}/${name}`),
    );
    expect(hinted).toEqual([`root-config/${reactDom}`]);
    const response = await fetch(siteUrl(`/assets/root-config/${reactDom}`), { headers: { 'accept-encoding': 'br' } });
    expect((await response.text()).startsWith(hint)).toBe(true);
  });

  test('a page preloads exactly its area’s modules from the import map; import-map-overrides is for development only (issue 9)', async () => {
    const { imports, preloads } = await pageModules('/vitals');
    expect(preloads).toContain(imports['@sukoyaka/health']);
    expect(preloads).toContain(imports['@sukoyaka/root-config']);
    expect(preloads).toContain(imports['react-dom/client']);
    expect(preloads).not.toContain(imports['@sukoyaka/account']);
    // Besides import-map modules, only the chunks of the page's own route (the area's lazy page).
    const healthRoutes =
      (
        JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-health', 'dist', 'importmap.json'), 'utf8')) as {
          routes?: Record<string, string[]>;
        }
      ).routes ?? {};
    // The chunks sit beside the area's entry (its deployed artefact's folder).
    const healthBase = imports['@sukoyaka/health']!.replace(/[^/]+$/, '');
    const pageChunks = (healthRoutes['/vitals'] ?? []).map((file) => `${healthBase}${file}`);
    for (const url of preloads) expect([...Object.values(imports), ...pageChunks]).toContain(url);
    // The built shell keeps the tool between the markers the server removes outside development.
    const shell = readFileSync(path.join(REPO_ROOT, 'root-config', 'dist', 'index.html'), 'utf8');
    const outsideMarkers = shell.replace(/<!--dev-tools-->.*?<!--\/dev-tools-->/gs, '');
    expect(shell).toContain('import-map-overrides');
    expect(outsideMarkers).not.toContain('import-map-overrides');
    // SystemJS does not hold up the first paint: the boot script asks for it after the first frame
    // (first-screen.test.ts), so no element of the page names it.
    expect(shell).toMatch(/loader\.src = '\/assets\/root-config\/system\.[0-9a-f]{8}\.js';/);
    expect(shell).not.toMatch(/<script src="?\/assets\/root-config\/system\./);
  });

  test('mf-account’s pages are chunks of their own, none bundling React; a page preloads its own chunk only (issue 9)', async () => {
    const fragment = JSON.parse(readFileSync(path.join(REPO_ROOT, 'mf-account', 'dist', 'importmap.json'), 'utf8')) as {
      routes?: Record<string, string[]>;
    };
    const routes = fragment.routes ?? {};
    expect(Object.keys(routes)).toEqual(expect.arrayContaining(['/', '/login', '/signup', '/associations/:associationId/agreements']));
    for (const [route, files] of Object.entries(routes)) {
      expect({ route, files: files.length > 0 }).toEqual({ route, files: true });
      for (const file of files) {
        const source = builtFile('mf-account', file);
        for (const marker of REACT_MARKERS)
          expect({ file, marker, found: source.includes(marker) }).toEqual({ file, marker, found: false });
      }
    }
    const { imports, preloads } = await pageModules('/login');
    const accountBase = imports['@sukoyaka/account']!.replace(/[^/]+$/, '');
    for (const file of routes['/login']!) expect(preloads).toContain(`${accountBase}${file}`);
    for (const file of routes['/signup']!) expect(preloads).not.toContain(`${accountBase}${file}`);
    const chunk = await fetch(siteUrl(`${accountBase}${routes['/login']![0]!}`));
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('content-type')).toMatch(/javascript/);
  });

  test('the vitals pages load neither date-fns nor the health schemas with zod; a lazy module a page imports is preloaded with it (issues 9, 27)', async () => {
    const overview = await pageModules('/vitals');
    expect(overview.preloads).toContain(overview.imports['@sukoyaka/health']);
    expect(overview.preloads).not.toContain(overview.imports['date-fns']);
    expect(overview.preloads).not.toContain(overview.imports['date-fns/locale/ja']);
    // The chart page's chunk imports the zod-free health terms: the page preloads that module with
    // the chunk. Its form loads the health schemas (and zod/mini) when first touched; date-fns
    // comes with the date picker's calendar.
    const chart = await pageModules('/vitals/blood_pressure');
    expect(chart.preloads).toContain(chart.imports['@sukoyaka/contract/health-terms']);
    for (const lazy of ['date-fns', '@sukoyaka/contract/health', 'zod/mini'])
      expect({ lazy, mapped: lazy in chart.imports, preloaded: chart.preloads.includes(chart.imports[lazy]!) }).toEqual({
        lazy,
        mapped: true,
        preloaded: false,
      });
    // Each file once, though react and react/jsx-runtime name one file.
    expect(new Set(chart.preloads).size).toBe(chart.preloads.length);
    expect(chart.imports['react/jsx-runtime']).toBe(chart.imports.react);
    expect(chart.imports['react-dom/client']).toBe(chart.imports['react-dom']);
  });
});
