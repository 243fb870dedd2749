import type { CallDefinition, CallName } from '@sukoyaka/contract';
import { callSchema } from '@sukoyaka/contract/compat';
import fastJsonStringify, { type Schema } from 'fast-json-stringify';

/** A call's answer as the JSON text the member receives. */
export type CallOutputWriter = (result: unknown) => string;

/**
 * A call's answer written as JSON by a serializer compiled from the contract's output schema
 * (fast-json-stringify, the one fastify compiles response schemas with; decision 0033). It writes
 * the contract's properties only, so whatever a query returned beyond them never leaves the bff:
 * the strip zod's output parse did, at a quarter of the cost of parse + JSON.stringify (34 → 10 µs
 * for a page of 20 blood pressures).
 *
 * `check` (every environment but production: the suites, the journeys, `npm start`): zod parses the
 * answer first, so a handler's off-contract value is a 500 as before, and the text production would
 * send (the handler's own result, written) must equal JSON.stringify of zod's result. Every test of
 * every call thus proves the two agree; production relies on that proof and on the handlers' types
 * (`Handlers` is typed by the contract's outputs).
 */
export function callOutputWriter(name: CallName, call: CallDefinition, check: boolean): CallOutputWriter {
  // Compiled on the call's first answer, not at start: the 216 schemas take 0.4 s, which every app
  // start (each API test file builds one) would pay for calls it never makes.
  const written = (result: unknown) => writerOf(call)(result);
  if (!check) return written;
  return (result) => {
    const expected = JSON.stringify(call.output.parse(result));
    const text = written(result);
    if (text !== expected) throw new Error(`${name}: the compiled output writer differs from the contract's zod schema`);
    return text;
  };
}

/** One writer per call definition in this process, whichever app asks (the test files build many). */
const writers = new WeakMap<CallDefinition, CallOutputWriter>();

function writerOf(call: CallDefinition): CallOutputWriter {
  let writer = writers.get(call);
  if (writer) return writer;
  const schema = withNullableKeyword(callSchema(call).output);
  // A real union (six calls: the forecast's results, the import reports) is written as before:
  // fast-json-stringify picks a branch by validating the value, and a value carrying more than the
  // contract matches none (additionalProperties: false).
  if (/"(anyOf|oneOf|allOf)"/.test(JSON.stringify(schema))) writer = (result) => JSON.stringify(call.output.parse(result));
  // zod's JSON Schema for the output (contract/src/compat): a loose record as far as TypeScript knows.
  else writer = fastJsonStringify(schema as Schema);
  writers.set(call, writer);
  return writer;
}

type JsonSchema = ReturnType<typeof callSchema>['output'];
const isNullType = (schema: unknown) => (schema as JsonSchema | undefined)?.type === 'null' && Object.keys(schema as object).length === 1;

/**
 * zod writes `nullable(x)` as `anyOf: [x, {type: 'null'}]`, which fast-json-stringify resolves by
 * validating the value against each branch: slower, and an object carrying a property beyond the
 * contract matches no branch (`additionalProperties: false`) and throws. `{...x, nullable: true}`
 * says the same and is written like x. Real unions keep their anyOf / oneOf.
 */
function withNullableKeyword(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullableKeyword);
  if (!schema || typeof schema !== 'object') return schema;
  const entries = Object.entries(schema as JsonSchema).map(([key, value]) => [key, withNullableKeyword(value)] as const);
  const result = Object.fromEntries(entries) as JsonSchema;
  const options = result.anyOf;
  if (Array.isArray(options) && options.length === 2 && options.some(isNullType)) {
    const other = options.find((option) => !isNullType(option)) as JsonSchema;
    if (typeof other.type === 'string') {
      const { anyOf: _replaced, ...rest } = result;
      return { ...rest, ...other, nullable: true };
    }
  }
  return result;
}
