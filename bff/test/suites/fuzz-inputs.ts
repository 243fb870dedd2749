import { callPath, type CallName } from '@sukoyaka/contract';
import { definition, inputShape, withQuery, type JsonSchema } from './support';
import { seededRandom } from '../../src/lib/seeded-random';

/*
 * Malformed inputs derived from the shape of a call's input (its JSON Schema), each one part of a
 * valid example broken at a time, plus what is wrong with the request as a whole (its JSON, its
 * content type, its token, its size). Deterministic: the few random values come from a seeded
 * generator.
 */

/** The bff's body limit (app.ts): 1 MiB. */
export const BODY_LIMIT = 1024 * 1024;

export interface Probe {
  call: CallName;
  /** What was broken, e.g. `body: invalid JSON` or `field systolic: raw 1e309`. */
  label: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  headers: Record<string, string>;
  /** Whether the request carries the session's authenticity token (set by the runner). */
  csrf: boolean;
}

/** A JSON text placed as is where a value goes (1e309, -0, NaN, objects with `__proto__`). */
class Raw {
  constructor(readonly text: string) {}
}
const raw = (text: string) => new Raw(text);

/** JSON.stringify, with Raw values spliced in as written. */
export function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (item instanceof Raw) {
      raws.push(item.text);
      return `__RAW_${raws.length - 1}__`;
    }
    return item;
  });
  return raws.reduce((result, rawText, index) => result.replace(`"__RAW_${index}__"`, () => rawText), text ?? '');
}

const random = seededRandom(0x5eed);
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const randomToken = (length: number) => Array.from({ length }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join('');

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const SOME_UUID = '3f1d9c2e-8b7a-4c6d-9e0f-1a2b3c4d5e6f';

/**
 * Opaque tokens in the base64url alphabet (cursors are): random ones, and encodings of crafted
 * texts a keyset cursor might decode to — far-off years, a non-UUID id, missing or extra parts.
 */
const tokenValues: Array<[string, string]> = [
  ['random token (8)', randomToken(8)],
  ['random token (43)', randomToken(43)],
  ['random token (200)', randomToken(200)],
  ['base64url of "x"', b64('x')],
  ['base64url of "|"', b64('|')],
  ['base64url of a time and a UUID', b64(`2024-05-01T00:00:00.000Z|${SOME_UUID}`)],
  ['base64url of year +275760 and a UUID', b64(`+275760-09-13T00:00:00.000Z|${SOME_UUID}`)],
  ['base64url of year -271821 and a UUID', b64(`-271821-04-20T00:00:00.000Z|${SOME_UUID}`)],
  ['base64url of year 0000 and a UUID', b64(`0000-01-01T00:00:00.000Z|${SOME_UUID}`)],
  ['base64url of a time and 36 dashes', b64(`2024-05-01T00:00:00.000Z|${'-'.repeat(36)}`)],
  ['base64url of a time and 36 "a"s', b64(`2024-05-01T00:00:00.000Z|${'a'.repeat(36)}`)],
  ['base64url of a time and a non-UUID id', b64('2024-05-01T00:00:00.000Z|not-a-uuid')],
  ['base64url of a number and a UUID', b64(`0|${SOME_UUID}`)],
  ['base64url of three parts', b64(`2024-05-01T00:00:00.000Z|${SOME_UUID}|extra`)],
  ['base64url of NUL bytes', b64('\u0000|\u0000')],
  ['base64url of invalid UTF-8', Buffer.from([0xed, 0xa0, 0x80, 0x7c, 0xff]).toString('base64url')],
];

/** Values that are wrong for most fields, or odd for any: types, numbers, texts, structures. */
const fieldValues: Array<[string, unknown]> = [
  ['number 0', 0],
  ['number -1', -1],
  ['number 1.5', 1.5],
  ['raw -0', raw('-0')],
  ['raw 1e309', raw('1e309')],
  ['raw -1e309', raw('-1e309')],
  ['raw 1e-400', raw('1e-400')],
  ['raw 2^53+1', raw('9007199254740993')],
  ['raw NaN', raw('NaN')],
  ['raw Infinity', raw('Infinity')],
  ['true', true],
  ['false', false],
  ['null', null],
  ['empty object', {}],
  ['empty array', []],
  ['nested object', { a: { b: { c: [1, { d: 'x' }] } } }],
  ['array of strings', ['a', 'b']],
  ['deeply nested arrays', JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`)],
  ['object with __proto__', raw('{"__proto__":{"polluted":true}}')],
  ['object with constructor.prototype', raw('{"constructor":{"prototype":{"polluted":true}}}')],
  ['empty string', ''],
  ['spaces', '   '],
  ['string "NaN"', 'NaN'],
  ['string "Infinity"', 'Infinity'],
  ['string "-0"', '-0'],
  ['string "1e309"', '1e309'],
  ['string "0x1F"', '0x1F'],
  ['full-width digits', '１２３４５６７８'],
  ['NUL byte inside', 'a\u0000b'],
  ['NUL byte alone', '\u0000'],
  ['lone high surrogate', '\ud800'],
  ['lone low surrogate inside', 'x\udfffy'],
  ['right-to-left override', '\u202eabc'],
  ['emoji sequence', '👨‍👩‍👧‍👦'.repeat(30)],
  ['SQL-looking text', "' OR 1=1; DROP TABLE users; --"],
  ['path traversal', '../../../../etc/passwd'],
  ['markup', '<script>alert(1)</script>'],
  ['year +275760', '+275760-09-13T00:00:00.000Z'],
  ['year 275760 date', '275760-09-14'],
  ['impossible date', '2024-02-30'],
  ['zero date', '0000-00-00'],
  ['nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['36 dashes', '-'.repeat(36)],
  ['string "__proto__"', '__proto__'],
  ['10 000 characters', 'x'.repeat(10_000)],
  ...tokenValues,
  // The body limit is 1 MiB: one string fills it but for the rest of the body, another overflows it.
  ['huge string within the body limit', 'a'.repeat(BODY_LIMIT - 2048)],
  ['huge string over the body limit', 'a'.repeat(BODY_LIMIT + 16)],
];

/** Query values (everything in a query is text), written raw so broken encodings reach the bff. */
const queryValues: Array<[string, string]> = [
  ['empty', ''],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['-0', '-0'],
  ['1e309', '1e309'],
  ['-1', '-1'],
  ['1.5', '1.5'],
  ['0x10', '0x10'],
  ['full-width digits', encodeURIComponent('１２')],
  ['true', 'true'],
  ['null', 'null'],
  ['[]', encodeURIComponent('[]')],
  ['{}', encodeURIComponent('{}')],
  ['%00 (NUL byte)', '%00'],
  ['NUL inside', 'a%00b'],
  ['%ED%A0%80 (lone surrogate in UTF-8)', '%ED%A0%80'],
  ['%FF (invalid UTF-8)', '%FF'],
  ['bare %', '%'],
  ['%zz', '%zz'],
  ['plus and spaces', '+++'],
  ['SQL-looking text', encodeURIComponent("' OR 1=1; --")],
  ['year +275760', encodeURIComponent('+275760-09-13T00:00:00.000Z')],
  ['nil UUID', '00000000-0000-0000-0000-000000000000'],
  ['36 dashes', '-'.repeat(36)],
  ['uppercase UUID', SOME_UUID.toUpperCase()],
  ['10 000 characters', 'x'.repeat(10_000)],
  ['100 000 characters', 'x'.repeat(100_000)],
  ...tokenValues.map(([label, value]): [string, string] => [label, value]),
];

function typesOf(schema: JsonSchema): string[] {
  if (schema.anyOf) return schema.anyOf.flatMap(typesOf);
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

function setPath(target: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...target };
  const [head, ...rest] = path;
  if (rest.length === 0) copy[head!] = value;
  else copy[head!] = setPath((target[head!] as Record<string, unknown> | undefined) ?? {}, rest, value);
  return copy;
}

function deletePath(target: Record<string, unknown>, path: string[]): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...target };
  const [head, ...rest] = path;
  if (rest.length === 0) delete copy[head!];
  else copy[head!] = deletePath((target[head!] as Record<string, unknown> | undefined) ?? {}, rest);
  return copy;
}

/** Every field of an object schema, nested objects' fields too, with whether it is required. */
function fieldsOf(schema: JsonSchema, prefix: string[] = []): Array<{ path: string[]; schema: JsonSchema; required: boolean }> {
  const result: Array<{ path: string[]; schema: JsonSchema; required: boolean }> = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    result.push({ path, schema: child, required: (schema.required ?? []).includes(key) });
    if (typesOf(child).includes('object')) result.push(...fieldsOf(child, path));
  }
  return result;
}

/** Every malformed request of one call, starting from its valid example. */
export function probesFor(call: CallName, example: Record<string, unknown>): Probe[] {
  const { method } = definition(call);
  const shape = inputShape(call);
  const path = callPath(call);
  const fields = fieldsOf(shape);
  const probes: Probe[] = [];
  const json = { 'content-type': 'application/json' };

  if (method === 'GET') {
    const get = (label: string, query: string): Probe => ({
      call,
      label,
      method,
      url: query ? `${path}?${query}` : path,
      headers: {},
      csrf: false,
    });
    const exampleQuery = withQuery('', example).replace(/^\?/, '');
    const joined = (...parts: string[]) => parts.filter(Boolean).join('&');
    probes.push(
      { ...get('POST to a GET call', ''), method: 'POST', body: jsonText(example), headers: json, csrf: true },
      get('extra parameter', joined(exampleQuery, 'unexpected=1')),
      get('__proto__ parameter', joined(exampleQuery, '__proto__=x', '__proto__[polluted]=1')),
      get('constructor parameter', joined(exampleQuery, 'constructor=x', 'hasOwnProperty=x')),
      get('garbage query', '&&&==&=%&'),
    );
    for (const field of fields) {
      const name = field.path.join('.');
      const others = (value: string | null) =>
        joined(
          ...Object.entries(example)
            .filter(([key]) => key !== name)
            .map(([key, item]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(item))}`),
          value === null ? '' : value,
        );
      const exampleValue = encodeURIComponent(String(example[name] ?? 'x'));
      probes.push(
        get(`field ${name}: missing`, others(null)),
        get(`field ${name}: repeated`, others(`${name}=${exampleValue}&${name}=${exampleValue}`)),
        get(`field ${name}: repeated, differing`, others(`${name}=1&${name}=2`)),
        get(`field ${name}: name without value`, others(name)),
        get(`field ${name}: bracketed array`, others(`${name}[]=1&${name}[]=2`)),
        get(`field ${name}: bracketed object`, others(`${name}[a]=1`)),
      );
      for (const [label, value] of queryValues) probes.push(get(`field ${name}: ${label}`, others(`${name}=${value}`)));
    }
    return probes;
  }

  const post = (label: string, body: string | undefined, headers: Record<string, string> = json, csrf = true): Probe => ({
    call,
    label,
    method,
    url: path,
    body,
    headers,
    csrf,
  });
  const exampleText = jsonText(example);
  probes.push(
    post('GET to a POST call', undefined, {}, false),
    post('no authenticity token', exampleText, json, false),
    post('invalid JSON', '{"a":'),
    post('JSON with a trailing comma', exampleText.replace(/}$/, ',}')),
    post('empty body with a JSON content type', ''),
    post('JSON array body', '[]'),
    post('JSON array of the example', `[${exampleText}]`),
    post('JSON string body', '"text"'),
    post('JSON null body', 'null'),
    post('JSON number body', '0'),
    post('JSON true body', 'true'),
    post('text/plain content type', exampleText, { 'content-type': 'text/plain' }),
    post('unknown content type', exampleText, { 'content-type': 'application/x-unknown' }),
    post('JSON declared as UTF-16', exampleText, { 'content-type': 'application/json; charset=utf-16' }),
    post('no content type', exampleText, {}),
    post(
      'form content type',
      new URLSearchParams(
        Object.entries(example).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
      ).toString(),
      { 'content-type': 'application/x-www-form-urlencoded' },
    ),
    post('extra field', jsonText({ ...example, unexpected: 'x' })),
    post('__proto__ key at the top', `{"__proto__":{"polluted":true}${exampleText === '{}' ? '' : ','}${exampleText.slice(1)}`),
    post(
      'constructor key at the top',
      `{"constructor":{"prototype":{"polluted":true}}${exampleText === '{}' ? '' : ','}${exampleText.slice(1)}`,
    ),
    post('body just over the limit', jsonText({ pad: 'a'.repeat(BODY_LIMIT) })),
    post('10 000 extra keys', jsonText({ ...example, ...Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i])) })),
  );
  for (const field of fields) {
    const name = field.path.join('.');
    probes.push(post(`field ${name}: missing`, jsonText(deletePath(example, field.path))));
    for (const [label, value] of fieldValues) probes.push(post(`field ${name}: ${label}`, jsonText(setPath(example, field.path, value))));
    if (typesOf(field.schema).includes('array')) {
      const valid = (example[field.path[0]!] as unknown[] | undefined)?.[0] ?? 'x';
      probes.push(
        post(`field ${name}: array of null`, jsonText(setPath(example, field.path, [null]))),
        post(`field ${name}: array of numbers`, jsonText(setPath(example, field.path, [1, 2]))),
        post(`field ${name}: array of arrays`, jsonText(setPath(example, field.path, [[valid]]))),
        post(`field ${name}: the same item twice`, jsonText(setPath(example, field.path, [valid, valid]))),
        post(
          `field ${name}: 10 000 items`,
          jsonText(
            setPath(
              example,
              field.path,
              Array.from({ length: 10_000 }, () => valid),
            ),
          ),
        ),
        post(
          `field ${name}: 11 random tokens`,
          jsonText(
            setPath(
              example,
              field.path,
              Array.from({ length: 11 }, () => randomToken(36)),
            ),
          ),
        ),
      );
    }
  }
  return probes;
}
