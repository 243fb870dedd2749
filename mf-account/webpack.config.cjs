const { areaConfig } = require('../webpack.shared.cjs');

module.exports = (_env, argv) => areaConfig({ folder: 'mf-account', specifier: '@sukoyaka/account' }, argv);
