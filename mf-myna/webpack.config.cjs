const { areaConfig } = require('@sukoyaka/build');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-myna', specifier: '@sukoyaka/myna' }, argv);
