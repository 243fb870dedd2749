import { createHash } from 'node:crypto';
import { z } from 'zod/mini';
import type { CallDefinition } from '../define';

/**
 * A call as other programs see it: its method, who may make it and its input and output as JSON
 * Schema (zod 4's `z.toJSONSchema`). Deploys and CI compare these, never the zod objects, so an
 * artefact built months ago and the running bff can be compared without sharing code.
 */
export interface CallSchema {
  method: string;
  access: string;
  stepUp?: string;
  input: JsonSchema;
  output: JsonSchema;
  /** SHA-256 over the fields above, canonical JSON: equal fingerprints, same call. */
  fingerprint: string;
}

export type JsonSchema = { [key: string]: unknown };
export type ContractSchemas = Record<string, CallSchema>;

function toJsonSchema(schema: z.ZodMiniType, io: 'input' | 'output'): JsonSchema {
  // `any` for what JSON cannot express (a transform's function): the shapes around it still count.
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
}

/** JSON with object keys sorted at every level, so equal schemas hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export function callSchema(call: CallDefinition): CallSchema {
  const shape = {
    method: call.method,
    access: call.access,
    ...(call.stepUp ? { stepUp: call.stepUp } : {}),
    input: toJsonSchema(call.input, 'input'),
    output: toJsonSchema(call.output, 'output'),
  };
  return { ...shape, fingerprint: createHash('sha256').update(canonicalJson(shape)).digest('hex') };
}

/** Every call's schema, by name (optionally only `names`). */
export function contractSchemas(calls: Record<string, CallDefinition>, names?: Iterable<string>): ContractSchemas {
  const wanted = names ? new Set(names) : null;
  return Object.fromEntries(
    Object.entries(calls)
      .filter(([name]) => !wanted || wanted.has(name))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([name, call]) => [name, callSchema(call)]),
  );
}
