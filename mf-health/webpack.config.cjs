const { areaConfig } = require('@sukoyaka/build');

// date-fns is loaded with the pages that need it, not with the area's entry (the server preloads it
// for those pages: routeDependencies): /vitals and home's parcel format dates without it
// (src/vitals/formats.ts); it comes with the pages that chart and list readings. (The contract's
// health module is lazy for every area: /vitals and home's parcel show the summary without it,
// src/vitals/reading-details.ts holding what the lists need of it.)
module.exports = (_env, argv) =>
  areaConfig({ folder: 'mf-health', specifier: '@sukoyaka/health', lazyShared: ['date-fns', 'date-fns/locale/ja'] }, argv);
