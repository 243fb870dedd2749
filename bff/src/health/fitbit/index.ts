// The Fitbit connection (Google Health API): its calls, the scheduled sync, the demo connection.
export { deleteExpiredFitbitAuthorizations } from './connections';
export { fitbitHandlers } from './handlers';
export { registerFitbitSyncJob } from './job';
export { connectDemoFitbit, connectFakeFitbit } from './demo';
