const { serverSharedConfig, systemModuleConfig } = require('@sukoyaka/build');
const { contractLayout } = require('@sukoyaka/build/contract');

// The utility module every area imports as @sukoyaka/shared, its second module,
// @sukoyaka/shared/widgets: the parts only some pages use (docs/decisions/0018), and its third,
// @sukoyaka/shared/charts: the charts, with the pages that draw one (docs/decisions/0037).
module.exports = (_env, argv) => [
  systemModuleConfig({
    folder: 'mf-shared',
    mode: argv.mode,
    entries: {
      'sukoyaka-shared': { import: './src/index.ts', specifier: '@sukoyaka/shared' },
      // The parts only some pages use: a module of their own, which imports the one above by name
      // (docs/decisions/0018-shared-widgets-module.md).
      'sukoyaka-shared-widgets': { import: './src/widgets/index.ts', specifier: '@sukoyaka/shared/widgets' },
      'sukoyaka-shared-charts': { import: './src/charts/index.ts', specifier: '@sukoyaka/shared/charts' },
    },
    // Only the date picker's dialog (its own chunk, with react-day-picker) uses date-fns: the
    // pages that never open it, /login first, do not load it.
    // No contract area module: mf-shared names the core only (every call's method is there).
    lazyExternals: ['date-fns', 'date-fns/locale/ja', ...contractLayout().areas.map((area) => `@sukoyaka/contract/${area}`)],
  }),
  // What the areas' server renders share: mf-shared and the contract, once in the bff's process.
  serverSharedConfig(argv),
];
