const { systemModuleConfig } = require('@sukoyaka/build');
const { contractLayout } = require('@sukoyaka/build/contract');

// The utility module every area imports as @sukoyaka/shared, and its second module,
// @sukoyaka/shared/widgets: the parts only some pages use (docs/decisions/0018).
module.exports = (_env, argv) =>
  systemModuleConfig({
    folder: 'mf-shared',
    mode: argv.mode,
    entries: {
      'sukoyaka-shared': { import: './src/index.ts', specifier: '@sukoyaka/shared' },
      // The parts only some pages use: a module of their own, which imports the one above by name
      // (docs/decisions/0018-shared-widgets-module.md).
      'sukoyaka-shared-widgets': { import: './src/widgets/index.ts', specifier: '@sukoyaka/shared/widgets' },
    },
    // Only the date picker's dialog (its own chunk, with react-day-picker) uses date-fns: the
    // pages that never open it, /login first, do not load it.
    // No contract area module: mf-shared names the core only (every call's method is there).
    lazyExternals: ['date-fns', 'date-fns/locale/ja', ...contractLayout().areas.map((area) => `@sukoyaka/contract/${area}`)],
  });
