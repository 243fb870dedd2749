const { systemModuleConfig } = require('../webpack.shared.cjs');

// The utility module: one SystemJS module that every area imports as @sukoyaka/shared.
module.exports = (_env, argv) =>
  systemModuleConfig({
    folder: 'mf-shared',
    mode: argv.mode,
    entries: { 'sukoyaka-shared': { import: './src/index.ts', specifier: '@sukoyaka/shared' } },
    // Only the date picker's dialog (its own chunk, with react-day-picker) uses date-fns: the
    // pages that never open it, /login first, do not load it.
    lazyExternals: ['date-fns', 'date-fns/locale/ja'],
  });
