// The health area's calls (contract/src/health), as one record for app.ts: the members' and the
// operators' (operator-stats.ts).
import { healthHandlers as memberHealthHandlers } from './handlers';
import { healthOperatorHandlers } from './operator-stats';

export { healthMemberRecords } from './member-records';
export const healthHandlers = { ...memberHealthHandlers, ...healthOperatorHandlers };
export { connectDemoFitbit, connectFakeFitbit, deleteExpiredFitbitAuthorizations, registerFitbitSyncJob } from './fitbit';
export { registerHealthFiguresJob } from './figures';
