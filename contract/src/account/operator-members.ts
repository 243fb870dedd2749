import { z } from 'zod/mini';
import { defineCall } from '../define';
import { documented, requires } from '../documented';
import { emailAddress } from '../fields';
import { daySeries, operatorAssociationId, operatorPeriodInput } from '../operators/shared';
import { memberNumber, memberSymbol } from './org-verification';

// The account area's operator calls (mf-admin): the association's members in figures, and its
// roster imported from a CSV.

export const getOperatorMemberStats = defineCall({
  name: 'getOperatorMemberStats',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary:
    "The association's members for the dashboard: how many there are at the period's end, and sign-ups per day (Japan) in the period.",
  input: () => operatorPeriodInput,
  output: () => z.object({ members: z.number().check(z.int()), signUps: daySeries, signUpTotal: z.number().check(z.int()) }),
});

/** A roster CSV as text: at most 2 MB and 20,000 lines (the importer checks every row). */
export const ROSTER_CSV_MAX_CHARS = 2_000_000;

export const importOperatorRoster = defineCall({
  name: 'importOperatorRoster',
  method: 'POST',
  access: 'operator',
  operatorRole: 'editor',
  // The CSV's characters as UTF-8 (up to 3 bytes each, kanji in a 記号) in a JSON string.
  maxBodyBytes: ROSTER_CSV_MAX_CHARS * 3 + 64 * 1024,
  summary:
    "Imports the association's roster from a CSV (header member_symbol,member_number,birthday): every row is checked and nothing is imported while any row is wrong (the wrong rows are answered by line number); entries already there are kept.",
  input: () =>
    z.object({
      associationId: operatorAssociationId(),
      csv: z
        .string({ error: '名簿のCSVを選んでください' })
        .check(z.minLength(1, '名簿のCSVを選んでください'), z.maxLength(ROSTER_CSV_MAX_CHARS, '名簿のCSVは2MB以内にしてください')),
    }),
  output: () =>
    z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), imported: z.number().check(z.int()), alreadyPresent: z.number().check(z.int()) }),
      z.object({ ok: z.literal(false), errors: z.array(z.object({ line: z.nullable(z.number().check(z.int())), message: z.string() })) }),
    ]),
});

export const getOperatorRosterSummary = defineCall({
  name: 'getOperatorRosterSummary',
  method: 'GET',
  access: 'operator',
  operatorRole: 'viewer',
  summary:
    "The association's roster in figures: its entries, how many a member has linked to, and when an operator last imported one (null: never through the console).",
  input: () => z.object({ associationId: operatorAssociationId() }),
  output: () =>
    z.object({
      entries: z.number().check(z.int()),
      linked: z.number().check(z.int()),
      lastImportedAt: z.nullable(z.string()),
    }),
});

/** How an operator looks a member up: by e-mail address, or by the card's 記号・番号 (the roster's). */
export const memberLookupKinds = ['email', 'card'] as const;
export type MemberLookupKind = (typeof memberLookupKinds)[number];

/**
 * What support sees of a member, and nothing more: who they are to the service (nickname), where
 * their account stands (verified by the association, locked, suspended), when they signed up and
 * last signed in, and whether My Number is linked — never a health value, nor any My Number data.
 */
export const operatorMemberSupportSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  /** When the association confirmed the membership (the roster matched); null: not verified. */
  associationVerifiedAt: z.nullable(z.string()),
  signedUpAt: z.string(),
  /** The last successful sign-in; null: never. */
  lastSignInAt: z.nullable(z.string()),
  /** Locked after failed sign-ins until then; null: not locked now. */
  lockedUntil: z.nullable(z.string()),
  suspended: z.boolean(),
  /** The membership's last day (Japan), when the association set one. */
  membershipExpiresOn: z.nullable(z.string()),
  mynaLinked: z.boolean(),
});
export type OperatorMemberSupport = z.infer<typeof operatorMemberSupportSchema>;

export const lookupOperatorMember = defineCall({
  name: 'lookupOperatorMember',
  method: 'POST',
  access: 'operator',
  operatorRole: 'viewer',
  summary:
    "Finds members of the association by e-mail address (`by: 'email'`) or by the card's 記号・番号 from the roster (`by: 'card'`; several people may share them) and answers only what support needs (operatorMemberSupportSchema). Another association's member is never found. Every lookup is audited (`member_looked_up`: the kind of query and whom it found, never the query itself). A POST, so the address stays out of URLs and logs.",
  input: () =>
    documented(
      z
        .object({
          associationId: operatorAssociationId(),
          by: z.enum(memberLookupKinds, { error: '検索の方法を選んでください' }),
          email: z.optional(emailAddress('メールアドレス')),
          memberSymbol: z.optional(memberSymbol('記号')),
          memberNumber: z.optional(memberNumber('番号')),
        })
        .check(
          z.superRefine((value, ctx) => {
            if (value.by === 'email' && value.email === undefined) {
              ctx.addIssue({ code: 'custom', path: ['email'], message: 'メールアドレスを入力してください' });
            }
            if (value.by === 'card' && value.memberSymbol === undefined) {
              ctx.addIssue({ code: 'custom', path: ['memberSymbol'], message: '記号を入力してください' });
            }
            if (value.by === 'card' && value.memberNumber === undefined) {
              ctx.addIssue({ code: 'custom', path: ['memberNumber'], message: '番号を入力してください' });
            }
          }),
        ),
      {
        allOf: [
          { if: { properties: { by: { const: 'email' } }, required: ['by'] }, then: requires('email') },
          { if: { properties: { by: { const: 'card' } }, required: ['by'] }, then: requires('memberSymbol', 'memberNumber') },
        ],
        description: "`by: 'email'` needs `email`; `by: 'card'` needs `memberSymbol` and `memberNumber`.",
      },
    ),
  output: () => z.object({ members: z.array(operatorMemberSupportSchema) }),
});
