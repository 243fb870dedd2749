import { callPath, calls, type CallDefinition, type CallName } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { unauthenticated } from '../lib/errors';
import { invalidParameters } from '../lib/validation';
import type { Handlers, Member } from './handlers';

export interface ApiRoutesOptions {
  db: Database;
  handlers: Handlers;
  now: () => Date;
  loadMember(request: FastifyRequest): Promise<Member | null>;
}

/**
 * One route per call of the contract, `/api/bff/<name>`: GET reads its input from the query,
 * POST from the JSON body; the contract's schema validates both ways.
 */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  for (const name of Object.keys(calls) as CallName[]) {
    const call = calls[name] as CallDefinition;
    const handler = options.handlers[name] as unknown as (input: unknown, context: unknown) => Promise<unknown>;
    app.route({
      method: call.method,
      url: callPath(name),
      handler: async (request, reply) => {
        const member = await options.loadMember(request);
        if (call.access === 'member' && !member) throw unauthenticated();
        const parsed = call.input.safeParse(call.method === 'GET' ? (request.query ?? {}) : (request.body ?? {}));
        if (!parsed.success) throw invalidParameters(parsed.error);
        const result = await handler(parsed.data, { request, reply, db: options.db, now: options.now(), member });
        // The output schema also strips whatever a query returned beyond the contract.
        reply.header('cache-control', 'no-store');
        return call.output.parse(result);
      },
    });
  }
}
