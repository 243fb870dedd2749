const { areaConfig } = require('@sukoyaka/build');

// The contract's incentives module (its schemas, labels and rules, 8.3 KiB brotli) comes with the
// pages that need it, not with the area's entry: the home page mounts this area's parcels, which
// read their figures without it (the server preloads it for those pages: routeDependencies).
module.exports = (_env, argv) =>
  areaConfig({ folder: 'mf-incentives', specifier: '@sukoyaka/incentives', lazyShared: ['@sukoyaka/contract/incentives'] }, argv);
