import { createRequire } from 'node:module';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import * as classicContract from '@sukoyaka/contract';
import * as mini from 'zod/mini';
import { z } from 'zod';
import { exampleFor, type ExampleContext } from '../../bff/test/suites/examples';
import { withClassicMethods } from './zod-classic-on-mini';

/*
 * The browser's zod is zod/mini with the classic methods the contract calls
 * (zod-classic-on-mini.ts); the bff and the tests use classic zod. Here the whole contract is
 * built a second time on the browser's zod (the members webpack.contract.cjs ships, through the
 * layer), and every exported schema, every call's input and output among them, parses the same
 * inputs as classic: valid examples and the malformed inputs the contract fuzz is made of
 * (missing fields, wrong types, lengths and numbers around each bound, extra keys, bad enums,
 * dates and UUIDs, nulls). Both must agree on success, on the parsed data, and on each issue's
 * code, path and (Japanese) message.
 */

const REPO = path.resolve(__dirname, '../..');
const split = createRequire(__filename)(path.join(REPO, 'webpack.contract.cjs')) as {
  zodMembersOnMini: () => Array<[string, string[] | null]>;
};

/** The browser's `z`, built from the same members as the generated module. */
function browserZod(): typeof z {
  const miniMembers = mini as unknown as Record<string, Record<string, unknown>>;
  const members: Record<string, unknown> = {};
  for (const [name, inner] of split.zodMembersOnMini()) {
    members[name] = inner ? Object.fromEntries(inner.map((member) => [member, miniMembers[name]![member]])) : miniMembers[name];
  }
  return withClassicMethods({ ...members, locales: { ja: z.locales.ja } }) as unknown as typeof z;
}

let layeredContract: typeof classicContract;
jest.isolateModules(() => {
  const layered = browserZod();
  jest.doMock('zod', () => ({ z: layered }));
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  layeredContract = require('@sukoyaka/contract') as typeof classicContract;
});
jest.dontMock('zod');

type Schema = z.core.$ZodType;
interface LooseDef {
  type: string;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  options?: Schema[];
  keyType?: Schema;
  valueType?: Schema;
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
}

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && '_zod' in value;
const defOf = (schema: Schema) => schema._zod.def as unknown as LooseDef;
const childrenOf = (def: LooseDef): Schema[] =>
  [
    def.innerType,
    def.in,
    def.out,
    def.element,
    def.keyType,
    def.valueType,
    ...(def.options ?? []),
    ...Object.values(def.shape ?? {}),
  ].filter((child): child is Schema => child !== undefined);

/** The numbers a schema's own checks name (lengths, bounds), by kind of check. */
function checksOf(schema: Schema): Array<{ check: string; bound: number }> {
  const checks = (schema._zod.def as { checks?: Array<{ _zod: { def: Record<string, unknown> } }> }).checks ?? [];
  return checks.flatMap(({ _zod: { def } }) => {
    const bound = def.maximum ?? def.minimum ?? def.value ?? def.length;
    return typeof bound === 'number' && Number.isFinite(bound) ? [{ check: String(def.check), bound }] : [];
  });
}

/** Every length or number bound a schema's checks name, anywhere inside it. */
function boundsOf(schema: Schema, seen = new Set<Schema>(), bounds = new Set<number>()): Set<number> {
  if (seen.has(schema)) return bounds;
  seen.add(schema);
  for (const { bound } of checksOf(schema)) bounds.add(bound);
  for (const child of childrenOf(defOf(schema))) boundsOf(child, seen, bounds);
  return bounds;
}

const SOME_UUID = '3f1d9c2e-8b7a-4c6d-9e0f-1a2b3c4d5e6f';

/** A plausible value of a schema (not always valid: both zods must agree either way). */
function sample(schema: Schema, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 8) return undefined;
  switch (def.type) {
    case 'string': {
      if (def.format === 'email') return 'member@example.jp';
      if (def.format === 'uuid' || def.format === 'guid') return SOME_UUID;
      if (def.format === 'url') return 'https://example.jp/a';
      if (def.format === 'datetime') return '2024-05-01T08:30:00+09:00';
      const minimum = checksOf(schema).find(({ check }) => check === 'min_length')?.bound ?? 1;
      return 'あ'.repeat(Math.max(1, minimum));
    }
    case 'number':
      return checksOf(schema).find(({ check }) => check === 'greater_than')?.bound ?? 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [sample(def.element!, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(def.shape ?? {}).map(([key, child]) => [key, sample(child, depth + 1)]));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType!, depth + 1);
    case 'pipe':
      return sample(def.in!, depth + 1);
    case 'union':
      return sample(def.options![0]!, depth + 1);
    case 'record':
      return {};
    default:
      return 'x';
  }
}

/** Values wrong for most fields, or odd for any (as the bff's contract fuzz sends). */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  '   ',
  ' padded ',
  'UPPER@EXAMPLE.JP',
  'x',
  'x'.repeat(10_000),
  0,
  -1,
  1.5,
  -0,
  Number.POSITIVE_INFINITY,
  Number.NaN,
  2 ** 53 + 2,
  true,
  false,
  {},
  [],
  ['a', 'b'],
  { a: { b: 1 } },
  'NaN',
  '-0',
  '12',
  '1.5',
  '0x1F',
  'true',
  '１２３４５６７８',
  'a\u0000b',
  '\ud800',
  '👨‍👩‍👧‍👦'.repeat(30),
  '<script>alert(1)</script>',
  '2024-02-30',
  '2024-05-01',
  '2024-05-01T08:30:00+09:00',
  '2024-05-01T08:30:00Z',
  '2024-05-01T08:30:00',
  '+275760-09-13T00:00:00.000Z',
  '0000-00-00',
  SOME_UUID,
  SOME_UUID.toUpperCase(),
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '-'.repeat(36),
  'member@example.jp',
  'member@',
  'https://example.jp/a',
  'javascript:alert(1)',
  '090-1234-5678',
  '+819012345678',
  '__proto__',
];

function boundaryValues(schema: Schema): unknown[] {
  const values: unknown[] = [];
  for (const bound of boundsOf(schema)) {
    for (const near of [bound - 1, bound, bound + 1]) {
      values.push(near, near + 0.5);
      if (near >= 0 && near <= 100_000)
        values.push('a'.repeat(near), 'あ'.repeat(near), ['a'].concat(Array.from({ length: near - 1 }, () => 'b')));
    }
  }
  return values;
}

/** Paths to every value inside a plain value (object keys, array items). */
function pathsOf(value: unknown, prefix: PropertyKey[] = []): PropertyKey[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, item]) => [[...prefix, key], ...pathsOf(item, [...prefix, key])]);
  return [];
}

function withValue(target: unknown, at: PropertyKey[], value: unknown, remove = false): unknown {
  if (at.length === 0) return value;
  const [head, ...rest] = at;
  const copy = (Array.isArray(target) ? [...target] : { ...(target as object) }) as Record<PropertyKey, unknown>;
  if (rest.length === 0 && remove) delete copy[head!];
  else copy[head!] = withValue(copy[head!], rest, value, remove);
  return copy;
}

/** The inputs one schema is given: its valid ones, each broken one part at a time, and odd wholes. */
function inputsFor(schema: Schema, valid: unknown[]): unknown[] {
  const odd = [...ODD_VALUES, ...boundaryValues(schema)];
  const inputs: unknown[] = [...valid, ...odd];
  for (const base of valid) {
    inputs.push({ ...(base as object), unexpected: 1 });
    for (const at of pathsOf(base)) {
      inputs.push(withValue(base, at, undefined, true));
      const current = at.reduce<unknown>((value, key) => (value as Record<PropertyKey, unknown>)?.[key], base);
      if (current !== undefined && current !== null && typeof current !== 'object') inputs.push(withValue(base, at, String(current)));
      if (typeof current === 'object' && current !== null && !Array.isArray(current))
        inputs.push(withValue(base, at, { ...current, unexpected: 1 }));
      for (const value of odd) inputs.push(withValue(base, at, value));
    }
  }
  return inputs;
}

const member: ExampleContext = {
  userId: '11111111-2222-4333-8444-555555555555',
  email: 'member@example.jp',
  password: 'quiet-river-lantern-42',
  birthday: '1980-04-01',
  associationId: '22222222-3333-4444-8555-666666666666',
  termsId: '33333333-4444-4555-8666-777777777777',
  privacyId: '44444444-5555-4666-8777-888888888888',
  marker: 'mk7q2x',
  operatorId: '55555555-6666-4777-8888-999999999999',
  operatorEmail: 'operator@example.jp',
  operatorPassword: 'steady-harbour-compass-17',
};

type Outcome = { success: true; data: unknown } | { success: false; issues: Array<{ code: string; path: PropertyKey[]; message: string }> };

function outcome(schema: Schema, input: unknown): Outcome {
  const result = (schema as unknown as { safeParse: (value: unknown) => z.ZodSafeParseResult<unknown> }).safeParse(input);
  if (result.success) return { success: true, data: result.data };
  return { success: false, issues: result.error.issues.map(({ code, path: at, message }) => ({ code, path: at, message })) };
}

/** Every schema the contract exports, the calls' input and output included, by a readable name. */
function schemasOf(contract: typeof classicContract): Map<string, Schema> {
  const schemas = new Map<string, Schema>();
  for (const [name, value] of Object.entries(contract)) if (isSchema(value)) schemas.set(name, value);
  for (const [name, call] of Object.entries(contract.calls)) {
    schemas.set(`calls.${name}.input`, call.input as Schema);
    schemas.set(`calls.${name}.output`, call.output as Schema);
  }
  return schemas;
}

describe('the browser zod (zod/mini and the classic methods the contract calls) answers as classic zod', () => {
  const classic = schemasOf(classicContract);
  const layered = schemasOf(layeredContract);

  it('builds the whole contract on zod/mini', () => {
    expect([...layered.keys()]).toEqual([...classic.keys()]);
    expect(classic.size).toBeGreaterThan(300);
    const signIn = layeredContract.calls.signIn.input as unknown as Schema;
    expect(signIn._zod.traits.has('ZodMiniObject')).toBe(true);
    expect((classicContract.calls.signIn.input as unknown as Schema)._zod.traits.has('ZodMiniObject')).toBe(false);
  });

  it('every schema agrees with classic on valid and malformed inputs: success, data, issues (code, path, message)', () => {
    const mismatches: unknown[] = [];
    let parsed = 0;
    let succeeded = 0;
    for (const [name, schema] of classic) {
      const callName = /^calls\.(\w+)\.input$/.exec(name)?.[1];
      const example = callName ? exampleFor(callName as keyof typeof classicContract.calls, member) : undefined;
      const valid = [sample(schema), ...(example ? [example] : [])];
      for (const input of inputsFor(schema, valid)) {
        const expected = outcome(schema, input);
        const actual = outcome(layered.get(name)!, input);
        parsed += 1;
        if (expected.success) succeeded += 1;
        if (!isDeepStrictEqual(actual, expected)) mismatches.push({ name, input, expected, actual });
      }
    }
    expect({ mismatches: mismatches.length, first: mismatches.slice(0, 5) }).toEqual({ mismatches: 0, first: [] });
    // The inputs reach both sides: many parse, many more fail.
    expect(succeeded).toBeGreaterThan(1000);
    expect(parsed - succeeded).toBeGreaterThan(20_000);
  });

  it('the Japanese message a form shows for an empty e-mail is the same', () => {
    const input = { email: '', password: '' };
    const expected = outcome(classicContract.calls.signIn.input as unknown as Schema, input);
    expect(expected.success).toBe(false);
    expect(outcome(layeredContract.calls.signIn.input as unknown as Schema, input)).toEqual(expected);
    expect(JSON.stringify(expected)).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});
