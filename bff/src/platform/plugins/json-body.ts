import { ErrorCodes } from '@sukoyaka/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors';

/** No call's input nests deeper than a few levels; 32 leaves room and refuses pathological bodies. */
export const MAX_JSON_DEPTH = 32;

export const tooDeeplyNested = () =>
  new HttpError(400, ErrorCodes.invalidParameters, `送信データの入れ子が深すぎます（${MAX_JSON_DEPTH}段まで）。`);

/**
 * True when the JSON text opens more than `limit` arrays or objects inside one another. A scan of
 * the brackets outside strings, without parsing: a deeply nested body is refused before JSON.parse
 * and the recursive walks after it (validation, the schema) spend time on it.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index += 1; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) depth -= 1;
  }
  return false;
}

/**
 * JSON bodies as Fastify parses them (its own parser, with its prototype-poisoning checks), after a
 * depth check. The size is the route's body limit (platform/routes.ts), enforced while reading.
 */
export const jsonBodyPlugin = fp(async (app: FastifyInstance) => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(tooDeeplyNested(), undefined);
      return;
    }
    parse(request, body as string, done);
  });
});
