const { systemModuleConfig } = require('../webpack.shared.cjs');

// The utility module: one SystemJS module that every area imports as @sukoyaka/shared.
module.exports = (_env, argv) =>
  systemModuleConfig({
    folder: 'mf-shared',
    mode: argv.mode,
    entries: { 'sukoyaka-shared': { import: './src/index.ts', specifier: '@sukoyaka/shared' } },
  });
