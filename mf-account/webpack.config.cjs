const { areaConfig } = require('@sukoyaka/build');

// The contract's account module (its schemas and rules, 7.2 KiB brotli) comes with the pages that
// need it, not with the area's entry: the home page reads nothing of it (the server preloads it for
// the pages that do: routeDependencies).
module.exports = (_env, argv) =>
  areaConfig({ folder: 'mf-account', specifier: '@sukoyaka/account', lazyShared: ['@sukoyaka/contract/account'] }, argv);
