import { z } from 'zod/mini';
import { defineCall } from '../define';
import { historyInput, transactionPage, userActionSchema } from './shared';
import { giftImageSchema } from './gift-images';
import { userGiftSchema } from './gifts';

export const coinAccountSchema = z.object({ balance: z.number().check(z.int()) });

export const getCoinAccount = defineCall({
  name: 'getCoinAccount',
  method: 'GET',
  access: 'member',
  summary: "The member's coin balance (coins do not expire).",
  input: () => z.object({}),
  output: () => coinAccountSchema,
});

export const listCoinTransactions = defineCall({
  name: 'listCoinTransactions',
  method: 'GET',
  access: 'member',
  summary: "The member's coin history, newest first, optionally one month (Japan time), keyset-paginated.",
  input: () => historyInput,
  output: () => transactionPage,
});

export const listCoinUserActions = defineCall({
  name: 'listCoinUserActions',
  method: 'GET',
  access: 'member',
  summary: 'How to earn coins: each coin rule with the member’s progress today and in total.',
  input: () => z.object({}),
  output: () => z.object({ actions: z.array(userActionSchema) }),
});

export const giftChallengeInfoSchema = z.object({
  /** Coins one draw costs. */
  cost: z.number().check(z.int()),
  /** The chance to win, in basis points (1000 = 10%), and as the member reads it. */
  oddsBasisPoints: z.number().check(z.int()),
  oddsLabel: z.string(),
  prizes: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), image: z.nullable(giftImageSchema) })),
  balance: z.number().check(z.int()),
  /** False when no prize is in stock or the balance does not cover a draw. */
  available: z.boolean(),
});

export const getGiftChallengeInfo = defineCall({
  name: 'getGiftChallengeInfo',
  method: 'GET',
  access: 'member',
  summary: 'The gift challenge: its cost in coins, its stated odds, the prizes and whether the member can draw now.',
  input: () => z.object({}),
  output: () => giftChallengeInfoSchema,
});

export const giftChallenge = defineCall({
  name: 'giftChallenge',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary:
    'Spends the cost in coins on one draw (crypto.randomInt on the server, recorded); a win hands out a prize. Idempotent per Idempotency-Key.',
  input: () => z.object({}),
  output: () =>
    z.object({ drawId: z.string(), won: z.boolean(), userGift: z.nullable(userGiftSchema), balance: z.number().check(z.int()) }),
});
