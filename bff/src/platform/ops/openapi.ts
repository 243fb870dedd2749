import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PREFIX, AUTHENTICITY_TOKEN_HEADER, type CallDefinition } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import { BFF_ROOT } from '../../paths';
import { callSchema, type JsonSchema } from '@sukoyaka/contract/compat';

/** The bff's package version: the document's version. */
export const bffVersion = () => (JSON.parse(readFileSync(path.join(BFF_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Where the bff serves the document. */
export const OPENAPI_PATH = '/api/openapi.json';

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', description: 'エラーの識別子 (system_account_locked など)' },
    message: { type: 'string', description: '会員向けの日本語のメッセージ' },
    fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['code', 'message'],
};

/**
 * OpenAPI 3.1 from the contract, for the native apps and other teams' generated clients: one
 * operation per call (operationId = the call's name), reads as GET with query parameters and
 * writes as POST with a JSON body, their schemas from zod 4's JSON Schema. Who may call and the
 * step-up a call needs are in `x-access` / `x-step-up`.
 */
export function buildOpenApi(calls: Record<string, CallDefinition>, version: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const { input, output } = callSchema(call);
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: call.summary,
      'x-access': call.access,
      ...(call.stepUp ? { 'x-step-up': call.stepUp } : {}),
      ...(call.access === 'visitor' ? { security: [] } : {}),
      responses: {
        '200': { description: '成功', content: { 'application/json': { schema: output } } },
        default: { description: 'エラー', content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } },
      },
    };
    if (call.method === 'GET') {
      const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set(Array.isArray(input.required) ? input.required.map(String) : []);
      operation.parameters = Object.entries(properties).map(([parameter, schema]) => ({
        name: parameter,
        in: 'query',
        required: required.has(parameter),
        schema,
      }));
    } else {
      operation.parameters = [{ $ref: '#/components/parameters/CsrfToken' }];
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
    }
    paths[`${API_PREFIX}/${name}`] = { [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'すこやか bff API',
      version,
      description: 'Generated from the contract (contract/src). Every call is /api/bff/<name>; the session is a cookie.',
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      schemas: { ApiError: ERROR_SCHEMA },
      parameters: {
        CsrfToken: {
          name: AUTHENTICITY_TOKEN_HEADER,
          in: 'header',
          required: true,
          description: "The session's authenticity token (getAuthenticityTokenForClient).",
          schema: { type: 'string' },
        },
      },
      securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sukoyaka_session' } },
    },
    security: [{ session: [] }],
  };
}

/** Serves the document (built once, at registration). */
export async function openApiRoutes(app: FastifyInstance, options: { calls: Record<string, CallDefinition> }): Promise<void> {
  const document = JSON.stringify(buildOpenApi(options.calls, bffVersion()));
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document),
  );
}
