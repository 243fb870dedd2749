import { API_PREFIX, calls } from '@sukoyaka/contract';
import { callSchema } from '@sukoyaka/contract/compat';
import { OPENAPI_PATH } from '../../src/platform/ops/openapi';
import { createTestContext, type TestContext } from '../helpers';

interface Operation {
  operationId: string;
  summary: string;
  'x-access': string;
  parameters?: { name: string; in: string; required?: boolean; schema?: unknown; $ref?: string }[];
  requestBody?: { content: { 'application/json': { schema: unknown } } };
  responses: Record<string, { content: { 'application/json': { schema: unknown } } }>;
}

describe('OpenAPI 3.1 from the contract (issue 15)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('is served at /api/openapi.json with every call: method, path, input and output schema', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toHaveLength(Object.keys(calls).length);
    for (const [name, call] of Object.entries(calls)) {
      const path = `${API_PREFIX}/${name}`;
      const operation = document.paths[path]?.[call.method.toLowerCase()];
      expect({ name, present: Boolean(operation) }).toEqual({ name, present: true });
      const { input, output } = callSchema(call);
      expect(operation!.operationId).toBe(name);
      expect(operation!.summary).toBe(call.summary);
      expect(operation!['x-access']).toBe(call.access);
      expect(operation!.responses['200']!.content['application/json'].schema).toEqual(output);
      if (call.method === 'GET') {
        const properties = (input.properties ?? {}) as Record<string, unknown>;
        const required = new Set((input.required as string[] | undefined) ?? []);
        expect(operation!.parameters).toEqual(
          Object.entries(properties).map(([parameter, schema]) => ({
            name: parameter,
            in: 'query',
            required: required.has(parameter),
            schema,
          })),
        );
      } else {
        expect(operation!.requestBody!.content['application/json'].schema).toEqual(input);
      }
    }
  });
});
