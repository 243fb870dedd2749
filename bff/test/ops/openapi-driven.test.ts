import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import RandExp from 'randexp';
import { OPENAPI_PATH } from '../../src/platform/ops/openapi';
import { seededRandom } from '../../src/lib/seeded-random';
import { createTestContext, type TestContext } from '../helpers';
import { LOCAL_FAKES } from '../../src/services';
import { SMALL_PNG_BASE64 } from '../suites/examples';
import { report, signedInMember, withQuery, type Browser } from '../suites/support';

/*
 * Issue 25 #4: a client generated from /api/openapi.json alone is never refused for what it sends.
 * For every operation of the served document, requests are generated from the document only (its
 * schemas, formats, patterns, steps, `x-earliest`/`x-latest`, `x-field-comparisons`, the body
 * limit; seeded, so a run is reproducible): a typical one, one at the lower bounds and one at the
 * upper bounds. Each is sent with the session and authenticity token the operation names, and
 * - a 400 `invalid_parameters` (or a 413) fails, unless every field it names is `x-state-dependent`
 *   (checked against what the server holds: an SMS code, a cursor);
 * - any answer whose status the operation does not document, or whose body breaks the documented
 *   schema of that status, fails (ajv, formats by ajv-formats).
 * Ids the document cannot know are taken from earlier answers when a field of the same name was
 * seen (an association, a program); otherwise the documented 404 is the expected answer.
 */

type Schema = Record<string, unknown>;
interface Operation {
  operationId: string;
  parameters?: (Schema & { $ref?: string; name?: string; in?: string; required?: boolean; schema?: Schema })[];
  requestBody?: { content: { 'application/json': { schema: Schema } } };
  responses: Record<string, { content?: { 'application/json': { schema: Schema } } }>;
  'x-max-body-bytes'?: number;
  'x-field-comparisons'?: Comparison[];
  [key: string]: unknown;
}
interface Comparison {
  left: string;
  operator: '<' | '<=';
  right: string;
  maxDays?: number;
}
interface Document {
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, Schema & { 'x-token-source'?: string }>; schemas: Record<string, Schema> };
}

const SEED = Number(process.env.OPENAPI_DRIVEN_SEED ?? 25_04);
const DAY_MS = 86_400_000;
const JAPAN_MS = 9 * 3_600_000;

type Mode = 'typical' | 'low' | 'high';
const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const japanDay = (ms: number) => new Date(ms + JAPAN_MS).toISOString().slice(0, 10);
const japanMoment = (ms: number) => `${new Date(Math.floor(ms / 1000) * 1000 + JAPAN_MS).toISOString().slice(0, 19)}+09:00`;

/** An `x-earliest` / `x-latest` bound as an instant (a day starts in Japan). */
function instantOf(bound: string): number {
  if (bound === 'now') return Date.now();
  if (bound === 'today') return Date.parse(`${japanDay(Date.now())}T00:00:00+09:00`);
  return /^\d{4}-\d{2}-\d{2}$/.test(bound) ? Date.parse(`${bound}T00:00:00+09:00`) : Date.parse(bound);
}
const instantOfValue = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00+09:00`) : Date.parse(value));

/** Characters a generated text is made of: ASCII and Japanese (no control characters, nothing outside the BMP). */
const TEXT = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789すこやか健康保険組合テスト記録';

class Generator {
  readonly next: () => number;
  /** Values of fields seen in earlier answers, by field name (ids the document cannot know). */
  readonly seen = new Map<string, string[]>();

  constructor(seed: number) {
    this.next = seededRandom(seed);
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  text(length: number): string {
    let out = '';
    // No character repeated throughout (a repeated character is not a password, say).
    for (let index = 0; index < length; index += 1) out += TEXT[(index * 7 + this.int(0, TEXT.length - 1)) % TEXT.length];
    return out;
  }

  value(schema: Schema, mode: Mode, name = ''): unknown {
    if ('const' in schema) return schema.const;
    if (Array.isArray(schema.enum)) return mode === 'low' ? schema.enum[0] : mode === 'high' ? schema.enum.at(-1) : this.pick(schema.enum);
    const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (Array.isArray(options)) {
      const usable = options.filter((option) => option.type !== 'null');
      const chosen = usable.length > 0 && (mode !== 'typical' || this.next() < 0.85) ? this.pick(usable) : this.pick(options);
      const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = schema;
      // A branch may only add to the object around it (`required: ['used']`): its fields keep their schemas.
      const merged: Schema = { ...rest, ...chosen };
      if (isObject(rest.properties)) merged.properties = { ...(isObject(chosen.properties) ? chosen.properties : {}), ...rest.properties };
      if (Array.isArray(rest.required) || Array.isArray(chosen.required))
        merged.required = [...new Set([...((rest.required as string[]) ?? []), ...((chosen.required as string[]) ?? [])])];
      return this.value(merged, mode, name);
    }
    const type = Array.isArray(schema.type) ? this.pick(schema.type.filter((item) => item !== 'null')) : schema.type;
    if (type === 'object' || isObject(schema.properties)) return this.object(schema, mode);
    if (type === 'array') {
      const min = Number(schema.minItems ?? 0);
      const max = Math.min(Number(schema.maxItems ?? 5), min + 20);
      const count = mode === 'low' ? min : mode === 'high' ? max : this.int(min, Math.min(max, min + 3));
      return Array.from({ length: count }, () =>
        this.value(isObject(schema.items) ? schema.items : {}, mode === 'high' ? 'typical' : mode, name),
      );
    }
    if (type === 'integer' || type === 'number') return this.number(schema, type, mode);
    if (type === 'boolean') return mode === 'low' ? false : mode === 'high' ? true : this.next() < 0.5;
    if (type === 'string') return this.string(schema, mode, name);
    if (type === 'null') return null;
    return this.text(8);
  }

  number(schema: Schema, type: string, mode: Mode): number {
    const step = typeof schema.multipleOf === 'number' ? schema.multipleOf : type === 'integer' ? 1 : 0.5;
    const min =
      typeof schema.minimum === 'number'
        ? schema.minimum
        : typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum + step
          : -1000;
    const max =
      typeof schema.maximum === 'number'
        ? schema.maximum
        : typeof schema.exclusiveMaximum === 'number'
          ? schema.exclusiveMaximum - step
          : 1000;
    const low = Math.ceil(Math.min(min, 1e12) / step - 1e-9);
    const high = Math.floor(Math.max(Math.min(max, 1e12), min) / step + 1e-9);
    const k = mode === 'low' ? low : mode === 'high' ? high : this.int(low, Math.min(high, low + 10_000));
    // A step written in decimals (0.1) gives a value written in as many (68.4, not 68.39999999999999).
    const places = (String(step).split('.')[1] ?? '').length;
    return Number((k * step).toFixed(places));
  }

  string(schema: Schema, mode: Mode, name: string): string {
    const known = this.seen.get(name);
    if (known && known.length > 0 && this.next() < 0.9) return this.pick(known);
    const format = schema.format;
    if (format === 'date' || format === 'date-time') {
      const earliest = typeof schema['x-earliest'] === 'string' ? instantOf(schema['x-earliest']) : Date.parse('2001-01-01T00:00:00+09:00');
      const latest = typeof schema['x-latest'] === 'string' ? instantOf(schema['x-latest']) - 60_000 : Date.now() + 30 * DAY_MS;
      const at =
        mode === 'low'
          ? earliest + DAY_MS
          : mode === 'high'
            ? latest
            : earliest + this.next() * Math.max(0, Math.min(latest, Date.now()) - earliest);
      return format === 'date' ? japanDay(Math.min(at, latest)) : japanMoment(Math.min(at, latest));
    }
    // A file in base64: a picture where the document names an image type, else text (a CSV is UTF-8 text), never empty.
    if (schema.contentEncoding === 'base64' && String(schema.contentMediaType ?? '').startsWith('image/')) return SMALL_PNG_BASE64;
    if (schema.contentEncoding === 'base64') return Buffer.from(`a,b\n${this.text(mode === 'high' ? 200 : 8)}\n`).toString('base64');
    if (format === 'email') return `openapi-${this.int(0, 1e9).toString(36)}@example.jp`;
    if (format === 'uuid') return crypto.randomUUID();
    const minLength = Number(schema.minLength ?? 0);
    const maxLength = Number(schema.maxLength ?? Math.max(minLength, 40));
    const patterns = [schema.pattern, ...((schema.allOf as Schema[] | undefined) ?? []).map((part) => part.pattern)].filter(
      (pattern): pattern is string => typeof pattern === 'string',
    );
    // An anchored pattern describes the whole value; an unanchored one (\S) only asks for a part.
    const whole = patterns.find((pattern) => pattern.startsWith('^') && pattern.endsWith('$'));
    if (whole) {
      const generator = new RandExp(new RegExp(whole, 'u'));
      generator.randInt = (from: number, to: number) => this.int(from, to);
      generator.max = mode === 'high' ? Math.max(maxLength, 8) : 8;
      return generator.gen();
    }
    const length =
      mode === 'low'
        ? Math.max(minLength, 1)
        : mode === 'high'
          ? maxLength
          : this.int(Math.max(minLength, 1), Math.min(maxLength, minLength + 30));
    return this.text(length);
  }

  object(schema: Schema, mode: Mode): Record<string, unknown> {
    const properties = (isObject(schema.properties) ? schema.properties : {}) as Record<string, Schema>;
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const out: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(properties)) {
      const include = required.has(key) || mode === 'high' || (mode === 'typical' && this.next() < 0.6);
      if (include) out[key] = this.value(property, mode, key);
    }
    if (isObject(schema.additionalProperties) && isObject(schema.propertyNames) && Array.isArray(schema.propertyNames.enum)) {
      for (const key of schema.propertyNames.enum.slice(0, mode === 'low' ? 0 : 2))
        out[String(key)] = this.value(schema.additionalProperties, mode, String(key));
    }
    return out;
  }

  /** Makes the comparisons between fields hold (swapping or moving the left one). */
  repair(value: Record<string, unknown>, comparisons: readonly Comparison[] | undefined): void {
    for (const rule of comparisons ?? []) {
      const [left, right] = [value[rule.left], value[rule.right]];
      if (left === undefined || left === null || right === undefined || right === null || comparisonHolds(rule, left, right)) continue;
      if (typeof left === 'number' && typeof right === 'number') {
        [value[rule.left], value[rule.right]] = [right, left];
        if (!comparisonHolds(rule, value[rule.left], value[rule.right])) value[rule.left] = (value[rule.right] as number) - 1;
      } else if (typeof left === 'string' && typeof right === 'string') {
        [value[rule.left], value[rule.right]] = [right, left];
        if (!comparisonHolds(rule, value[rule.left], value[rule.right])) {
          const shift = (text: string, ms: number) =>
            /^\d{4}-\d{2}-\d{2}$/.test(text) ? japanDay(instantOfValue(text) + ms) : japanMoment(instantOfValue(text) + ms);
          const earlier = value[rule.left] as string;
          value[rule.left] = shift(value[rule.right] as string, -DAY_MS);
          if (rule.maxDays !== undefined && !comparisonHolds(rule, value[rule.left], value[rule.right]))
            value[rule.right] = shift(earlier, 0);
        }
      }
    }
  }

  /** Remembers string fields of an answer by name, for later requests. */
  harvest(value: unknown, name = ''): void {
    if (typeof value === 'string' && /^(id|[a-z]+Id)$/.test(name) && /^[0-9a-f-]{36}$/i.test(value)) {
      const list = this.seen.get(name) ?? [];
      if (!list.includes(value)) this.seen.set(name, [...list, value].slice(-5));
    } else if (Array.isArray(value)) for (const item of value) this.harvest(item, name);
    else if (isObject(value)) for (const [key, item] of Object.entries(value)) this.harvest(item, key);
  }
}

function comparisonHolds(rule: Comparison, left: unknown, right: unknown): boolean {
  if (typeof left === 'number' && typeof right === 'number') return rule.operator === '<' ? left < right : left <= right;
  if (typeof left !== 'string' || typeof right !== 'string') return true;
  const [a, b] = [instantOfValue(left), instantOfValue(right)];
  if (!(rule.operator === '<' ? a < b : a <= b)) return false;
  return rule.maxDays === undefined || b - a <= rule.maxDays * DAY_MS;
}

/** What JSON Schema cannot check, as the document's extensions say it: bounds in time, comparisons. */
function extensionProblems(schema: Schema, value: unknown, ajv: Ajv2020, path = ''): string[] {
  const problems: string[] = [];
  if (typeof value === 'string' && (schema.format === 'date' || schema.format === 'date-time')) {
    const at = instantOfValue(value);
    if (typeof schema['x-earliest'] === 'string' && at < instantOf(schema['x-earliest'])) problems.push(`${path} before x-earliest`);
    if (typeof schema['x-latest'] === 'string' && at > instantOf(schema['x-latest'])) problems.push(`${path} after x-latest`);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    for (const option of (schema[key] as Schema[] | undefined) ?? []) {
      if (key === 'allOf' || ajv.validate(option, value))
        problems.push(
          ...extensionProblems({ ...schema, anyOf: undefined, oneOf: undefined, allOf: undefined, ...option }, value, ajv, path),
        );
    }
  }
  if (isObject(value)) {
    for (const rule of (schema['x-field-comparisons'] as Comparison[] | undefined) ?? []) {
      const [left, right] = [value[rule.left], value[rule.right]];
      if (left !== undefined && left !== null && right !== undefined && right !== null && !comparisonHolds(rule, left, right))
        problems.push(`${path} ${rule.left} ${rule.operator} ${rule.right}`);
    }
    for (const [key, property] of Object.entries((schema.properties as Record<string, Schema> | undefined) ?? {})) {
      if (key in value) problems.push(...extensionProblems(property, value[key], ajv, `${path}.${key}`));
    }
  }
  if (Array.isArray(value) && isObject(schema.items))
    value.forEach((item, index) => problems.push(...extensionProblems(schema.items as Schema, item, ajv, `${path}[${index}]`)));
  return problems;
}

/** The names of fields marked x-state-dependent anywhere in a schema. */
function stateDependentFields(schema: unknown, path = '', out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) stateDependentFields(item, path, out);
  else if (isObject(schema)) {
    if (schema['x-state-dependent'] !== undefined) out.add(path);
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'properties' && isObject(value))
        for (const [name, inner] of Object.entries(value)) stateDependentFields(inner, path ? `${path}.${name}` : name, out);
      else if (key === 'items') stateDependentFields(value, path, out);
      else if (['anyOf', 'oneOf', 'allOf'].includes(key)) stateDependentFields(value, path, out);
    }
  }
  return out;
}

let ctx: TestContext;
let document: Document;
let ajv: Ajv2020;
const validators = new Map<Schema, ValidateFunction>();
const validatorOf = (schema: Schema) => {
  let validate = validators.get(schema);
  if (!validate) validators.set(schema, (validate = ajv.compile(schema)));
  return validate;
};

beforeAll(async () => {
  ctx = await createTestContext({}, {}, { fakes: LOCAL_FAKES });
  document = (await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as Document;
  // strict: false lets the x- keywords through; binary steps (0.1) are compared as the server does, to 1e-6.
  ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 6 });
  addFormats(ajv as unknown as Parameters<typeof addFormats>[0]);
  ajv.addSchema({ $id: 'openapi', components: document.components });
}, 120_000);
afterAll(() => ctx?.close());

/** `#/components/...` references of the document, as ajv resolves them against the schema added above. */
const resolveRefs = (schema: Schema): Schema =>
  JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/components/', '"$ref":"openapi#/components/')) as Schema;

/** Operations that end the session or change who is signed in go last, each before a fresh sign-in. */
const SESSION_ENDING =
  /^(signIn|signUp|verifySignInCode|operatorSignIn|operatorSignOut|verifyOperatorTotp|startOperatorTotpEnrolment|confirmOperatorTotpEnrolment|leaveService|updatePasswordByResetToken|activateUserEmailChange|unlockAccount)$/;

describe('the OpenAPI document drives the running app (issue 25 #4)', () => {
  it('answers every request generated from the document alone as documented, refusing none as invalid', async () => {
    const generator = new Generator(SEED);
    const findings: string[] = [];
    let sent = 0;
    const statuses = new Map<string, number>();
    let member = await signedInMember(ctx);
    const operations = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, operation })))
      .sort((a, b) => Number(SESSION_ENDING.test(a.operation.operationId)) - Number(SESSION_ENDING.test(b.operation.operationId)));
    // Ids the operator may use (their association) and the member's own, as answers give them.
    generator.harvest((await member.browser.get('getOperatorSession')).body);
    generator.harvest((await member.browser.get('getUserInfo')).body);

    for (const { path, method, operation } of operations) {
      const name = operation.operationId;
      const parameters = (operation.parameters ?? []).map((parameter) =>
        parameter.$ref ? document.components.parameters[parameter.$ref.split('/').pop()!]! : parameter,
      );
      const query = parameters.filter((parameter) => parameter.in === 'query');
      const inputSchema: Schema =
        method === 'get'
          ? {
              type: 'object',
              properties: Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])),
              required: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
              'x-field-comparisons': operation['x-field-comparisons'],
              ...Object.fromEntries(
                ['if', 'then', 'else', 'anyOf', 'allOf'].filter((key) => operation[key] !== undefined).map((key) => [key, operation[key]]),
              ),
            }
          : operation.requestBody!.content['application/json'].schema;
      const validateInput = validatorOf(resolveRefs(inputSchema));
      const tokenSource = parameters.find((parameter) => parameter.in === 'header' && parameter['x-token-source'])?.['x-token-source'];

      for (const mode of ['typical', 'low', 'high'] as const) {
        // Generated until the document accepts it (a few tries for conditional fields).
        let input: Record<string, unknown> | undefined;
        let problems: string[] = [];
        for (let attempt = 0; attempt < 60 && !input; attempt += 1) {
          const candidate = generator.value(inputSchema, attempt === 0 ? mode : 'typical') as Record<string, unknown>;
          generator.repair(candidate, inputSchema['x-field-comparisons'] as Comparison[] | undefined);
          for (const [key, property] of Object.entries((inputSchema.properties ?? {}) as Record<string, Schema>)) {
            const items = isObject(property.items) ? property.items : null;
            if (items && Array.isArray(candidate[key]))
              for (const item of candidate[key] as unknown[])
                if (isObject(item)) generator.repair(item, items['x-field-comparisons'] as Comparison[] | undefined);
          }
          problems = validateInput(candidate)
            ? extensionProblems(inputSchema, candidate, ajv)
            : (validateInput.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
          if (problems.length === 0) input = candidate;
        }
        if (!input) {
          findings.push(`${name} (${mode}): no document-valid input could be generated: ${problems.slice(0, 3).join('; ')}`);
          continue;
        }
        const body = JSON.stringify(input);
        if (method === 'post' && Buffer.byteLength(body) > (operation['x-max-body-bytes'] ?? Infinity)) continue;

        // The token the document names for this operation (getOperatorSession's for operators).
        const browser: Browser = member.browser;
        let token: string | undefined;
        if (method === 'post') {
          const source = await browser.send({ method: 'GET', url: `/api/bff/${tokenSource}` });
          token = (source.body as { authenticityToken?: string }).authenticityToken;
        }
        const answer = await browser.send(
          method === 'get'
            ? { method: 'GET', url: withQuery(path, input) }
            : { method: 'POST', url: path, body, headers: { 'content-type': 'application/json', 'x-csrf-token': token ?? '' } },
        );
        sent += 1;
        generator.harvest(answer.body);
        const outcome = `${answer.status} ${(answer.body as { code?: string } | null)?.code ?? ''}`.trim();
        statuses.set(outcome, (statuses.get(outcome) ?? 0) + 1);
        if (process.env.OPENAPI_DRIVEN_LOG) console.log(`${name} (${mode}) → ${outcome}`);

        const documented = operation.responses[String(answer.status)];
        const label = `${name} (${mode}) ${method.toUpperCase()} ${method === 'get' ? withQuery(path, input) : body.slice(0, 300)} → ${answer.status} ${answer.text.slice(0, 300)}`;
        if (!documented) {
          findings.push(`${label}: status not documented`);
        } else {
          const schema = documented.content?.['application/json'].schema;
          const validate = schema ? validatorOf(resolveRefs(schema)) : null;
          if (validate && !validate(answer.body)) findings.push(`${label}: answer breaks its schema: ${ajv.errorsText(validate.errors)}`);
        }
        const error = answer.body as { code?: string; fields?: Record<string, unknown> } | null;
        if (answer.status === 413) findings.push(`${label}: refused as too large`);
        // A 500 is a failure of the server (in tests also an error the call does not document).
        if (answer.status === 500) findings.push(`${label}: failed`);
        if (answer.status === 400 && error?.code === 'invalid_parameters') {
          const stateFields = stateDependentFields(inputSchema);
          const named = Object.keys(error.fields ?? { _: [] });
          if (!named.every((field) => stateFields.has(field))) findings.push(`${label}: refused as invalid`);
        }
        // A call that went through may have ended the session or a confirmation: sign in afresh.
        if (method === 'post' && (answer.status < 400 || [401, 423].includes(answer.status)) && name !== 'getAuthState') {
          const still =
            (await browser.get('getUserInfo')).status === 200 &&
            ((await browser.get('getOperatorSession')).body as { state?: string }).state === 'signedIn';
          const state = (await browser.post('getAuthState')).body as Record<string, unknown>;
          if (!still || typeof state.passwordAuthExpireAt !== 'string' || typeof state.birthdayAuthExpireAt !== 'string') {
            member = await signedInMember(ctx);
            generator.harvest((await member.browser.get('getOperatorSession')).body);
          }
        }
      }
    }
    report('openapi-driven', {
      operations: operations.length,
      requests: sent,
      findings: findings.length,
      seed: SEED,
      answers: [...statuses]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([outcome, count]) => `${outcome.replace(' ', ':')}×${count}`)
        .join(','),
    });
    expect(findings).toEqual([]);
  }, 600_000);
});
