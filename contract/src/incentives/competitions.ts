import { z } from 'zod/mini';
import { defineCall } from '../define';
import { isoTimestamp } from '../fields';

/*
 * Prize competitions (懸賞, spec §1 "open prize competitions"): a period, how to enter (reach a
 * step total in the period, or enter with coins) and the prizes. Winners are drawn on the server
 * after the period from a recorded seed anyone can re-compute: SHA-256 of the secret committed at
 * creation (its hash is shown from the start) and the sorted list of qualifying entries.
 */

export const competitionEntryKinds = ['steps', 'coins'] as const;
export type CompetitionEntryKind = (typeof competitionEntryKinds)[number];

export const competitionPrizeSchema = z.object({ name: z.string(), winners: z.number() });

/** Where the member stands: not entered, entered (and progress), then won or lost after the draw. */
export const competitionStates = ['open', 'entered', 'won', 'lost', 'not_qualified', 'closed'] as const;

/** A competition as members and the association's staff alike read it (operator-competitions.ts adds the winners). */
export const prizeCompetitionFields = {
  id: z.string(),
  title: z.string(),
  description: z.string(),
  startsAt: isoTimestamp,
  endsAt: isoTimestamp,
  entryKind: z.enum(competitionEntryKinds),
  stepsRequired: z.nullable(z.number()),
  coinCost: z.nullable(z.number()),
  prizes: z.array(competitionPrizeSchema),
  /** SHA-256 of the secret committed at creation; the secret is shown once drawn. */
  secretHash: z.string(),
  drawnAt: z.nullable(z.string()),
  drawSeed: z.nullable(z.string()),
  entryCount: z.number(),
};

export const prizeCompetitionSchema = z.object({
  ...prizeCompetitionFields,
  secret: z.nullable(z.string()),
  me: z.object({
    state: z.enum(competitionStates),
    enteredAt: z.nullable(z.string()),
    /** Steps competitions: the member's step total in the period so far. */
    steps: z.nullable(z.number()),
    prize: z.nullable(z.string()),
  }),
});
export type PrizeCompetition = z.infer<typeof prizeCompetitionSchema>;

const competitionId = z
  .string({ error: '懸賞IDを指定してください' })
  .check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, '懸賞IDの形式が正しくありません'));

export const listOpenPrizeCompetitions = defineCall({
  name: 'listOpenPrizeCompetitions',
  method: 'GET',
  access: 'member',
  summary:
    "The prize competitions of the member's association that are open now or ended in the last 30 days, with the member's state (entered, step progress, won or lost after the draw) and the draw's seed once drawn.",
  input: () => z.strictObject({}),
  output: () => z.object({ items: z.array(prizeCompetitionSchema) }),
});

export const enterPrizeCompetition = defineCall({
  name: 'enterPrizeCompetition',
  method: 'POST',
  access: 'member',
  createsResource: true,
  summary:
    'Enters an open competition once (entering again changes nothing). A coin competition charges its cost through the ledger (409 insufficient_balance, nothing charged); a steps competition takes part in the draw when the step total in the period reaches the goal.',
  input: () => z.object({ competitionId }),
  output: () => prizeCompetitionSchema,
});

export const CompetitionErrorCodes = {
  /** 409: the competition is not open for entries now. */
  closed: 'competition_closed',
  /** 409: drawn already, or its period has not ended. */
  notDrawable: 'competition_not_drawable',
} as const;
