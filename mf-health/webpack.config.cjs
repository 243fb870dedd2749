const { areaConfig } = require('@sukoyaka/build');

// Loaded with the pages that need them, not with the area's entry (the server preloads them for
// those pages: routeDependencies):
// - date-fns: /vitals and home's parcel format dates without it (src/vitals/formats.ts); it comes
//   with the pages that chart and list readings;
// - the contract's health module (its schemas and labels, 7.8 KiB): /vitals and home's parcel
//   show the summary without it (src/vitals/reading-details.ts holds what the lists need of it).
module.exports = (_env, argv) =>
  areaConfig(
    { folder: 'mf-health', specifier: '@sukoyaka/health', lazyShared: ['date-fns', 'date-fns/locale/ja', '@sukoyaka/contract/health'] },
    argv,
  );
