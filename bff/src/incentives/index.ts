// The incentives area's calls (contract/src/incentives), as one record for app.ts: the members'
// and the operators' (operator-handlers.ts).
import { incentiveHandlers as memberIncentiveHandlers } from './handlers';
import { incentiveOperatorHandlers } from './operator-handlers';

export const incentiveHandlers = { ...memberIncentiveHandlers, ...incentiveOperatorHandlers };
export { registerIncentivesJobs } from './job';
