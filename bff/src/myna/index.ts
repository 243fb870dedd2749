// The My Number Portal area's calls (contract/src/myna), as one record for app.ts.
export { mynaHandlers } from './handlers';
