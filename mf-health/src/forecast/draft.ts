// The page's inputs as the member sees and edits them: text for numbers, a choice for sex and the
// yes/no questions, ticks for the conditions, each with where its value came from. The contract's
// schema turns a draft into inputs (the same messages as the server), the score module into a
// forecast: nothing here computes a risk. The schema loads when the member first changes or
// touches an input (issue 27's script budget); until then the values are the server's own.
import type { ForecastInputKey, ForecastInputSource, ForecastInputValues, ForecastKnownInputs } from '@sukoyaka/contract';
import type { forecastInputsInput } from '@sukoyaka/contract/health';

export type ForecastInputsSchema = typeof forecastInputsInput;

export const NUMBER_KEYS = ['age', 'systolic', 'ldl', 'hdl'] as const;
export const YES_NO_KEYS = ['impairedGlucose', 'smoker'] as const;
export const CONDITION_KEYS = ['coronaryDisease', 'diabetes', 'ckd', 'pad', 'nonCardiogenicStroke'] as const;

type NumberKey = (typeof NUMBER_KEYS)[number];
type YesNoKey = (typeof YES_NO_KEYS)[number];
type ConditionKey = (typeof CONDITION_KEYS)[number];

export interface Origin {
  source: ForecastInputSource;
  on: string | null;
}

export type Draft = { sex: '' | 'male' | 'female' } & { [K in NumberKey]: string } & { [K in YesNoKey]: '' | 'yes' | 'no' } & {
  [K in ConditionKey]: boolean;
} & { origins: Partial<Record<ForecastInputKey, Origin>> };

const yesNo = (value: boolean | null): '' | 'yes' | 'no' => (value === null ? '' : value ? 'yes' : 'no');

/** The draft the page starts from: what the member's data gives, empty elsewhere. */
export function draftFrom(inputs: ForecastKnownInputs): Draft {
  const origins: Draft['origins'] = {};
  for (const [key, input] of Object.entries(inputs) as Array<[ForecastInputKey, ForecastKnownInputs[ForecastInputKey]]>) {
    if (input.value !== null && input.source) origins[key] = { source: input.source, on: input.on };
  }
  const number = (key: NumberKey) => (inputs[key].value === null ? '' : String(inputs[key].value));
  return {
    sex: inputs.sex.value ?? '',
    age: number('age'),
    systolic: number('systolic'),
    ldl: number('ldl'),
    hdl: number('hdl'),
    impairedGlucose: yesNo(inputs.impairedGlucose.value),
    smoker: yesNo(inputs.smoker.value),
    coronaryDisease: inputs.coronaryDisease.value ?? false,
    diabetes: inputs.diabetes.value ?? false,
    ckd: inputs.ckd.value ?? false,
    pad: inputs.pad.value ?? false,
    nonCardiogenicStroke: inputs.nonCardiogenicStroke.value ?? false,
    origins,
  };
}

/** A change by the member: the value is theirs now ("入力"). */
export function edit<K extends Exclude<keyof Draft, 'origins'>>(draft: Draft, key: K, value: Draft[K]): Draft {
  return { ...draft, [key]: value, origins: { ...draft.origins, [key]: { source: 'manual', on: null } } };
}

const toNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));
const toBoolean = (value: '' | 'yes' | 'no') => (value === '' ? undefined : value === 'yes');

type DraftResult =
  { ok: true; values: ForecastInputValues } | { ok: false; errors: Partial<Record<ForecastInputKey, string>>; missing: ForecastInputKey[] };

function candidateOf(draft: Draft) {
  return {
    sex: draft.sex === '' ? undefined : draft.sex,
    age: toNumber(draft.age),
    systolic: toNumber(draft.systolic),
    ldl: toNumber(draft.ldl),
    hdl: toNumber(draft.hdl),
    impairedGlucose: toBoolean(draft.impairedGlucose),
    smoker: toBoolean(draft.smoker),
    coronaryDisease: draft.coronaryDisease,
    diabetes: draft.diabetes,
    ckd: draft.ckd,
    pad: draft.pad,
    nonCardiogenicStroke: draft.nonCardiogenicStroke,
  };
}

const missingOf = (candidate: ReturnType<typeof candidateOf>) =>
  (Object.keys(candidate) as ForecastInputKey[]).filter((key) => candidate[key] === undefined);

/** Whether the member has changed any input (the draft is no longer the server's values). */
export const isEdited = (draft: Draft): boolean => Object.values(draft.origins).some((origin) => origin?.source === 'manual');

/**
 * An unchanged draft before the schema has loaded: the values as the server gave them (read from
 * the member's own records, as the server's forecast is), or what is missing.
 */
export function draftAsGiven(draft: Draft): DraftResult {
  const candidate = candidateOf(draft);
  const missing = missingOf(candidate);
  return missing.length === 0 ? { ok: true, values: candidate as ForecastInputValues } : { ok: false, errors: {}, missing };
}

/** The draft checked by the contract's schema: the inputs, or each field's first message. */
export function parseDraft(draft: Draft, schema: ForecastInputsSchema): DraftResult {
  const candidate = candidateOf(draft);
  const parsed = schema.safeParse(candidate);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Partial<Record<ForecastInputKey, string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as ForecastInputKey;
    errors[key] ??= issue.message;
  }
  return { ok: false, errors, missing: missingOf(candidate) };
}

/** Where each value came from, for the snapshot. */
export function sourcesOf(draft: Draft): Partial<Record<ForecastInputKey, ForecastInputSource>> {
  return Object.fromEntries(Object.entries(draft.origins).map(([key, origin]) => [key, origin.source]));
}
