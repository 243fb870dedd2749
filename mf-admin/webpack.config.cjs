const { areaConfig } = require('@sukoyaka/build');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-admin', specifier: '@sukoyaka/admin' }, argv);
