const fs = require('node:fs');
const path = require('node:path');
const webpack = require('webpack');
const { systemModuleConfig } = require('@sukoyaka/build');
const { GENERATED_DIR, contractEntries, contractExternal } = require('@sukoyaka/build/contract');

/*
 * The shared third-party modules, each its own SystemJS module (its file in src/vendor/), and the
 * specifiers it answers to. Specifiers every page loads together share one file: over HTTP/1.1 a
 * browser fetches six files at a time, so each file fewer on the first visit saves part of a round
 * trip (issue 9). The import map points each of them at the file.
 */
const vendors = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  'single-spa': ['single-spa'],
  'styled-components': ['styled-components'],
  'react-query': ['@tanstack/react-query'],
  axios: ['axios'],
  'date-fns': ['date-fns'],
  'date-fns-locale-ja': ['date-fns/locale/ja'],
};

const entries = {
  'root-config': { import: './src/index.ts', specifier: '@sukoyaka/root-config' },
  ...Object.fromEntries(
    Object.entries(vendors).map(([file, [specifier, ...alsoAnswers]]) => [
      file,
      { import: `./src/vendor/${file}.js`, specifier, alsoAnswers },
    ]),
  ),
  // zod/mini (the members the contract uses), the contract's core and one module per contract area.
  ...contractEntries(),
};

/** `react-dom/client` -> `react-dom`, `@tanstack/react-query` -> `@tanstack/react-query`. */
function packageOf(specifier) {
  return specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
}

/**
 * Whether `request`, made by a file of a package, is part of the same vendor module: React DOM's
 * client imports `react-dom`, which its module answers to itself (as an external it would import
 * itself).
 */
function bundledWithIssuer(request, issuer) {
  return Object.values(vendors).some(
    (specifiers) =>
      specifiers.length > 1 &&
      specifiers.includes(request) &&
      specifiers.some((specifier) => issuer.includes(`${path.sep}node_modules${path.sep}${packageOf(specifier)}${path.sep}`)),
  );
}

/** The generated zod/mini module bundles zod itself; the contract's files import the shared modules. */
function externalFor(request, context, issuer) {
  if (issuer === path.join(GENERATED_DIR, 'zod-mini.js')) return false;
  if (bundledWithIssuer(request, issuer)) return false;
  return contractExternal(request, context, issuer);
}

/** Copies SystemJS and import-map-overrides with hashed names and writes index.html around them. */
class ShellPlugin {
  apply(compiler) {
    const { Compilation, sources, util } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ShellPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        // Both packages keep their browser file beside their Node entry, in dist/; their
        // "exports" do not list the browser files themselves.
        const copy = (pkg, file, name) => {
          const content = fs.readFileSync(path.join(path.dirname(require.resolve(pkg)), file));
          const hash = util.createHash('sha256').update(content).digest('hex').slice(0, 8);
          const out = `${name}.${hash}.js`;
          compilation.emitAsset(out, new sources.RawSource(content));
          return `/assets/root-config/${out}`;
        };
        const systemjs = copy('systemjs', 'system.min.js', 'system');
        const overrides = copy('import-map-overrides', 'import-map-overrides.js', 'import-map-overrides');
        const template = fs.readFileSync(path.resolve(__dirname, 'src/index.html'), 'utf8');
        const html = template.replace('__SYSTEMJS__', systemjs).replace('__IMPORT_MAP_OVERRIDES__', overrides);
        // Marked minimized: webpack's HTML minifier would strip the comments the server fills in.
        compilation.emitAsset('index.html', new sources.RawSource(html), { minimized: true });
      });
    });
  }
}

/** axios's fetch adapter, which mf-shared's client never uses (it names the XMLHttpRequest one): 3.6 KiB brotli off every page. */
const axiosWithoutFetch = new webpack.NormalModuleReplacementPlugin(
  /axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
  path.resolve(__dirname, 'src/vendor/axios-without-fetch.js'),
);

module.exports = (_env, argv) =>
  systemModuleConfig({
    folder: 'root-config',
    mode: argv.mode,
    entries,
    externalFor,
    plugins: [new ShellPlugin(), axiosWithoutFetch],
    // React DOM compiled while it streams in (@sukoyaka/build, CompileHintPlugin).
    compileHintEntries: ['react-dom'],
  });
