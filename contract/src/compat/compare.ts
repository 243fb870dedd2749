import type { ContractSchemas, JsonSchema } from './schemas';

/** One way a newer contract would break a client built against an older one. */
export interface ContractDifference {
  call: string;
  /** Where in the call: `input.from`, `output.items[].value`; empty for the call itself. */
  where: string;
  /** What changed, in Japanese (operators read it in the deploy's refusal and in CI). */
  problem: string;
}

const ACCESS_RANK: Record<string, number> = { visitor: 0, account: 1, member: 2 };

type Mode = 'input' | 'output';

interface Side {
  root: JsonSchema;
}

const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

function resolve(schema: JsonSchema, side: Side): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema;
  let target: unknown = side.root;
  for (const part of ref.slice(2).split('/')) target = isObject(target) ? target[part] : undefined;
  return isObject(target) ? target : {};
}

/** No constraint at all: any value (z.unknown(), z.any(), an unrepresentable transform). */
const acceptsAnything = (schema: JsonSchema) =>
  Object.keys(schema).filter((key) => !['description', 'title', 'default', '$defs', 'examples'].includes(key)).length === 0;

function optionsOf(schema: JsonSchema): JsonSchema[] {
  const options = schema.anyOf ?? schema.oneOf;
  return Array.isArray(options) ? options.filter(isObject) : [schema];
}

function typesOf(schema: JsonSchema): string[] | null {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.map(String);
  const values = valuesOf(schema);
  if (values) return [...new Set(values.map((value) => (value === null ? 'null' : typeof value)))];
  if (isObject(schema.properties)) return ['object'];
  return null;
}

function valuesOf(schema: JsonSchema): unknown[] | null {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  return null;
}

/** Whether every value of type `narrow` is a value of type `wide` (integer within number). */
const typeWithin = (narrow: string, wide: string[]) => wide.includes(narrow) || (narrow === 'integer' && wide.includes('number'));

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const label = (where: string) => (where ? `${where}: ` : '');

/**
 * Collects what breaks an old client, comparing one schema position. For inputs the new schema
 * must accept everything the old one accepted (an old client still sends it); for outputs the
 * new answers must still be what the old client reads (no field it reads may go missing).
 */
function compareSchema(
  previousSchema: JsonSchema,
  currentSchema: JsonSchema,
  mode: Mode,
  where: string,
  sides: { previous: Side; current: Side },
  out: string[],
  depth = 0,
): void {
  if (depth > 40) return;
  const previous = resolve(previousSchema, sides.previous);
  const current = resolve(currentSchema, sides.current);
  if (acceptsAnything(previous)) {
    if (mode === 'input' && !acceptsAnything(current)) out.push(`${label(where)}何でも受け付けていた値に制約が付きました`);
    return;
  }
  if (acceptsAnything(current)) return;

  const previousOptions = optionsOf(previous);
  const currentOptions = optionsOf(current);
  if (previousOptions.length > 1 || currentOptions.length > 1) {
    const fits = (older: JsonSchema, newer: JsonSchema) => {
      const problems: string[] = [];
      compareSchema(older, newer, mode, where, sides, problems, depth + 1);
      return problems.length === 0;
    };
    if (mode === 'input') {
      if (!previousOptions.every((older) => currentOptions.some((newer) => fits(older, newer)))) {
        out.push(`${label(where)}受け付ける値の種類が減りました`);
      }
    } else if (!currentOptions.every((newer) => previousOptions.some((older) => fits(older, newer)))) {
      out.push(`${label(where)}返す値の型が変わりました`);
    }
    return;
  }

  const previousTypes = typesOf(previous);
  const currentTypes = typesOf(current);
  if (previousTypes && currentTypes) {
    const [narrow, wide] = mode === 'input' ? [previousTypes, currentTypes] : [currentTypes, previousTypes];
    const lost = narrow.filter((type) => !typeWithin(type, wide));
    if (lost.length > 0) {
      out.push(`${label(where)}型が変わりました (${previousTypes.join('|')} → ${currentTypes.join('|')})`);
      return;
    }
  }

  if (mode === 'input') {
    const previousValues = valuesOf(previous);
    const currentValues = valuesOf(current);
    if (currentValues && !previousValues) out.push(`${label(where)}受け付ける値が限られました`);
    if (currentValues && previousValues) {
      const dropped = previousValues.filter((value) => !currentValues.some((other) => sameValue(value, other)));
      if (dropped.length > 0)
        out.push(`${label(where)}受け付けなくなった値があります (${dropped.map((v) => JSON.stringify(v)).join(', ')})`);
    }
    for (const key of ['minLength', 'minimum', 'exclusiveMinimum', 'minItems']) {
      const before = previous[key];
      const after = current[key];
      if (typeof after === 'number' && (typeof before !== 'number' || after > before)) {
        out.push(`${label(where)}${key} が厳しくなりました (${before ?? 'なし'} → ${after})`);
      }
    }
    for (const key of ['maxLength', 'maximum', 'exclusiveMaximum', 'maxItems']) {
      const before = previous[key];
      const after = current[key];
      if (typeof after === 'number' && (typeof before !== 'number' || after < before)) {
        out.push(`${label(where)}${key} が厳しくなりました (${before ?? 'なし'} → ${after})`);
      }
    }
    for (const key of ['pattern', 'format']) {
      if (current[key] !== undefined && current[key] !== previous[key]) {
        out.push(`${label(where)}${key} が変わりました (${String(previous[key] ?? 'なし')} → ${String(current[key])})`);
      }
    }
  }

  if (isObject(previous.properties) || isObject(current.properties)) {
    const previousProperties = (isObject(previous.properties) ? previous.properties : {}) as Record<string, JsonSchema>;
    const currentProperties = (isObject(current.properties) ? current.properties : {}) as Record<string, JsonSchema>;
    const previousRequired = new Set(Array.isArray(previous.required) ? previous.required.map(String) : []);
    const currentRequired = new Set(Array.isArray(current.required) ? current.required.map(String) : []);
    const at = (key: string) => (where ? `${where}.${key}` : key);
    if (mode === 'input') {
      for (const key of currentRequired) {
        if (!previousRequired.has(key)) out.push(`${at(key)}: 入力項目が必須になりました`);
      }
      for (const key of Object.keys(previousProperties)) {
        if (!(key in currentProperties)) out.push(`${at(key)}: 入力項目がなくなりました`);
      }
    } else {
      for (const key of Object.keys(previousProperties)) {
        if (!(key in currentProperties)) out.push(`${at(key)}: 出力項目がなくなりました`);
        else if (previousRequired.has(key) && !currentRequired.has(key))
          out.push(`${at(key)}: 出力項目が省略されることがあるようになりました`);
      }
    }
    for (const [key, schema] of Object.entries(previousProperties)) {
      const next = currentProperties[key];
      if (next) compareSchema(schema, next, mode, at(key), sides, out, depth + 1);
    }
  }

  for (const key of ['items', 'additionalProperties']) {
    const before = previous[key];
    const after = current[key];
    if (isObject(before) && isObject(after))
      compareSchema(before, after, mode, `${where}${key === 'items' ? '[]' : '{}'}`, sides, out, depth + 1);
  }
}

/**
 * What in `current` breaks a client built against `previous`: a removed call, a changed method,
 * stricter access or a new step-up, a removed or newly required input field, a removed output
 * field, a narrowed type. Additions (new calls, new optional inputs, new output fields, new
 * values in an output) pass.
 */
export function compareContracts(previous: ContractSchemas, current: ContractSchemas): ContractDifference[] {
  const differences: ContractDifference[] = [];
  for (const [call, before] of Object.entries(previous)) {
    const after = current[call];
    if (!after) {
      differences.push({ call, where: '', problem: 'この呼び出しがなくなりました' });
      continue;
    }
    if (after.fingerprint === before.fingerprint) continue;
    if (after.method !== before.method)
      differences.push({ call, where: '', problem: `メソッドが変わりました (${before.method} → ${after.method})` });
    if ((ACCESS_RANK[after.access] ?? 3) > (ACCESS_RANK[before.access] ?? 3)) {
      differences.push({ call, where: '', problem: `呼び出せる人が限られました (${before.access} → ${after.access})` });
    }
    if (after.stepUp && after.stepUp !== before.stepUp) {
      differences.push({ call, where: '', problem: `追加の本人確認が必要になりました (${after.stepUp})` });
    }
    for (const mode of ['input', 'output'] as const) {
      const problems: string[] = [];
      compareSchema(before[mode], after[mode], mode, mode, { previous: { root: before[mode] }, current: { root: after[mode] } }, problems);
      for (const problem of problems) {
        const split = problem.indexOf(': ');
        differences.push({ call, where: problem.slice(0, split), problem: problem.slice(split + 2) });
      }
    }
  }
  return differences;
}

/** One line per difference, for a refusal or a failing test. */
export function formatDifferences(differences: ContractDifference[]): string {
  return differences.map((d) => `- ${d.call}${d.where ? ` ${d.where}` : ''}: ${d.problem}`).join('\n');
}
