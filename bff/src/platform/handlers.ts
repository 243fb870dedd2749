import type { Access, CallName, CallOutput, Calls, ParsedInput } from '@sukoyaka/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Services } from '../services';
import type { Actor } from './actor';
import type { OwnKey } from './idempotency';
import type { Operator } from './operator-sessions';

export type { Operator };

/** The signed-in member as every member call sees it. */
export interface Member {
  id: string;
  email: string;
  nickname: string;
  associationId: string | null;
  emailVerified: boolean;
}

interface BaseContext {
  /** The raw request and reply: for the session's own calls (sessions.ts) and nothing else. */
  request: FastifyRequest;
  reply: FastifyReply;
  /** Who made the call, as services record it (audit rows, ledger keys): platform/actor.ts. */
  actor: Actor;
  db: Database;
  config: Config;
  services: Services;
  now: Date;
  /**
   * Only for a handler marked `keysItself`, called with an Idempotency-Key, outside any
   * transaction: it writes the key in the one statement that makes what it creates, or throws
   * NeedsKeyTransaction before writing anything, and is then called again in the call's transaction.
   */
  ownKey?: OwnKey;
}

/**
 * A member or account call is only reached with a member; a visitor call may have one. An
 * operator call is reached with a signed-in operator and never a member; an operator sign-in step
 * with the operator when the session is fully signed in (its session is `request.operatorSession`).
 */
export type CallContext<A extends Access> = BaseContext &
  (A extends 'operator'
    ? { operator: Operator; member: null }
    : A extends 'operatorSignIn'
      ? { operator: Operator | null; member: null }
      : { member: A extends 'visitor' ? Member | null : Member });

export type Handler<N extends CallName> = (input: ParsedInput<N>, context: CallContext<Calls[N]['access']>) => Promise<CallOutput<N>>;

/** One handler per call of the contract; the compiler refuses an app that misses one. */
export type Handlers = { [N in CallName]: Handler<N> };

const KEYS_ITSELF = Symbol('keysItself');

/** Marks a creating call's handler that can write its own Idempotency-Key (decision 0043). */
export function keysItself<N extends CallName>(handler: Handler<N>): Handler<N> {
  return Object.assign(handler, { [KEYS_ITSELF]: true });
}

export const writesItsOwnKey = (handler: unknown): boolean => typeof handler === 'function' && KEYS_ITSELF in handler;
