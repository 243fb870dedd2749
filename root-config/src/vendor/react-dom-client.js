import * as ReactDOMClient from 'react-dom/client';
export * from 'react-dom/client';
export default ReactDOMClient;
