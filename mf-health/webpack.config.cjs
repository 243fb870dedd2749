const { areaConfig } = require('@sukoyaka/build');

// date-fns comes with the pages that chart and list readings, as it is lazy for every area
// (build/shared.cjs): /vitals and home's parcel format dates without it (src/vitals/formats.ts).
// (The contract's health module is lazy for every area too: /vitals and home's parcel show the
// summary without it, src/vitals/reading-details.ts holding what the lists need of it.)
module.exports = (_env, argv) => areaConfig({ folder: 'mf-health', specifier: '@sukoyaka/health' }, argv);
