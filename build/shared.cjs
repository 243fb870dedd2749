// Build settings every front-end package shares: the SystemJS output, the externals that come
// through the import map, the TypeScript loader and the import-map fragment each build writes.
const path = require('node:path');
const zlib = require('node:zlib');

/**
 * Loaded once, through the import map (DESIGN.md, "Micro-frontends"). root-config builds the
 * third-party ones into SystemJS modules; @sukoyaka/shared is mf-shared's own build.
 */
const SHARED_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'single-spa',
  'styled-components',
  '@tanstack/react-query',
  'axios',
  'date-fns',
  'date-fns/locale/ja',
  'zod/mini',
  '@sukoyaka/contract',
  '@sukoyaka/shared',
  '@sukoyaka/shared/widgets',
  '@sukoyaka/shared/charts',
];
/** Third-party shared modules an area's entry does not register unless it says so (eagerShared). */
const LAZY_BY_DEFAULT = ['date-fns', 'date-fns/locale/ja'];
/** mf-shared's second module (src/widgets): form controls, the date picker, gift pictures, … */
const WIDGETS_MODULE = '@sukoyaka/shared/widgets';
/** mf-shared's third module (src/charts): the charts, with the pages that draw one (decision 0037). */
const CHARTS_MODULE = '@sukoyaka/shared/charts';
/** The contract's area modules (`@sukoyaka/contract/health`, …; contract.cjs). */
const CONTRACT_AREA_PREFIX = '@sukoyaka/contract/';

/** The repository: every package's folder is relative to it. */
const REPO_ROOT = path.resolve(__dirname, '..');

const PUBLIC_PATH_MODULE = path.resolve(__dirname, 'public-path.js');

const { contractLayout, contractModules } = require('./contract.cjs');

const VENDOR_DIR = path.resolve(REPO_ROOT, 'root-config', 'src', 'vendor') + path.sep;
const CONTRACT_SRC = path.resolve(REPO_ROOT, 'contract', 'src');
const STRIP_DOCUMENTATION_LOADER = path.resolve(__dirname, 'strip-documentation.cjs');

/** A lazy page's chunk is named after its route: `route:/login` (mf-shared's lazyPage). */
const ROUTE_CHUNK_PREFIX = 'route:';

/** Chunk files: a route's chunk by a name safe in a URL, the others by their own name. */
function chunkFilename({ chunk }) {
  const name = chunk.name ?? String(chunk.id);
  if (!name.startsWith(ROUTE_CHUNK_PREFIX)) return '[name].[contenthash:8].js';
  const slug = name
    .slice(ROUTE_CHUNK_PREFIX.length)
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-|-$/g, '');
  return `page-${slug || 'home'}.[contenthash:8].js`;
}

const swcLoader = {
  loader: 'swc-loader',
  options: {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      // Native apps' web views on older phones: no syntax newer than ES2019 in our own code.
      target: 'es2019',
    },
  },
};

/**
 * Writes `importmap.json`: this build's entries by module name, relative to its dist folder, and
 * under `dependencies` the shared modules each entry imports on load (lazy chunks left out), so
 * the server can preload exactly what a page will ask for. An area's lazy pages, chunks named
 * `route:<path>` (mf-shared's lazyPage), are listed under `routes`: per route pattern its files, so
 * the server preloads the page's chunk as well; under `routeDependencies`, per route pattern, the
 * shared modules its chunks load lazily (lazyExternals), which the server preloads too.
 */
class ImportMapFragmentPlugin {
  constructor(names) {
    this.names = names; // entry name -> the module specifiers it answers to
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('ImportMapFragmentPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ImportMapFragmentPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const imports = {};
          const dependencies = {};
          const { AsyncDependenciesBlock, ExternalModule } = compiler.webpack;
          // A lazily imported shared module must stay out of the entry: imported there, it would
          // make the whole entry wait for it (and the server would not preload it). An `import()`
          // of it from the entry waits for nothing (mf-shared's loaders of the contract's areas).
          for (const module of compilation.modules) {
            if (!(module instanceof ExternalModule) || module.externalType !== 'promise') continue;
            for (const connection of compilation.moduleGraph.getIncomingConnections(module)) {
              const origin = connection.originModule;
              if (!origin) continue;
              const block = connection.dependency && compilation.moduleGraph.getParentBlock(connection.dependency);
              if (block instanceof AsyncDependenciesBlock) continue;
              const initial = [...compilation.chunkGraph.getModuleChunksIterable(origin)].some((chunk) => chunk.canBeInitial());
              if (initial) {
                compilation.errors.push(
                  new compiler.webpack.WebpackError(
                    `${origin.readableIdentifier(compilation.requestShortener)} imports ${module.userRequest}, which this package loads lazily (lazyExternals): import it from a lazy chunk only`,
                  ),
                );
              }
            }
          }
          for (const [entry, names] of Object.entries(this.names)) {
            const entrypoint = compilation.entrypoints.get(entry);
            const files = [...entrypoint.getFiles()].filter((file) => file.endsWith('.js'));
            const used = new Set();
            for (const chunk of entrypoint.chunks) {
              for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
                // Lazy externals (lazyExternals) are fetched when a chunk needs them, not on load.
                if (module instanceof ExternalModule && module.externalType === 'system') used.add(String(module.request));
              }
            }
            // Every specifier of one entry names its one file: SystemJS keys its registry by URL,
            // so they are one module instance.
            for (const specifier of names) {
              imports[specifier] = files[files.length - 1];
              dependencies[specifier] = [...used].sort();
            }
          }
          const routes = {};
          const routeDependencies = {};
          for (const group of compilation.chunkGroups) {
            const name = group.name ?? '';
            if (!name.startsWith(ROUTE_CHUNK_PREFIX)) continue;
            const pattern = name.slice(ROUTE_CHUNK_PREFIX.length);
            routes[pattern] = group.chunks.flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
            // The lazy externals the page's chunks import: the server preloads them with the
            // chunk, so the page does not wait for its chunk to ask (every other external is the
            // entry's, registered with it).
            // (webpack places the external modules themselves in the entry's chunk: follow the
            // imports of the chunks' modules instead.)
            const lazy = new Set();
            for (const chunk of group.chunks) {
              for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
                for (const connection of compilation.moduleGraph.getOutgoingConnections(module)) {
                  const target = connection.module;
                  // A dynamic import() is loaded when the code asks (a form's schema on first touch,
                  // useContractForm's loadSchema), not with the page.
                  const block = connection.dependency && compilation.moduleGraph.getParentBlock(connection.dependency);
                  if (block instanceof AsyncDependenciesBlock) continue;
                  if (target instanceof ExternalModule && target.externalType === 'promise') lazy.add(target.userRequest);
                }
              }
            }
            if (lazy.size > 0) routeDependencies[pattern] = [...lazy].sort();
          }
          const fragment = {
            imports,
            dependencies,
            ...(Object.keys(routes).length > 0 ? { routes } : {}),
            ...(Object.keys(routeDependencies).length > 0 ? { routeDependencies } : {}),
          };
          const json = `${JSON.stringify(fragment, null, 2)}\n`;
          compilation.emitAsset('importmap.json', new compiler.webpack.sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * V8's compile hint on the first line of the named entries' files: compile all of their functions
 * while the file streams in, on a background thread, instead of each function on the main thread
 * the first time it is called (Chromium 136+, https://v8.dev/blog/explicit-compile-hints; other
 * browsers read a comment). For a file whose functions nearly all run as the page starts: React
 * DOM, whose evaluation was the page's longest task after the first paint (13-22 ms on the bench's
 * host, 56-80 ms in Lighthouse's 4x slowed phone; issue 9). Measured and left out: the hint on every
 * file, which compiles what a page never calls and competes with the page for the CPU (Total
 * Blocking Time at 8x: 26 ms median against 4 with React DOM's alone).
 */
class CompileHintPlugin {
  constructor(entryNames) {
    this.entryNames = entryNames;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('CompileHintPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification (which would drop the comment), before the source maps are written
        // (ConcatSource shifts their mappings by the added line).
        { name: 'CompileHintPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const entryName of this.entryNames) {
            for (const file of compilation.entrypoints.get(entryName)?.getEntrypointChunk().files ?? []) {
              if (!file.endsWith('.js')) continue;
              compilation.updateAsset(file, (source) => new sources.ConcatSource('//# allFunctionsCalledOnLoad\n', source));
            }
          }
        },
      );
    });
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` beside every script and style sheet, at the highest levels,
 * once at build time, so the server sends the precompressed file the browser accepts instead of
 * compressing on every request.
 */
class PrecompressPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification and hashing: the compressed file matches the served bytes.
        { name: 'PrecompressPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          const { RawSource } = compiler.webpack.sources;
          for (const name of Object.keys(assets)) {
            if (!/\.(js|css)$/.test(name)) continue;
            const content = compilation.getAsset(name).source.buffer();
            const brotli = zlib.brotliCompressSync(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            });
            compilation.emitAsset(`${name}.br`, new RawSource(brotli));
            compilation.emitAsset(`${name}.gz`, new RawSource(zlib.gzipSync(content, { level: 9 })));
          }
        },
      );
    });
  }
}

/**
 * One SystemJS module per entry with hashed file names. `entries` maps a file-safe entry name to
 * `{ import, specifier, alsoAnswers? }` (`alsoAnswers`: more specifiers the import map points at
 * the same file); `folder` is the package folder, served at /assets/<folder>/.
 * `lazyExternals`: shared modules that only this package's lazy chunks import; they are fetched
 * with `System.import` when such a chunk runs instead of being registered with the entry (a
 * SystemJS build registers every other external with its entry, so every page would load them).
 * `compileHintEntries`: entries whose production files carry V8's compile hint (CompileHintPlugin).
 */
function systemModuleConfig({
  folder,
  entries,
  externals = SHARED_MODULES,
  lazyExternals = [],
  externalFor,
  mode,
  plugins = [],
  compileHintEntries = [],
}) {
  const specifiers = Object.fromEntries(
    Object.entries(entries).map(([name, entry]) => [name, [entry.specifier, ...(entry.alsoAnswers ?? [])]]),
  );
  const production = mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    context: path.resolve(REPO_ROOT, folder),
    // The public-path module first: chunks load from wherever the entry was served (an artefact's versioned path).
    entry: Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, [PUBLIC_PATH_MODULE, entry.import]])),
    output: {
      path: path.resolve(REPO_ROOT, folder, 'dist'),
      filename: '[name].[contenthash:8].js',
      chunkFilename,
      publicPath: `/assets/${folder}/`,
      library: { type: 'system' },
      uniqueName: `sukoyaka-${folder}`,
      clean: true,
    },
    externalsType: 'system',
    externals: ({ request, context, contextInfo }, callback) => {
      // A package's own rule first (root-config: the contract's modules and zod); false bundles.
      const own = externalFor ? externalFor(request, context, contextInfo.issuer ?? '') : null;
      if (own === false) return callback();
      if (own) return callback(null, `system ${own}`);
      const shared = externals.includes(request) || request.startsWith(CONTRACT_AREA_PREFIX);
      // root-config's vendor wrappers are the one place a shared module is bundled: its own.
      if (shared && !(contextInfo.issuer ?? '').startsWith(VENDOR_DIR)) {
        if (lazyExternals.includes(request)) return callback(null, `promise System.import(${JSON.stringify(request)})`);
        return callback(null, `system ${request}`);
      }
      return callback();
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      // The contract resolves through its package's `exports` (`@sukoyaka/contract/health`, …).
      alias: {
        '@sukoyaka/shared$': path.resolve(REPO_ROOT, 'mf-shared/src/index.ts'),
      },
    },
    module: {
      rules: [
        { test: /\.tsx?$/, exclude: /node_modules/, use: [swcLoader] },
        // The contract without the OpenAPI document's text (strip-documentation.cjs), before swc.
        { test: /\.ts$/, include: CONTRACT_SRC, enforce: 'pre', use: [STRIP_DOCUMENTATION_LOADER] },
      ],
    },
    plugins: [
      new ImportMapFragmentPlugin(specifiers),
      ...plugins,
      ...(production ? [new CompileHintPlugin(compileHintEntries), new PrecompressPlugin()] : []),
    ],
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * An area: one entry, `src/index.tsx`, exporting the single-spa lifecycles, and its server render,
 * `src/server.tsx` (serverRenderConfig). `lazyShared`: more shared modules only the area's lazy
 * pages import (lazyExternals). `eagerShared`: shared modules that are lazy by default (the
 * contract's areas, mf-shared's widgets, date-fns) but that this area's entry needs, e.g. mf-admin's
 * layout.
 */
function areaConfig({ folder, specifier, lazyShared = [], eagerShared = [] }, argv = {}) {
  const name = specifier.replace('@', '').replace('/', '-');
  // The contract's modules, the area's own too, come with the chunks that name them: an entry
  // registers every shared module any of its chunks imports, so the home page, which mounts other
  // areas' parcels, would load their schemas too, and /login no forecast. An entry that needs one
  // says so in eagerShared (the build fails where an entry imports a lazy module).
  const lazyExternals = contractLayout()
    .areas.map((area) => `${CONTRACT_AREA_PREFIX}${area}`)
    // mf-shared's second and third modules, the parts and the charts only some pages use: with
    // those pages (decisions 0018 and 0037).
    .concat(WIDGETS_MODULE, CHARTS_MODULE)
    // date-fns (9.6 KiB) and its Japanese locale: the date picker and a few pages use
    // them; mf-myna's entry registered it for its check sheet alone, so every My Number page loaded it.
    .concat(LAZY_BY_DEFAULT, lazyShared)
    .filter((specifier) => !eagerShared.includes(specifier));
  return [
    systemModuleConfig({ folder, mode: argv.mode, lazyExternals, entries: { [name]: { import: './src/index.tsx', specifier } } }),
    serverRenderConfig({ folder }, argv),
  ];
}

/**
 * Where an area's server render is built: beside dist/, not in it. The site does not serve it and
 * an artefact does not carry it: the bff runs only the server renders built with it, never code
 * that came in through a deploy (bff/src/web/site.ts).
 */
const SERVER_RENDER_DIR = 'dist-server';

/** mf-shared's modules an area's server render imports. */
const SHARED_SERVER_SOURCES = {
  '@sukoyaka/shared': 'mf-shared/src/index.ts',
  '@sukoyaka/shared/server': 'mf-shared/src/server/index.tsx',
  '@sukoyaka/shared/widgets': 'mf-shared/src/widgets/index.ts',
  '@sukoyaka/shared/charts': 'mf-shared/src/charts/index.ts',
};

/**
 * The file that holds the modules every area's server render shares, built by mf-shared
 * (serverSharedConfig), and how a render, two folders below the web root, requires it.
 */
const SERVER_SHARED_FILE = 'server-shared.cjs';
const SERVER_SHARED_FROM_RENDER = `../../mf-shared/${SERVER_RENDER_DIR}/${SERVER_SHARED_FILE}`;

/**
 * The modules the five server renders share: mf-shared's four and every module of the contract
 * (each subpath its package.json exports, so a new area of the contract needs no change here).
 * Built once, the bff's process holds one copy of each for every render, as the browser loads each
 * once through the import map (docs/decisions/0040).
 */
const serverSharedSpecifiers = () => [...Object.keys(SHARED_SERVER_SOURCES), ...contractModules()];

/** The settings an area's server render and the shared modules' build have in common. */
function nodeBundleConfig({ folder, entry, externals }, argv) {
  const { optimize } = require('webpack');
  return {
    mode: argv.mode === 'development' ? 'development' : 'production',
    target: 'node20',
    devtool: false,
    context: path.resolve(REPO_ROOT, folder),
    entry,
    output: {
      path: path.resolve(REPO_ROOT, folder, SERVER_RENDER_DIR),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    externalsPresets: { node: true },
    // The packages (React DOM's server, styled-components, TanStack Query, zod) come from
    // node_modules, so the bff's process holds one copy of each for every area's render.
    externals: ({ request }, callback) => {
      const external = externals(request);
      if (external) return callback(null, external, 'commonjs');
      const bundled = /^[./]/.test(request) || request.startsWith('@sukoyaka/') || request.startsWith('virtual:');
      return bundled ? callback() : callback(null, request, 'commonjs');
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      alias: Object.fromEntries(Object.entries(SHARED_SERVER_SOURCES).map(([name, file]) => [`${name}$`, path.resolve(REPO_ROOT, file)])),
    },
    module: { rules: [{ test: /\.tsx?$/, exclude: /node_modules/, use: [swcLoader] }] },
    // The lazy pages in the one file: the server has them all at hand.
    plugins: [new optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * An area's server render (mf-shared/src/server): `src/server.tsx` and its pages bundled into one
 * CommonJS file for Node, `dist-server/render-page.cjs`, which the bff loads to send a page with
 * its first screen. mf-shared and the contract it takes from mf-shared's build (serverSharedConfig),
 * a module of that file each.
 */
function serverRenderConfig({ folder }, argv = {}) {
  const shared = serverSharedSpecifiers();
  return nodeBundleConfig(
    {
      folder,
      entry: { 'render-page': './src/server.tsx' },
      externals: (request) => (shared.includes(request) ? [SERVER_SHARED_FROM_RENDER, request] : null),
    },
    argv,
  );
}

/**
 * mf-shared's part of the server renders: `dist-server/server-shared.cjs`, an object of every
 * module the areas' renders share (serverSharedSpecifiers) by its name, each whole.
 */
function serverSharedConfig(argv = {}) {
  const { VirtualUrlPlugin } = require('webpack').experiments.schemes;
  const modules = serverSharedSpecifiers()
    .map((specifier) => `  ${JSON.stringify(specifier)}: require(${JSON.stringify(specifier)}),`)
    .join('\n');
  const config = nodeBundleConfig(
    { folder: 'mf-shared', entry: { [path.basename(SERVER_SHARED_FILE, '.cjs')]: 'virtual:server-shared' }, externals: () => null },
    argv,
  );
  config.plugins.push(new VirtualUrlPlugin({ 'server-shared': { type: '.js', source: () => `module.exports = {\n${modules}\n};\n` } }));
  return config;
}

module.exports = { SHARED_MODULES, areaConfig, serverSharedConfig, systemModuleConfig };
