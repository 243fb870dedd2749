import { z } from 'zod/mini';
import { DATE_MIN } from '../date-bounds';
import { documented } from '../documented';

/*
 * Field builders with Japanese messages that name the field. The same schema validates the
 * form in the browser and the call in the bff, so a member reads the same sentence either way.
 * In the browser this folder is a module of its own (`@sukoyaka/contract/fields`, with zod/mini),
 * loaded with the area modules that build schemas from it: pages without a form do without zod.
 */

/**
 * A UUID in its text form, any version, either case (the form is case-insensitive): the one check
 * of a record id, in the contract's fields and the bff alike.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);

/** A UUID as PostgreSQL prints it (lower case): what the server itself wrote, e.g. into a cursor. */
export const isCanonicalUuid = (value: string): boolean => isUuid(value) && value === value.toLowerCase();

/** Text that is more than whitespace (JavaScript's `\\s`, what `trim()` removes): a required field. */
export const NOT_BLANK_PATTERN = '\\S';

export function requiredText(label: string, max = 255) {
  return documented(
    z
      .string({ error: `${label}を入力してください` })
      .check(z.trim(), z.minLength(1, `${label}を入力してください`), z.maxLength(max, `${label}は${max}文字以内で入力してください`)),
    { pattern: NOT_BLANK_PATTERN, description: 'Trimmed before it is checked: whitespace alone is refused.' },
  );
}

/**
 * A file's name as an uploader gives it: no path separators, no control characters (it goes into a
 * download header), and no bidirectional override or isolate (U+202A–U+202E, U+2066–U+2069),
 * which would make 「請求書(U+202E)fdp.exe」 read as 「請求書exe.pdf」 to whoever downloads it.
 */
export function fileName(label = 'ファイル名', max = 100) {
  return documented(
    requiredText(label, max).check(
      z.refine(
        (name) =>
          ![...name].some((character) => character === '/' || character === '\\' || character.charCodeAt(0) < 0x20 || character === '\x7f'),
        `${label}に使えない文字が含まれています`,
      ),
      z.refine((name) => !/[\u202a-\u202e\u2066-\u2069]/.test(name), `${label}に文字の向きを変える制御文字は使えません`),
    ),
    {
      pattern: '^(?=[\\s\\S]*\\S)[^/\\\\\\u0000-\\u001f\\u007f\\u202a-\\u202e\\u2066-\\u2069]+$',
      description: 'No path separator (/ \\), control character or bidirectional override; not whitespace alone.',
    },
  );
}

/** A value an OAuth-style return hands back (`code`, `state`): printable ASCII, bounded. */
export function callbackText(label: string) {
  return z
    .string({ error: `${label}がありません` })
    .check(
      z.minLength(1, `${label}がありません`),
      z.maxLength(2048, `${label}が長すぎます`),
      z.regex(/^[\x21-\x7e]+$/, `${label}の形式が正しくありません`),
    );
}

export function emailAddress(label = 'メールアドレス') {
  return documented(emailAddressUndocumented(label), EMAIL_DOCUMENTATION);
}

function emailAddressUndocumented(label: string) {
  return z.pipe(
    z
      .string({ error: `${label}を入力してください` })
      .check(
        z.trim(),
        z.minLength(1, `${label}を入力してください`),
        z.maxLength(254, `${label}は254文字以内で入力してください`),
        z.toLowerCase(),
      ),
    z.email({ error: `${label}の形式が正しくありません` }),
  );
}

/**
 * The pattern and format of an address (zod's `z.email()`), which `emailAddress` checks after
 * trimming and lower-casing: what the OpenAPI document says of every address field.
 */
export const EMAIL_DOCUMENTATION = (toJson: (schema: z.ZodMiniType) => Record<string, unknown>) => {
  const { format, pattern } = toJson(z.email());
  return { format, pattern, description: 'An e-mail address (compared in lower case).' } as Record<string, unknown>;
};

export function password(label = 'パスワード') {
  return z
    .string({ error: `${label}を入力してください` })
    .check(z.minLength(1, `${label}を入力してください`), z.maxLength(128, `${label}は128文字以内で入力してください`));
}

/** A whole number within physiological bounds, e.g. 最高血圧 60〜300 mmHg. */
export function integerInRange(label: string, min: number, max: number, unit = '') {
  const range = `${label}は${min}〜${max}${unit}の範囲で入力してください`;
  return z
    .number({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label}を入力してください` : `${label}は数値で入力してください`,
    })
    .check(z.int(`${label}は整数で入力してください`), z.gte(min, range), z.lte(max, range));
}

/**
 * A moment with its UTC offset (ISO 8601), not in the future (a few minutes of clock skew
 * allowed) and not before 1900-01-01 (spec §5).
 */
export function pastMoment(label: string) {
  const format = z.iso.datetime({ offset: true });
  return documented(pastMomentUndocumented(label, format), (toJson) => ({
    ...momentDocumentation(toJson),
    'x-earliest': `${DATE_MIN}T00:00:00+09:00`,
    'x-latest': 'now',
    description: 'A moment with its UTC offset, from 1900-01-01 (Japan) to now (a few minutes ahead are forgiven).',
  }));
}

/** The format and pattern of `z.iso.datetime({ offset: true })`, for a field that checks it in a refinement. */
export function momentDocumentation(toJson: (schema: z.ZodMiniType) => Record<string, unknown>): Record<string, unknown> {
  const { format, pattern } = toJson(z.iso.datetime({ offset: true }));
  return { format, pattern };
}

function pastMomentUndocumented(label: string, format: z.ZodMiniType) {
  return z.string({ error: `${label}を入力してください` }).check(
    z.minLength(1, `${label}を入力してください`),
    z.superRefine((value, ctx) => {
      // One message at a time: a malformed value is not also "before 1900".
      if (!format.safeParse(value).success) {
        ctx.addIssue({ code: 'custom', message: `${label}の形式が正しくありません` });
      } else if (Date.parse(value) < Date.parse(`${DATE_MIN}T00:00:00+09:00`)) {
        ctx.addIssue({ code: 'custom', message: `${label}は1900年1月1日以降の日時を入力してください` });
      } else if (Date.parse(value) > Date.now() + 5 * 60 * 1000) {
        ctx.addIssue({ code: 'custom', message: `${label}に未来の日時は指定できません` });
      }
    }),
  );
}

/** Page size of a cursor-paginated list, from a query string. */
export function pageSize(defaultSize = 20, max = 100) {
  return z._default(
    z.coerce
      .number<number>({ error: '表示件数は数値で指定してください' })
      .check(
        z.int('表示件数は整数で指定してください'),
        z.gte(1, `表示件数は1〜${max}の範囲で指定してください`),
        z.lte(max, `表示件数は1〜${max}の範囲で指定してください`),
      ),
    defaultSize,
  );
}

export const cursor = documented(
  z
    .string({ error: 'カーソルの形式が正しくありません' })
    .check(z.maxLength(200, 'カーソルの形式が正しくありません'), z.regex(/^[A-Za-z0-9_-]+$/, 'カーソルの形式が正しくありません')),
  { 'x-state-dependent': 'The nextCursor of the previous page, as it was answered (opaque).' },
);

export const isoTimestamp = z.string();
export const nullableTimestamp = z.nullable(z.string());

/**
 * A decimal within bounds, to a fixed number of places (体重 20.0〜300.0 kg to 0.1). JSON numbers
 * are binary, so "to 0.1" is checked with a tolerance rather than by exact remainder.
 */
export function decimalInRange(label: string, min: number, max: number, places: number, unit = '') {
  const range = `${label}は${min.toFixed(places)}〜${max.toFixed(places)}${unit}の範囲で入力してください`;
  const scale = 10 ** places;
  return documented(decimal(label, min, max, places, range, scale), {
    multipleOf: 1 / scale,
    description: `To ${places === 0 ? 'a whole number' : `${places} decimal place${places > 1 ? 's' : ''}`} (a binary rounding error within 1e-6 of a step is forgiven).`,
  });
}

function decimal(label: string, min: number, max: number, places: number, range: string, scale: number) {
  return z.pipe(
    z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? `${label}を入力してください` : `${label}は数値で入力してください`,
      })
      .check(
        z.gte(min, { error: range, abort: true }),
        z.lte(max, { error: range, abort: true }),
        z.refine(
          (value) => Math.abs(Math.round(value * scale) - value * scale) < 1e-6,
          places === 0 ? `${label}は整数で入力してください` : `${label}は小数点以下${places}桁までで入力してください`,
        ),
      ),
    z.transform((value) => Math.round(value * scale) / scale),
  );
}

export * from './error-schema';
export * from './image-schemas';
