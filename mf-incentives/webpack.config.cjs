const { areaConfig } = require('@sukoyaka/build');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-incentives', specifier: '@sukoyaka/incentives' }, argv);
