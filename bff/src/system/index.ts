// The system area: liveness and the session reads every page makes (contract/src/system).
export { systemHandlers } from './handlers';
