// React and its JSX runtime, one module: every page needs both (root-config/webpack.config.cjs).
import * as React from 'react';
export * from 'react';
// The runtime's Fragment is React's own.
export { jsx, jsxs } from 'react/jsx-runtime';
export default React;
