import { screenLink } from '@sukoyaka/shared';

/**
 * Incentive links: inside the native apps' web views the app's own screens (mf-shared's deep
 * links), in a browser the web pages. Screens without a deep link stay web paths.
 */
export const links = {
  point: (pointId: string) => screenLink('point', { pointId }),
  pointEarning: (pointId: string) => screenLink('pointUserActions', { pointId }),
  coinEarning: () => screenLink('coinUserActions', {}),
  userGift: (giftId: string) => screenLink('incentiveGift', { giftId }),
  userGifts: () => '/incentives/user_gifts',
  /** A monthly challenge's page (issue 29): a web page everywhere. */
  challenge: (challengeId: string) => `/incentives/challenges/${encodeURIComponent(challengeId)}`,
};
