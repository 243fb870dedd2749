import type { CallDefinition } from '../define';
import { entryPointCampaign, getPointCampaign, getPointCampaignRedirectURL } from './campaigns';
import { challengeCalls } from './challenges';
import { enterPrizeCompetition, listOpenPrizeCompetitions } from './competitions';
import { createOperatorPrizeCompetition, drawOperatorPrizeCompetition, listOperatorPrizeCompetitions } from './operator-competitions';
import { deliveryCalls } from './delivery';
import { walkingEventCalls } from './walking-events';
import { giftOrderOperatorCalls } from './operator-orders';
import { getCoinAccount, getGiftChallengeInfo, giftChallenge, listCoinTransactions, listCoinUserActions } from './coins';
import { incentiveOperatorCalls } from './operator-programs';
import { removeOperatorGiftImage, setOperatorGiftImage } from './gift-images';
import { listGiftUserActions, listPointGifts, listVisibleUserGifts, patchUserGift, redeemGift } from './gifts';
import {
  createPointAgreement,
  createPointAgreements,
  getEnablePointAccount,
  getPointInfo,
  listEnablePointAccounts,
  listPointMenus,
  listPointTransactions,
  listPointUserActions,
} from './points';

/** The incentives area's calls (mf-incentives, bff/src/incentives). */
export const incentiveCalls = {
  getCoinAccount,
  listCoinTransactions,
  listCoinUserActions,
  giftChallenge,
  getGiftChallengeInfo,
  getEnablePointAccount,
  listEnablePointAccounts,
  getPointInfo,
  listPointMenus,
  listPointTransactions,
  listPointUserActions,
  createPointAgreement,
  createPointAgreements,
  getPointCampaign,
  entryPointCampaign,
  getPointCampaignRedirectURL,
  listPointGifts,
  redeemGift,
  listVisibleUserGifts,
  patchUserGift,
  listGiftUserActions,
  ...deliveryCalls,
  ...incentiveOperatorCalls,
  setOperatorGiftImage,
  removeOperatorGiftImage,
  ...giftOrderOperatorCalls,
  listOpenPrizeCompetitions,
  enterPrizeCompetition,
  listOperatorPrizeCompetitions,
  createOperatorPrizeCompetition,
  drawOperatorPrizeCompetition,
  ...walkingEventCalls,
  ...challengeCalls,
} as const satisfies Record<string, CallDefinition>;

export { campaignSchema } from './campaigns';
export { CHALLENGE_MAX_TARGET_DAYS, challengeKinds, challengeSchema, operatorChallengeSchema } from './challenges';
export type { Challenge, ChallengeKind, OperatorChallenge } from './challenges';
export type { PointCampaign } from './campaigns';
export { coinAccountSchema, giftChallengeInfoSchema } from './coins';
export { CompetitionErrorCodes, competitionEntryKinds, competitionStates, prizeCompetitionSchema } from './competitions';
export type { CompetitionEntryKind, PrizeCompetition } from './competitions';
export { operatorCompetitionSchema } from './operator-competitions';
export type { OperatorCompetition } from './operator-competitions';
export {
  GIFT_IMAGE_MAX_BYTES,
  GIFT_IMAGE_MAX_MESSAGE,
  GIFT_IMAGE_PATH,
  GIFT_IMAGE_TYPE_MESSAGE,
  GIFT_IMAGE_WIDTHS,
  giftImageSchema,
} from './gift-images';
export type { GiftImage } from './gift-images';
export { giftActionSchema, giftKinds, giftSchema, userGiftSchema } from './gifts';
export { deliveryAddressInput, deliveryAddressSchema, giftOrderSchema, japanesePhoneNumber, postalCode } from './delivery';
export type { DeliveryAddress, DeliveryAddressInput, GiftOrder } from './delivery';
export { GIFT_ORDER_EXPORT_MAX_ROWS, operatorGiftOrderSchema } from './operator-orders';
export type { OperatorGiftOrder } from './operator-orders';
export type { Gift, UserGift } from './gifts';
export { pointAccountSchema, pointInfoSchema } from './points';
export type { PointAccount, PointInfo } from './points';
export * from './shared';
export { operatorMenuInput, operatorMenuKinds, operatorProgramSchema } from './operator-programs';
export type { OperatorMenuInput, OperatorProgram } from './operator-programs';
export * from './walking-events';
