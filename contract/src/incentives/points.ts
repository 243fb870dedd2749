import { z } from 'zod/mini';
import { defineCall } from '../define';
import { expirySchema, historyInput, menuSchema, pointId, transactionPage, userActionSchema } from './shared';

export const pointAccountSchema = z.object({
  pointId: z.string(),
  name: z.string(),
  /** Spendable points now. */
  balance: z.number().check(z.int()),
  /** What expires when, soonest first. */
  expiries: z.array(expirySchema),
  /** The program needs consent and the member has not given it for its current version. */
  requiresAgreement: z.boolean(),
});
export type PointAccount = z.infer<typeof pointAccountSchema>;

export const pointInfoSchema = z.object({
  pointId: z.string(),
  name: z.string(),
  description: z.string(),
  expiryMonths: z.number().check(z.int()),
  requiresConsent: z.boolean(),
  consentVersion: z.number().check(z.int()),
  consentText: z.string(),
  agreed: z.boolean(),
});
export type PointInfo = z.infer<typeof pointInfoSchema>;

export const getEnablePointAccount = defineCall({
  name: 'getEnablePointAccount',
  method: 'GET',
  access: 'member',
  summary: "The member's account in one program of their association: balance and what expires when.",
  input: () => z.object({ pointId }),
  output: () => pointAccountSchema,
});

export const listEnablePointAccounts = defineCall({
  name: 'listEnablePointAccounts',
  method: 'GET',
  access: 'member',
  summary: "The member's accounts in every program of their association (empty without an association).",
  input: () => z.object({}),
  output: () => z.object({ accounts: z.array(pointAccountSchema) }),
});

export const getPointInfo = defineCall({
  name: 'getPointInfo',
  method: 'GET',
  access: 'member',
  summary: 'A program: its description, expiry, and the consent it needs (for /about and /require_agreement).',
  input: () => z.object({ pointId }),
  output: () => pointInfoSchema,
});

export const listPointMenus = defineCall({
  name: 'listPointMenus',
  method: 'GET',
  access: 'member',
  summary: "What earns how many of a program's points, with daily and total caps.",
  input: () => z.object({ pointId }),
  output: () => z.object({ menus: z.array(menuSchema) }),
});

export const listPointTransactions = defineCall({
  name: 'listPointTransactions',
  method: 'GET',
  access: 'member',
  summary: "The member's history in one program, newest first, optionally one month (Japan time), keyset-paginated.",
  input: () => z.extend(historyInput, { pointId }),
  output: () => transactionPage,
});

export const listPointUserActions = defineCall({
  name: 'listPointUserActions',
  method: 'GET',
  access: 'member',
  summary: "A program's menus with the member's progress today and in total.",
  input: () => z.object({ pointId }),
  output: () => z.object({ actions: z.array(userActionSchema) }),
});

export const createPointAgreement = defineCall({
  name: 'createPointAgreement',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary: "Records the member's consent to a program's current terms (again: no change).",
  input: () => z.object({ pointId }),
  output: () => pointInfoSchema,
});

export const createPointAgreements = defineCall({
  name: 'createPointAgreements',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary: 'Consents to several programs at once (all of the association’s, or none if one is unknown).',
  input: () =>
    z.object({
      pointIds: z.array(pointId).check(z.minLength(1, 'ポイントを選択してください'), z.maxLength(20, 'ポイントは20件まで選択できます')),
    }),
  output: () => z.object({ agreements: z.array(pointInfoSchema) }),
});
