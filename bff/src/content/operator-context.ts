import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import type { Operator } from '../platform/operators';

/** What an operator write needs: the database, the request (for the audit row), who, and when. */
export interface OperatorContext {
  db: Database;
  request: FastifyRequest;
  operator: Operator;
  now: Date;
}
