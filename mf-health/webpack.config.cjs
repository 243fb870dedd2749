const { areaConfig } = require('../webpack.shared.cjs');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-health', specifier: '@sukoyaka/health' }, argv);
