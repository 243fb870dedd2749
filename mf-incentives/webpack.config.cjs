const { areaConfig } = require('../webpack.shared.cjs');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-incentives', specifier: '@sukoyaka/incentives' }, argv);
