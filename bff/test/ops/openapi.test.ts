import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as contract from '@sukoyaka/contract';
import { API_PREFIX, calls, isOperatorAccess, type CallDefinition } from '@sukoyaka/contract';
import { ERROR_CATALOGUE, errorsOf } from '../../src/platform/error-catalogue';
import { buildOpenApi, documentedJsonSchema, OPENAPI_PATH } from '../../src/platform/ops/openapi';
import { BFF_ROOT } from '../../src/paths';
import { createTestContext, type TestContext } from '../helpers';

interface Operation {
  operationId: string;
  summary: string;
  'x-access': string;
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown; $ref?: string }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, { content: { 'application/json': { schema: { allOf?: { properties?: { code?: { enum: string[] } } }[] } } } }>;
  'x-max-body-bytes'?: number;
}
interface Document {
  openapi: string;
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { parameters: Record<string, { 'x-token-source'?: string }> };
}

const schemaOf = (call: CallDefinition, io: 'input' | 'output') => documentedJsonSchema(io === 'input' ? call.input : call.output, io);

describe('OpenAPI 3.1 from the contract (issue 15, issue 25 #4)', () => {
  let ctx: TestContext;
  let document: Document;
  beforeAll(async () => {
    ctx = await createTestContext();
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    document = response.json() as Document;
  }, 120_000);
  afterAll(() => ctx?.close());

  it('is served at /api/openapi.json with every call: method, path, input and output schema, its server', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: ctx.config.publicUrl, description: 'This bff' }]);
    expect(Object.keys(document.paths)).toHaveLength(Object.keys(calls).length);
    for (const [name, call] of Object.entries(calls) as [string, CallDefinition][]) {
      const operation = document.paths[`${API_PREFIX}/${name}`]?.[call.method.toLowerCase()];
      expect({ name, present: Boolean(operation) }).toEqual({ name, present: true });
      const input = schemaOf(call, 'input');
      expect(operation!.operationId).toBe(name);
      expect(operation!['x-access']).toBe(call.access);
      expect(operation!.responses['200']!.content['application/json'].schema).toEqual(schemaOf(call, 'output'));
      if (call.method === 'GET') {
        const properties = (input.properties ?? {}) as Record<string, Record<string, unknown>>;
        const required = new Set((input.required as string[] | undefined) ?? []);
        expect(
          operation!.parameters!.map(({ name: parameter, in: where, required: needed, schema }) => ({ parameter, where, needed, schema })),
        ).toEqual(
          Object.entries(properties).map(([parameter, schema]) => ({ parameter, where: 'query', needed: required.has(parameter), schema })),
        );
      } else {
        expect(operation!.requestBody!.content['application/json'].schema).toEqual(input);
        expect(operation!['x-max-body-bytes']).toBe(call.maxBodyBytes ?? contract.DEFAULT_MAX_BODY_BYTES);
      }
    }
  });

  it('states what the server checks beyond zod’s own JSON Schema: formats, patterns, steps, rules between fields', () => {
    const body = (name: string) =>
      document.paths[`${API_PREFIX}/${name}`]!.post!.requestBody!.content['application/json'].schema as Record<string, any>;
    const query = (name: string) => document.paths[`${API_PREFIX}/${name}`]!.get!;
    expect(body('verifyOrganization').properties.insurerNumber.pattern).toBe('^[0-9]{8}$');
    expect(body('verifyOrganization').properties.birthday).toMatchObject({ format: 'date', 'x-latest': 'today' });
    expect(body('sendSmsMfaSetupCode').properties.phoneNumber.pattern).toEqual(expect.stringContaining('0[6-9]0'));
    expect(body('verifySignInCode').properties.code.pattern).toBe('^[0-9]{6}$');
    expect(body('signUp').properties.email).toMatchObject({ format: 'email', pattern: expect.any(String) });
    expect(body('saveWeight').properties.weight.multipleOf).toBe(0.1);
    expect(body('saveBodyTemperature').properties.temperature.multipleOf).toBe(0.01);
    expect(body('saveBloodPressure').properties.measuredAt).toMatchObject({ format: 'date-time', 'x-latest': 'now' });
    expect(body('saveBloodPressure')['x-field-comparisons']).toEqual([{ left: 'diastolic', operator: '<', right: 'systolic' }]);
    expect(body('createOperatorPrizeCompetition')).toMatchObject({
      if: expect.any(Object),
      then: expect.any(Object),
      else: expect.any(Object),
    });
    expect(body('patchUserGift').anyOf).toHaveLength(2);
    expect((query('listWeights') as unknown as Record<string, unknown>)['x-field-comparisons']).toEqual([
      { left: 'from', operator: '<=', right: 'to', maxDays: contract.MAX_PERIOD_DAYS - 1 },
    ]);
    expect(body('ingestVitals').properties.items.items).toEqual(expect.objectContaining({ oneOf: expect.any(Array) }));
  });

  it('names the authenticity token of the session each POST is checked against: the operator’s from getOperatorSession', () => {
    for (const [name, call] of Object.entries(calls) as [string, CallDefinition][]) {
      const operation = document.paths[`${API_PREFIX}/${name}`]![call.method.toLowerCase()]!;
      const session = isOperatorAccess(call.access) ? 'operatorSession' : 'memberSession';
      expect({ name, security: operation.security }).toEqual({
        name,
        security: call.access === 'visitor' && call.method === 'GET' ? [{}, { memberSession: [] }] : [{ [session]: [] }],
      });
      if (call.method === 'GET') continue;
      const reference = operation.parameters!.find((parameter) => parameter.$ref?.includes('AuthenticityToken'))!.$ref!;
      const source = document.components.parameters[reference.split('/').pop()!]!['x-token-source'];
      expect({ name, source }).toEqual({
        name,
        source: isOperatorAccess(call.access) ? 'getOperatorSession' : 'getAuthenticityTokenForClient',
      });
    }
  });

  it('lists every error an operation can answer, by status, with the codes of the catalogue', () => {
    for (const [name, call] of Object.entries(calls) as [string, CallDefinition][]) {
      const operation = document.paths[`${API_PREFIX}/${name}`]![call.method.toLowerCase()]!;
      const expected = Object.fromEntries(
        [...errorsOf(name, call)].map(([status, entries]) => [String(status), entries.map((entry) => entry.code)]),
      );
      const documented = Object.fromEntries(
        Object.entries(operation.responses)
          .filter(([status]) => status !== '200')
          .map(([status, response]) => [status, response.content['application/json'].schema.allOf![1]!.properties!.code!.enum]),
      );
      expect({ name, documented }).toEqual({ name, documented: expected });
      expect(Object.keys(documented)).toEqual(expect.arrayContaining(['400', '404', '500', '503']));
      if (call.method === 'POST') expect(Object.keys(documented)).toEqual(expect.arrayContaining(['403', '413']));
      if (call.access !== 'visitor') expect(Object.keys(documented)).toContain('401');
    }
  });

  it('catalogues every code the contract defines (its …ErrorCodes records)', () => {
    const defined = Object.entries(contract)
      .filter(([exported, value]) => exported.endsWith('ErrorCodes') && value && typeof value === 'object')
      .flatMap(([, value]) => Object.values(value as Record<string, string>));
    expect(defined.length).toBeGreaterThan(40);
    const catalogued = new Set(ERROR_CATALOGUE.map((entry) => entry.code));
    expect(defined.filter((code) => !catalogued.has(code))).toEqual([]);
  });

  it('keeps every string the body limit allows: maxLength × 3 bytes fits x-max-body-bytes', () => {
    const tooLong: string[] = [];
    const walk = (schema: unknown, where: string, limit: number) => {
      if (Array.isArray(schema)) schema.forEach((item) => walk(item, where, limit));
      else if (schema && typeof schema === 'object') {
        const { maxLength } = schema as { maxLength?: number };
        if (typeof maxLength === 'number' && maxLength * 3 > limit) tooLong.push(`${where}: ${maxLength}`);
        for (const [key, value] of Object.entries(schema)) walk(value, `${where}.${key}`, limit);
      }
    };
    for (const methods of Object.values(document.paths)) {
      for (const operation of Object.values(methods)) {
        if (operation.requestBody) walk(operation.requestBody, operation.operationId, operation['x-max-body-bytes']!);
      }
    }
    expect(tooLong).toEqual([]);
  });

  it('passes `redocly lint` with the recommended rules', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'sukoyaka-openapi-'));
    try {
      const file = path.join(folder, 'openapi.json');
      writeFileSync(file, JSON.stringify(buildOpenApi(calls, '0.0.0'), null, 2));
      // The recommended rules, spelled out (no configuration of the repository's is read from here).
      writeFileSync(path.join(folder, 'redocly.yaml'), 'extends:\n  - recommended\n');
      const cli = require.resolve('@redocly/cli/bin/cli.js', { paths: [BFF_ROOT] });
      const result = await promisify(execFile)(process.execPath, [cli, 'lint', file, '--format=stylish', '--max-problems=50'], {
        cwd: folder,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      }).catch((error: { stdout: string; stderr: string; code: number }) => error);
      const output = `${result.stdout}\n${result.stderr}`;
      expect({
        output: output.includes('Your API description is valid') ? 'valid' : output,
        warnings: /\d+:\d+\s+warning|You have \d+ warning/.test(output) ? output : 'none',
      }).toEqual({
        output: 'valid',
        warnings: 'none',
      });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
