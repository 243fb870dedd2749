// React DOM and its client (createRoot), one module: every page needs both
// (root-config/webpack.config.cjs).
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
export * from 'react-dom';
export * from 'react-dom/client';
// Both name it: one binding, not an ambiguous star export.
export { version } from 'react-dom';
export default { ...ReactDOM, ...ReactDOMClient };
