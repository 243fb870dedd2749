// Stands in for axios's fetch adapter in the shared axios module: mf-shared's client uses the
// XMLHttpRequest adapter (createHttpClient's `adapter: 'xhr'`), so the fetch adapter, its streams
// and multipart helpers would be bytes every page loads and never runs (issue 26's /login budget).
export const getFetch = () => false;
export default false;
