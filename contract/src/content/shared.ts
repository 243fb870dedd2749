import { z } from 'zod/mini';
import { foldKana } from '../kana';

/** A content record's id (a UUID), with the field named in the message. */
export function contentId(label: string) {
  return z
    .string({ error: `${label}を指定してください` })
    .check(z.regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/, `${label}の形式が正しくありません`));
}

/**
 * A link into the site: a same-site absolute path ("/enquetes/…"), never a scheme or another host
 * ("//evil.example" is another host), so an operator's link cannot lead a member off the site.
 */
export const sitePath = z
  .string()
  .check(
    z.maxLength(300, 'リンク先は300文字以内で入力してください'),
    z.regex(/^\/(?!\/)[A-Za-z0-9\-._~/?=&%#:]*$/, 'リンク先はサイト内のパス（/ から始まる）で入力してください'),
  );

/**
 * Folds Japanese text for search: full/half width and katakana/hiragana as foldKana (the one
 * place they are folded), and lower case. The FAQ search applies it to the word and the text alike.
 */
export function foldForSearch(value: string): string {
  return foldKana(value).toLowerCase();
}

/** A moment an operator types (ISO 8601 with its offset), with the field named in the message. */
export const operatorMoment = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label}の形式が正しくありません（例：2026-12-01T09:00:00+09:00）` });

/** The publish window of operators' content (announcements, articles): a start and an optional end. */
export const publishWindowFields = {
  publishFrom: operatorMoment('掲載開始日時'),
  publishUntil: z.optional(z.nullable(operatorMoment('掲載終了日時'))),
};

/** The window's end after its start, named at publishUntil: `.check(z.refine(windowInOrder, WINDOW_ORDER))`. */
export const windowInOrder = (value: { publishFrom: string; publishUntil?: string | null | undefined }) =>
  !value.publishUntil || Date.parse(value.publishUntil) > Date.parse(value.publishFrom);
export const WINDOW_ORDER = { path: ['publishUntil'], message: '掲載終了日時は掲載開始日時より後にしてください' };
/** The same rule for the OpenAPI document (`documented`). */
export const WINDOW_DOCUMENTATION = {
  'x-field-comparisons': [{ left: 'publishFrom', operator: '<' as const, right: 'publishUntil' }],
  description: 'publishUntil, when given, is after publishFrom.',
};
