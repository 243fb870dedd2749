const { areaConfig } = require('../webpack.shared.cjs');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-admin', specifier: '@sukoyaka/admin' }, argv);
