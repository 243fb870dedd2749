const { areaConfig } = require('@sukoyaka/build');

// /vitals and home's parcel format dates without date-fns (src/vitals/formats.ts): it comes with
// the pages that chart and list readings, and the server preloads it for them (routeDependencies).
module.exports = (_env, argv) =>
  areaConfig({ folder: 'mf-health', specifier: '@sukoyaka/health', lazyShared: ['date-fns', 'date-fns/locale/ja'] }, argv);
