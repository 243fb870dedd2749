const { areaConfig } = require('@sukoyaka/build');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-account', specifier: '@sukoyaka/account' }, argv);
