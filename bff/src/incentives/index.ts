// The incentives area's calls (contract/src/incentives), as one record for app.ts: the members'
// and the operators' (operator-handlers.ts).
import { incentiveHandlers as memberIncentiveHandlers } from './handlers';
import { incentiveOperatorHandlers } from './operator-handlers';
import { competitionHandlers } from './competitions';
import { challengeHandlers } from './challenges';
import { removeOperatorGiftImage, setOperatorGiftImage } from './gift-image-handlers';
import { giftOrderOperatorHandlers } from './gift-orders';
import { walkingEventHandlers } from './walking-events';

export const incentiveHandlers = {
  ...memberIncentiveHandlers,
  ...incentiveOperatorHandlers,
  ...competitionHandlers,
  ...challengeHandlers,
  ...giftOrderOperatorHandlers,
  ...walkingEventHandlers,
  setOperatorGiftImage,
  removeOperatorGiftImage,
};
export { giftImagesRoute } from './gift-images';
export { registerIncentivesJobs } from './job';
export { settleEarnings } from './programs';
export { challengesMemberRecords, settleChallengesAndEarnings } from './challenges';
export { incentivesMemberRecords } from './member-records';
export { walkingMemberRecords } from './walking-member-records';
export { registerExpiryNotices } from './expiry-notices';
export { walkingStepDay } from './walking-events';
