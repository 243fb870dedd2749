import { randomUUID } from 'node:crypto';
import { keysItself, type Handlers } from '../platform/handlers';
import type { Actor } from '../platform/actor';
import { currentCampaign, enterCampaign, partnerRedirect } from './campaigns';
import { drawGiftChallenge, giftChallengeInfo, listGiftActions, listGifts, listUserGifts, patchUserGift, redeem } from './gifts';
import { deliveryAddressOf, saveDeliveryAddress } from './delivery';
import { listTransactions } from './history';
import { spendableBalance } from './ledger';
import { agree, type Program, listMenus, pointAccount, pointInfo, programOf, programsOf, userActions } from './programs';

/** The ledger key of a write: the member's Idempotency-Key, or a fresh one when the call has none. */
const keyOf = (actor: Actor) => actor.idempotencyKey ?? randomUUID();

// The reads show what has been settled: a write that records activity settles it, the job the
// rest (decision 0006). A read never writes.
export const incentiveHandlers = {
  getCoinAccount: async (_input, { db, member, now }) => ({ balance: await spendableBalance(db, member.id, null, now) }),
  listCoinTransactions: (input, { db, member }) => listTransactions(db, member.id, null, input),
  listCoinUserActions: async (_input, { db, member, now }) => ({ actions: await userActions(db, member.id, null, now) }),
  getGiftChallengeInfo: (_input, { db, member, now }) => giftChallengeInfo(db, member.id, now),
  giftChallenge: (_input, { db, member, now, actor, config }) => drawGiftChallenge(db, member, keyOf(actor), now, config),

  getEnablePointAccount: async (input, { db, member, now }) => {
    const program = await programOf(db, member, input.pointId);
    return pointAccount(db, member.id, program, now);
  },
  listEnablePointAccounts: async (_input, { db, member, now }) => {
    const programs = await programsOf(db, member);
    return { accounts: await Promise.all(programs.map((program) => pointAccount(db, member.id, program, now))) };
  },
  getPointInfo: async (input, { db, member }) => pointInfo(db, member.id, await programOf(db, member, input.pointId)),
  listPointMenus: async (input, { db, member }) => ({ menus: await listMenus(db, (await programOf(db, member, input.pointId)).id) }),
  listPointTransactions: async (input, { db, member }) => {
    const program = await programOf(db, member, input.pointId);
    return listTransactions(db, member.id, program.id, input);
  },
  listPointUserActions: async (input, { db, member, now }) => {
    const program = await programOf(db, member, input.pointId);
    return { actions: await userActions(db, member.id, program.id, now) };
  },
  createPointAgreement: async (input, { db, member, now }) => {
    const program = await programOf(db, member, input.pointId);
    await agree(db, member.id, program, now);
    return pointInfo(db, member.id, program);
  },
  createPointAgreements: async (input, { db, member, now }) => {
    // Every program is checked before any consent is written: one unknown id changes nothing.
    const programs: Program[] = [];
    for (const pointId of new Set(input.pointIds)) programs.push(await programOf(db, member, pointId));
    await db.transaction(async (tx) => {
      for (const program of programs) await agree(tx, member.id, program, now);
    });
    return { agreements: await Promise.all(programs.map((program) => pointInfo(db, member.id, program))) };
  },

  getPointCampaign: async (_input, { db, member, now }) => ({ campaign: await currentCampaign(db, member, now) }),
  entryPointCampaign: (input, { db, member, now }) => enterCampaign(db, member, input.campaignId, now),
  getPointCampaignRedirectURL: (input, { db, member, now }) => partnerRedirect(db, member, input.campaignId, now),

  listPointGifts: async (input, { db, member }) => ({ gifts: await listGifts(db, await programOf(db, member, input.pointId)) }),
  // A coin gift code's redemption writes its Idempotency-Key in its own statement (decision 0043).
  redeemGift: keysItself<'redeemGift'>((input, { db, member, now, actor, config, ownKey }) =>
    redeem(db, member, input.giftId, keyOf(actor), now, config, ownKey ?? null),
  ),
  listVisibleUserGifts: (input, { db, member }) => listUserGifts(db, member.id, input),
  patchUserGift: (input, { db, member, now }) => patchUserGift(db, member.id, input, now),
  listGiftUserActions: (input, { db, member }) => listGiftActions(db, member.id, input),
  getDeliveryAddress: async (_input, { db, member }) => ({ address: await deliveryAddressOf(db, member.id) }),
  saveDeliveryAddress: (input, { db, member, now }) => db.transaction((tx) => saveDeliveryAddress(tx, member.id, input, now)),
} satisfies Partial<Handlers>;
