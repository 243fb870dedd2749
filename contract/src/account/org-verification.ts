import { z } from 'zod/mini';
import { documented } from '../documented';
import { defineCall } from '../define';
import { nullableTimestamp, UUID_PATTERN } from '../fields';
import { PAST_DATE_DOCUMENTATION, pastCalendarDate } from './step-up';

/*
 * Organisation verification: a member links to their health-insurance association by what is
 * printed on their insurance card (保険者番号, 記号, 番号) and their birthday, matched against the
 * association's roster. The same field builders validate the page, the call and the roster CSV.
 */

/** Our error codes of this flow (the shape is the usual `{ code, message }`). */
export const OrgVerificationErrorCodes = {
  /** 400: nothing matched; the message never says which part was wrong. */
  noMatch: 'association_member_not_found',
  /** 409: the member is already linked to an association. */
  alreadyLinked: 'association_already_linked',
} as const;

export const ORG_NO_MATCH_MESSAGE = '入力された情報に一致する加入者が見つかりませんでした。保険証の記載内容をご確認ください。';
export const ORG_ALREADY_LINKED_MESSAGE = 'すでに健康保険組合の加入者情報が登録されています。';
export const ORG_TOO_MANY_ATTEMPTS_MESSAGE = '確認に失敗した回数が上限に達しました。1時間ほど時間をおいてから再度お試しください。';

/** The id of a record (a UUID), e.g. an association's, from a query string or a body. */
export function recordId(label: string) {
  return z.string({ error: `${label}を指定してください` }).check(z.regex(UUID_PATTERN, `${label}の形式が正しくありません`));
}

/**
 * What a member types from their card: full-width digits and letters become half-width (NFKC),
 * spaces around are dropped. Roster CSVs go through the same, so both sides compare alike.
 */
export function normalizeCardText(value: string): string {
  return value.normalize('NFKC').trim();
}

/** Digits only: spaces and hyphens inside carry no meaning in a number and are dropped too. */
export function normalizeCardDigits(value: string): string {
  return normalizeCardText(value).replace(/[\s\-‐‑–—−ー]/g, '');
}

/** 保険者番号: the association's 8-digit insurer number. */
export function insurerNumber(label = '保険者番号') {
  return documented(
    z.pipe(
      z.pipe(z.string({ error: `${label}を入力してください` }), z.transform(normalizeCardDigits)),
      z
        .string()
        .check(
          z.minLength(1, { error: `${label}を入力してください`, abort: true }),
          z.regex(/^\d{8}$/, `${label}は8桁の数字で入力してください`),
        ),
    ),
    {
      pattern: '^[0-9]{8}$',
      description: 'Eight digits (full-width digits, spaces and hyphens are also taken and dropped).',
    },
  );
}

/** 記号: printed on the card; usually digits, sometimes with letters or kana. */
export function memberSymbol(label = '記号') {
  return documented(memberSymbolUndocumented(label), {
    pattern: CARD_SYMBOL_PATTERN,
    description: '1–20 characters as printed on the card: digits, letters, kana, kanji (compared after NFKC and trimming).',
  });
}

/** Characters a card's 記号 is printed in that NFKC keeps as they are (the document's canonical form). */
const CARD_SYMBOL_PATTERN = '^[0-9A-Za-z\\u3041-\\u3096\\u30a1-\\u30fa\\u30fc\\u4e00-\\u9fff]{1,20}$';

function memberSymbolUndocumented(label: string) {
  return z.pipe(
    z.pipe(z.string({ error: `${label}を入力してください` }), z.transform(normalizeCardText)),
    z
      .string()
      .check(
        z.minLength(1, { error: `${label}を入力してください`, abort: true }),
        z.maxLength(20, `${label}は20文字以内で入力してください`),
        z.regex(/^[^\p{Cc}\p{Cf}]+$/u, `${label}に使用できない文字が含まれています`),
      ),
  );
}

/** 番号: the insured person's number on the card, digits only. */
export function memberNumber(label = '番号') {
  return documented(memberNumberUndocumented(label), {
    pattern: '^[0-9]{1,20}$',
    description: 'Up to 20 digits (full-width digits, spaces and hyphens are also taken and dropped).',
  });
}

function memberNumberUndocumented(label: string) {
  return z.pipe(
    z.pipe(z.string({ error: `${label}を入力してください` }), z.transform(normalizeCardDigits)),
    z
      .string()
      .check(
        z.minLength(1, { error: `${label}を入力してください`, abort: true }),
        z.maxLength(20, `${label}は20桁以内で入力してください`),
        z.regex(/^\d+$/, `${label}は数字で入力してください`),
      ),
  );
}

/** A birthday as yyyy-MM-dd: the same rule as the birthday confirmation (step-up). */
export function birthDate(label = '生年月日') {
  // An empty value reads "enter it", not also "malformed".
  return documented(
    z.pipe(
      z
        .string({ error: `${label}を入力してください` })
        .check(z.trim(), z.minLength(1, { error: `${label}を入力してください`, abort: true })),
      pastCalendarDate(label),
    ),
    PAST_DATE_DOCUMENTATION,
  );
}

/** One roster entry as the member gives it, and as a roster CSV row is checked. */
export const rosterIdentityInput = z.object({
  memberSymbol: memberSymbol(),
  memberNumber: memberNumber(),
  birthday: birthDate(),
});

export const verifyOrganizationInput = z.object({
  insurerNumber: insurerNumber(),
  memberSymbol: memberSymbol(),
  memberNumber: memberNumber(),
  birthday: birthDate(),
});

const associationSummary = z.object({ id: z.string(), name: z.string() });

export const verifyOrganization = defineCall({
  name: 'verifyOrganization',
  method: 'POST',
  access: 'member',
  summary:
    "Links the member to the association whose roster has their card's insurer number, 記号, 番号 and birthday; `next` is where to go from here.",
  input: () => verifyOrganizationInput,
  output: () => z.object({ association: associationSummary, next: z.string() }),
});

export const listUserAssociationsByUserID = defineCall({
  name: 'listUserAssociationsByUserID',
  method: 'GET',
  access: 'member',
  summary: "The signed-in member's verified associations (at most one today). `userId`, when given, must be the member's own.",
  input: () => z.object({ userId: z.optional(recordId('会員ID')) }),
  output: () => z.object({ items: z.array(z.extend(associationSummary, { verifiedAt: nullableTimestamp })) }),
});

export const getAssociation = defineCall({
  name: 'getAssociation',
  method: 'GET',
  access: 'member',
  summary: "The member's own association; any other id is not found.",
  input: () => z.object({ associationId: recordId('健康保険組合ID') }),
  output: () => z.object({ id: z.string(), name: z.string(), insurerNumber: z.nullable(z.string()) }),
});

export type VerifyOrganizationInput = z.input<typeof verifyOrganizationInput>;
