import { z } from 'zod/mini';
import { defineCall } from '../define';
import { daySeries, operatorAssociationId, operatorPeriodInput } from '../operators/shared';

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
