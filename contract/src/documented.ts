import type { z } from 'zod/mini';

/*
 * What a schema's refinements and transforms check, said in JSON Schema. zod's own conversion
 * (z.toJSONSchema) shows `z.regex()`, `z.minLength()`, `z.iso.datetime()` and the like, but not a
 * `z.refine()`, a `z.superRefine()` or what the pipe after a `z.transform()` demands: the OpenAPI
 * document (bff/src/platform/ops/openapi.ts) merges what is written here into the schema's JSON, so
 * a client generated from the document alone sends only what the server accepts.
 *
 * What it says may be stricter than the server (the canonical form of a value the server would
 * also take in other spellings: full-width digits, hyphens), never looser: bff/test/ops/
 * openapi-driven.test.ts sends requests generated from the document and fails on any refusal.
 *
 * The release snapshot of the contract (compat/) is taken from zod's conversion alone: what is
 * documented here does not change a call's fingerprint, since it states what was refused already.
 *
 * Besides JSON Schema's own keywords, three extensions state what JSON Schema cannot:
 * - `x-earliest` / `x-latest` on a `date` or `date-time` string: the first and last instant
 *   accepted, a date-time or a date (a date is its start in Japan, +09:00), or `now` (a date-time
 *   not after the present) or `today` (a date not after today in Japan);
 * - `x-field-comparisons` on an object: each `{ left, operator, right }` (operator `<` or `<=`)
 *   holds when both fields are present, numbers compared as numbers and dates or date-times as
 *   the instants they start at (a date in Japan); `maxDays` bounds `right − left` in days.
 */

/**
 * `x-state-dependent` on a field: its value is also checked against what the server holds (the
 * code it sent, a cursor it gave, the current version of a document); a 400 `invalid_parameters`
 * that names only such fields says the value does not fit that state, not that it is malformed.
 */
export const STATE_DEPENDENT = 'x-state-dependent';

/** One comparison between two fields of an object (`x-field-comparisons`). */
export interface FieldComparison {
  left: string;
  operator: '<' | '<=';
  right: string;
  /** For dates and date-times: `right` is at most this many days after `left`. */
  maxDays?: number;
}

/** JSON Schema keywords (2020-12), a description and the extensions above. */
export type Documentation = {
  description?: string;
  pattern?: string;
  format?: string;
  multipleOf?: number;
  'x-earliest'?: string;
  'x-latest'?: string;
  'x-field-comparisons'?: FieldComparison[];
  'x-state-dependent'?: string;
} & Record<string, unknown>;

/**
 * Documentation that needs other schemas' JSON (an array whose items are checked one by one in the
 * handler, say): a function given the document's own conversion, called only when the document is
 * built, never in the browser.
 */
export type DocumentationSource = Documentation | ((toJson: (schema: z.ZodMiniType) => Record<string, unknown>) => Documentation);

const documentation = new WeakMap<object, DocumentationSource[]>();

/**
 * Records what `schema`'s refinements check and returns the same schema. Call it on the finished
 * schema: a later `.check(…)` (a refinement, `z.trim()`, `z.regex()`) makes a new schema that
 * carries none of it (`z.optional()`, `z.nullable()` and `z._default()` wrap it and keep it).
 */
export function documented<T extends z.ZodMiniType>(schema: T, source: DocumentationSource): T {
  documentation.set(schema, [...(documentation.get(schema) ?? []), source]);
  return schema;
}

/** What was recorded for this very schema, in order (the OpenAPI document merges it). */
export function documentationOf(schema: object): readonly DocumentationSource[] {
  return documentation.get(schema) ?? [];
}

/**
 * `required` in a subschema (`then`, `anyOf`) with the fields it names declared beside it, as
 * linters of OpenAPI documents want (their schemas are the object's own).
 */
export function requires(...names: string[]): { properties: Record<string, object>; required: string[] } {
  return { properties: Object.fromEntries(names.map((name) => [name, {}])), required: names };
}

/** The date-time form every moment of the contract takes (zod's `z.iso.datetime({ offset: true })`). */
export const DATE_TIME_DOCUMENTATION = 'An ISO 8601 date-time with seconds and its UTC offset (2026-05-01T08:30:00+09:00).';
