const { areaConfig } = require('../webpack.shared.cjs');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-myna', specifier: '@sukoyaka/myna' }, argv);
