// The incentives area's calls (contract/src/incentives), as one record for app.ts.
export { incentiveHandlers } from './handlers';
export { registerIncentivesJobs } from './job';
