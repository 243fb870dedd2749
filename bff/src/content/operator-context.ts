import type { Actor } from '../platform/actor';
import type { Database } from '../db/client';
import type { Operator } from '../platform/operators';

/** What an operator write needs: the database, who made the request (for the audit row), who, and when. */
export interface OperatorContext {
  db: Database;
  actor: Actor;
  operator: Operator;
  now: Date;
}
