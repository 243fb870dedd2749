// webpack loader: the contract's imports split per module (webpack.contract.cjs).
const { rewriteContractImports } = require('./webpack.contract.cjs');

module.exports = function contractImportsLoader(source) {
  return rewriteContractImports(source);
};
