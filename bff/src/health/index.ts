// The health area's calls (contract/src/health), as one record for app.ts.
export { healthHandlers } from './handlers';
export { connectDemoFitbit, connectFakeFitbit, deleteExpiredFitbitAuthorizations, registerFitbitSyncJob } from './fitbit';
