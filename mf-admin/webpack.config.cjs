const { areaConfig } = require('@sukoyaka/build');

// The console's layout has a select (the association switcher): mf-shared's widgets come with the entry.
module.exports = (_env, argv) =>
  areaConfig({ folder: 'mf-admin', specifier: '@sukoyaka/admin', eagerShared: ['@sukoyaka/shared/widgets'] }, argv);
