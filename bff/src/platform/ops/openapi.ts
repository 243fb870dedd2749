import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_PREFIX,
  AUTHENTICITY_TOKEN_HEADER,
  DEFAULT_MAX_BODY_BYTES,
  documentationOf,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  isOperatorAccess,
  OPERATOR_SESSION_COOKIE,
  type CallDefinition,
  type Documentation,
} from '@sukoyaka/contract';
import type { JsonSchema } from '@sukoyaka/contract/compat';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { BFF_ROOT } from '../../paths';
import { errorsOf } from '../error-catalogue';
import { SESSION_COOKIE } from '../plugins/session';

/** The bff's package version: the document's version. */
export const bffVersion = () => (JSON.parse(readFileSync(path.join(BFF_ROOT, 'package.json'), 'utf8')) as { version: string }).version;

/** Where the bff serves the document. */
export const OPENAPI_PATH = '/api/openapi.json';

/**
 * Merges what the contract documents of a schema's refinements (contract/src/documented.ts) into
 * zod's JSON Schema of it: a second pattern, format or set of alternatives goes into `allOf`, so
 * nothing zod said is lost; descriptions are joined.
 */
function mergeDocumentation(target: JsonSchema, documentation: Documentation): void {
  for (const [key, value] of Object.entries(documentation)) {
    if (value === undefined) continue;
    if (key === 'description') {
      target.description = typeof target.description === 'string' ? `${target.description} ${String(value)}` : value;
    } else if (key === 'allOf') {
      target.allOf = [...(Array.isArray(target.allOf) ? target.allOf : []), ...(value as unknown[])];
    } else if (
      ['pattern', 'format', 'anyOf', 'oneOf', 'not', 'if'].includes(key) &&
      key in target &&
      JSON.stringify(target[key]) !== JSON.stringify(value)
    ) {
      // `if` comes with its `then`/`else`: the pair moves into allOf together.
      const part: JsonSchema = key === 'if' ? { if: value, then: documentation.then, else: documentation.else } : { [key]: value };
      target.allOf = [...(Array.isArray(target.allOf) ? target.allOf : []), part];
    } else if ((key === 'then' || key === 'else') && 'if' in target && JSON.stringify(target.if) !== JSON.stringify(documentation.if)) {
      // Moved with its `if` above.
    } else {
      target[key] = value;
    }
  }
}

/**
 * A zod schema as the document shows it: zod 4's JSON Schema (draft 2020-12) with what the
 * contract documents of its refinements merged in. `io` is `input` for what a caller sends (its
 * defaults make fields optional), `output` for what the bff answers.
 */
export function documentedJsonSchema(schema: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const convert = (inner: z.core.$ZodType) => documentedJsonSchema(inner, io);
  const json = z.toJSONSchema(schema, {
    io,
    // `any` for what JSON cannot express (a transform's function): the shapes around it still count.
    unrepresentable: 'any',
    override: ({ zodSchema, jsonSchema }) => {
      for (const source of documentationOf(zodSchema)) {
        mergeDocumentation(jsonSchema as JsonSchema, typeof source === 'function' ? source(convert) : source);
      }
    },
  }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** Keywords of an object's own rules (not its fields): a GET's go to the operation. */
const OBJECT_RULES = ['x-field-comparisons', 'if', 'then', 'else', 'anyOf', 'allOf', 'not'] as const;

const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    code: { type: 'string', description: 'エラーの識別子 (system_account_locked など): each response lists the codes it can carry.' },
    message: { type: 'string', description: '会員向けの日本語のメッセージ' },
    fields: {
      type: 'object',
      description: 'Field (a dotted path; `_` for the whole input) → its Japanese messages.',
      additionalProperties: { type: 'array', items: { type: 'string' } },
    },
  },
  required: ['code', 'message'],
};

const STATUS_TEXT: Record<number, string> = {
  400: 'The request was refused as it is',
  401: 'Not signed in',
  403: 'Refused: token, standing, step-up or role',
  404: 'Not found',
  409: 'Conflicts with the current state',
  413: 'The body is too large',
  422: 'The Idempotency-Key was used for something else',
  423: 'Locked',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Unavailable for now',
};

/** How the caller proves who they are: the member's session or the operator's, each a cookie. */
const SECURITY_SCHEMES = {
  memberSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The member session (a visitor session before signing in), set by getAuthenticityTokenForClient, signIn and signUp.',
  },
  operatorSession: {
    type: 'apiKey',
    in: 'cookie',
    name: OPERATOR_SESSION_COOKIE,
    description: 'The operator session (mf-admin), set by getOperatorSession and rotated by each sign-in step; never a member session.',
  },
};

/** The authenticity token a POST carries, by whose session it is checked against. */
const TOKEN_PARAMETERS = {
  MemberAuthenticityToken: {
    name: AUTHENTICITY_TOKEN_HEADER,
    in: 'header',
    required: true,
    description:
      "The member session's authenticity token: `authenticityToken` of getAuthenticityTokenForClient (a sign-in answers a new one in the X-CSRF-Token response header).",
    schema: { type: 'string', minLength: 1 },
    'x-token-source': 'getAuthenticityTokenForClient',
  },
  OperatorAuthenticityToken: {
    name: AUTHENTICITY_TOKEN_HEADER,
    in: 'header',
    required: true,
    description:
      "The operator session's authenticity token: `authenticityToken` of getOperatorSession (each sign-in step answers a new one in the X-Operator-CSRF-Token response header). The member's token is refused here.",
    schema: { type: 'string', minLength: 1 },
    'x-token-source': 'getOperatorSession',
  },
  IdempotencyKey: {
    name: IDEMPOTENCY_KEY_HEADER,
    in: 'header',
    required: false,
    description:
      'Makes a retry safe: the same key with the same input answers the first answer again (Idempotent-Replayed: true) instead of doing it twice.',
    schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
  },
};

function errorResponses(name: string, call: CallDefinition): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  for (const [status, entries] of errorsOf(name, call)) {
    const codes = entries.map((entry) => entry.code);
    responses[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${entries.map((entry) => `\`${entry.code}\` — ${entry.when}`).join(' ')}`,
      content: {
        'application/json': {
          schema: {
            allOf: [{ $ref: '#/components/schemas/ApiError' }, { properties: { code: { enum: [...new Set(codes)] } } }],
          },
        },
      },
    };
  }
  return responses;
}

function tagOf(call: CallDefinition): string {
  return isOperatorAccess(call.access) ? 'operator' : call.access === 'visitor' ? 'visitor' : 'member';
}

const TAGS = [
  { name: 'visitor', description: 'Calls anyone may make; a POST still carries the (visitor) session’s authenticity token.' },
  { name: 'member', description: 'Calls of a signed-in member (`account`: before the address is verified too).' },
  { name: 'operator', description: 'Calls of the associations’ operators (mf-admin): their own session and authenticity token.' },
];

function security(call: CallDefinition): Record<string, string[]>[] {
  return [isOperatorAccess(call.access) ? { operatorSession: [] } : { memberSession: [] }];
}

/**
 * OpenAPI 3.1 from the contract, for the native apps and other teams' generated clients: one
 * operation per call (operationId = the call's name), reads as GET with query parameters and
 * writes as POST with a JSON body. Each schema is zod 4's JSON Schema with what the contract
 * documents of its refinements (contract/src/documented.ts); each operation lists every error it
 * can answer, by status, with its codes (platform/error-catalogue.ts), the session it needs and the
 * authenticity token its POST carries (the member's, or the operator's from getOperatorSession).
 * Who may call and the step-up a call needs are also in `x-access` / `x-step-up`.
 */
export function buildOpenApi(calls: Record<string, CallDefinition>, version: string, serverUrl = '/'): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const [name, call] of Object.entries(calls).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const input = documentedJsonSchema(call.input, 'input');
    const output = documentedJsonSchema(call.output, 'output');
    const maxBodyBytes = call.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    const notes: string[] = [];
    if (call.stepUp) notes.push(`Needs a fresh ${call.stepUp} confirmation (403 otherwise).`);
    if (call.operatorRole) notes.push(`Needs the operator role \`${call.operatorRole}\`.`);
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: call.summary.length > 120 ? `${call.summary.slice(0, 117)}…` : call.summary,
      description: call.summary,
      tags: [tagOf(call)],
      'x-access': call.access,
      ...(call.stepUp ? { 'x-step-up': call.stepUp } : {}),
      ...(call.operatorRole ? { 'x-operator-role': call.operatorRole } : {}),
      security: call.access === 'visitor' && call.method === 'GET' ? [{}, { memberSession: [] }] : security(call),
      responses: {
        '200': { description: 'Success', content: { 'application/json': { schema: output } } },
        ...errorResponses(name, call),
      },
    };
    if (call.method === 'GET') {
      const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set(Array.isArray(input.required) ? input.required.map(String) : []);
      operation.parameters = Object.entries(properties).map(([parameter, schema]) => ({
        name: parameter,
        in: 'query',
        required: required.has(parameter),
        ...(typeof schema.description === 'string' ? { description: schema.description } : {}),
        schema,
      }));
      // The input's own rules (between its fields) belong to the operation: a query has no object.
      for (const key of OBJECT_RULES) if (input[key] !== undefined) operation[key] = input[key];
      if (typeof input.description === 'string') notes.push(input.description);
    } else {
      const token = isOperatorAccess(call.access) ? 'OperatorAuthenticityToken' : 'MemberAuthenticityToken';
      operation.parameters = [{ $ref: `#/components/parameters/${token}` }, { $ref: '#/components/parameters/IdempotencyKey' }];
      operation.requestBody = { required: true, content: { 'application/json': { schema: input } } };
      operation['x-max-body-bytes'] = maxBodyBytes;
      notes.push(`The JSON body is at most ${maxBodyBytes} bytes of UTF-8 (413 beyond).`);
    }
    if (notes.length > 0) operation.description = `${call.summary}\n\n${notes.join(' ')}`;
    paths[`${API_PREFIX}/${name}`] = { [call.method.toLowerCase()]: operation };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'すこやか bff API',
      version,
      description: [
        'Generated from the contract (contract/src). Every call is /api/bff/<name>: reads are GET with query parameters, writes POST with a JSON body.',
        'The member signs in with a session cookie; a POST carries the authenticity token of the session it is checked against (the X-CSRF-Token header): the member’s from getAuthenticityTokenForClient, an operator’s from getOperatorSession.',
        'Every constraint the server checks is in the schemas; what JSON Schema cannot say is in `x-earliest` / `x-latest` (dates and moments: `now`, `today` in Japan), `x-field-comparisons` (one field before or below another, on the object or, for a GET, the operation) and `x-state-dependent` (a value checked against what the server holds, refused as a 400 `invalid_parameters` under that field).',
        'Text never holds NUL or a lone surrogate; lengths are counted in UTF-16 code units, so a character outside the BMP (most emoji) counts twice against maxLength.',
        'Every error is `{ code, message, fields? }` with a Japanese message; each operation lists its statuses and codes.',
      ].join('\n\n'),
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
    },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    servers: [{ url: serverUrl, description: 'This bff' }],
    tags: TAGS,
    paths,
    components: {
      schemas: { ApiError: ERROR_SCHEMA },
      parameters: TOKEN_PARAMETERS,
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/** Serves the document (built once, at registration), its server the configured public address. */
export async function openApiRoutes(
  app: FastifyInstance,
  options: { calls: Record<string, CallDefinition>; serverUrl?: string },
): Promise<void> {
  // Made at the first request, not at every start (about 50 ms), then served as made.
  let document: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApi(options.calls, bffVersion(), options.serverUrl));
    return reply.type('application/json; charset=utf-8').header('cache-control', 'no-cache').send(document);
  });
}
