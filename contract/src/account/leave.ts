import { z } from 'zod/mini';
import { defineCall } from '../define';
import { memberDataExportFormats } from '../account-terms';
import { isoTimestamp } from '../fields';

/*
 * Taking one's records and leaving the service (issue 24 #15; the PHR service guideline and APPI
 * expect both). The download is a file route, not a call (a call answers JSON): the page fetches
 * it and saves what the server sent, with its own name and type. Leaving is a call that needs the
 * password step-up; docs/decisions/0001-leaving-the-service.md says what goes and what stays.
 */

/** The download's query: the format, and whether the My Number records (their step-up) are included. */
export const memberDataExportQuery = () =>
  z.object({
    format: z.enum(memberDataExportFormats, { error: '形式を選択してください' }),
    myna: z.optional(z.enum(['0', '1'], { error: 'マイナポータルの記録を含めるかを選択してください' })),
  });

export const getLeaveServiceSummary = defineCall({
  name: 'getLeaveServiceSummary',
  method: 'GET',
  access: 'member',
  summary:
    'What leaving would forfeit and end for the signed-in member: point balances per program, coins, physical gift orders not shipped yet (cancelled by leaving), and whether a wearable or My Number Portal connection exists.',
  input: () => z.strictObject({}),
  output: () =>
    z.object({
      points: z.array(z.object({ programName: z.string(), points: z.number().check(z.int()) })),
      coins: z.number().check(z.int()),
      wearableConnected: z.boolean(),
      mynaConnected: z.boolean(),
      /** Physical gifts ordered and not shipped yet: leaving cancels them, and their points are not given back. */
      pendingGiftOrders: z.array(z.object({ giftName: z.string(), orderNumber: z.string(), orderedAt: isoTimestamp })),
      retentionYears: z.number().check(z.int()),
    }),
});

export const leaveService = defineCall({
  name: 'leaveService',
  method: 'POST',
  access: 'member',
  stepUp: 'password',
  summary:
    "Leaves the service (退会): ends every session, revokes the wearable and My Number grants, frees the roster entry, forfeits the balances, deletes the member's personal records and anonymises the ledger and audit entries kept, in one transaction.",
  // Strict: a leaving request is exactly what the page sends, nothing else rides along.
  input: () =>
    z.strictObject({
      confirm: z.literal(true, { error: '退会の確認にチェックを入れてください' }),
    }),
  output: () =>
    z.object({
      leftAt: isoTimestamp,
      forfeited: z.object({ points: z.number().check(z.int()), coins: z.number().check(z.int()) }),
    }),
});
