import { callPath, calls, DEFAULT_MAX_BODY_BYTES, isOperatorAccess, type CallDefinition, type CallName } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { HttpError, unauthenticated } from './errors';
import { assertDecodableQuery, assertWellFormedText, invalidParameters } from './validation';
import { claimIdempotencyKey, idempotencyKeyOf, REPLAYED_HEADER } from './idempotency';
import { accountConditionError, emailNotVerified } from './conditions';
import { assertStepUp } from './step-up';
import { isSignedInOperatorSession } from './operator-sessions';
import { assertOperatorCan, associationsWhere, operatorForbidden, operatorUnauthenticated } from './operators';
import type { Handlers, Member, Operator } from './handlers';

export interface ApiRoutesOptions {
  db: Database;
  config: Config;
  services: Services;
  handlers: Handlers;
  now: () => Date;
}

/**
 * The calls' JSON answers are small (a page of 20 readings is 3.7 KB) and many per page: brotli at
 * quality 1 and gzip at level 1 cost a third of the defaults' CPU (31 against 89 us, 48 against
 * 113 us for that page) for 5-11 % more bytes (432 against 389 B). Pages keep the defaults.
 */
const CALL_COMPRESSION = {
  brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
};

/** Who a call is made by, once its access is checked: the member (or none), the operator (or none). */
interface Admission {
  member: Member | null;
  operator: Operator | null;
}

/**
 * The call's access, from the session alone (spec §6, §8): signed in, in good standing, e-mail
 * verified, stepped up; the operator signed in with both factors. Throws the refusal.
 */
function admit(call: CallDefinition, request: FastifyRequest, now: Date): Admission {
  const operatorCall = isOperatorAccess(call.access);
  // Loaded with the session, in the same query (plugins/session.ts); never on operator calls.
  const found = operatorCall ? null : request.caller;
  // Account conditions (spec §8) are enforced on every member call; a visitor call made by
  // a member who may not use the service sees no member.
  const condition = found ? accountConditionError(found.standing, now) : null;
  // The operator of a fully signed-in operator session (both factors), on operator calls.
  const operator = operatorCall && isSignedInOperatorSession(request.operatorSession) ? request.operatorSession.operator : null;
  if (call.access === 'operator') {
    if (!operator) throw operatorUnauthenticated();
  } else if (call.access !== 'visitor' && call.access !== 'operatorSignIn') {
    if (!found) throw unauthenticated();
    if (condition) throw condition;
    if (call.access === 'member' && !found.member.emailVerified) throw emailNotVerified();
    if (call.stepUp) assertStepUp(call.stepUp, request.session!.row, now);
  }
  return { member: found && !condition ? found.member : null, operator };
}

/**
 * One route per call of the contract, `/api/bff/<name>`: GET reads its input from the query,
 * POST from the JSON body; the contract's schema validates both ways. Who may make the call is
 * decided before its body is read (onRequest), and the body may be no larger than the call declares.
 */
export async function apiRoutes(app: FastifyInstance, options: ApiRoutesOptions): Promise<void> {
  const admitted = new WeakMap<FastifyRequest, Admission>();
  for (const name of Object.keys(calls) as CallName[]) {
    const call = calls[name] as CallDefinition;
    const handler = options.handlers[name] as unknown as (input: unknown, context: unknown) => Promise<unknown>;
    const operatorCall = isOperatorAccess(call.access);
    app.route({
      method: call.method,
      url: callPath(name),
      compress: CALL_COMPRESSION,
      // Small unless the call carries a batch or a file (the contract's maxBodyBytes): 413 beyond.
      bodyLimit: call.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      // Operator calls read the operator session and its token only (plugins/operator-session.ts).
      ...(operatorCall ? { config: { operatorCall: true as const } } : {}),
      // After the session and the authenticity token (plugins/session.ts, csrf.ts), before the
      // body is read: a caller who may not make the call costs no parsing.
      onRequest: async (request) => {
        admitted.set(request, admit(call, request, options.now()));
      },
      handler: async (request, reply) => {
        const now = options.now();
        const { member, operator } = admitted.get(request)!;
        const raw = call.method === 'GET' ? (request.query ?? {}) : (request.body ?? {});
        // Every text field of every call: a query that is not UTF-8, and then a lone surrogate or
        // NUL anywhere in what the schema accepted, is refused (it would be stored as U+FFFD, or
        // not at all).
        if (call.method === 'GET') assertDecodableQuery(request.url);
        const parsed = call.input.safeParse(raw);
        if (!parsed.success) throw invalidParameters(parsed.error);
        assertWellFormedText(raw);
        // The role the call declares: in the association its input names, else in some association
        // (the handler then checks the association of what it touches).
        if (call.access === 'operator' && call.operatorRole) {
          const associationId = (parsed.data as { associationId?: unknown }).associationId;
          if (typeof associationId === 'string') assertOperatorCan({ operator: operator! }, associationId, call.operatorRole);
          else if (associationsWhere(operator!, call.operatorRole).length === 0) throw operatorForbidden();
        }
        const run = async (db: Database = options.db) => {
          const result = await handler(parsed.data, {
            request,
            reply,
            db,
            config: options.config,
            services: options.services,
            now,
            member,
            ...(operatorCall ? { operator } : {}),
          });
          // The output schema also strips whatever a query returned beyond the contract.
          return call.output.parse(result);
        };

        /** A refusal is the call's answer and is replayed; a failure (5xx, lost connection, a throttle) may succeed when retried. */
        const isFinal = (error: unknown): error is HttpError =>
          error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 429 && error.statusCode !== 409;
        const logRecordingFailure = (failure: unknown) => request.log.error({ err: failure }, 'recording the idempotency key failed');

        // A call that creates something: the claim, the handler's writes (its own transactions nest
        // as savepoints) and the recorded answer commit together. A crash before the commit leaves
        // no key behind, so the retry runs once; after it, the retry replays. The handler must only
        // use `context.db`: on PGlite another query on the database would wait for this transaction.
        const runCreating = async (keyed: Parameters<typeof claimIdempotencyKey>[1]) => {
          let handlerRan = false;
          try {
            const outcome = await options.db.transaction(async (tx) => {
              const claim = await claimIdempotencyKey(tx, keyed);
              if (claim.kind === 'replay') return claim;
              handlerRan = true;
              const output = await run(tx as unknown as Database);
              await claim.finish({ status: reply.statusCode, body: output });
              return { kind: 'ran' as const, output };
            });
            if (outcome.kind === 'ran') return outcome.output;
            return reply.status(outcome.answer.status).header(REPLAYED_HEADER, 'true').send(outcome.answer.body);
          } catch (error) {
            // The refusal wrote nothing (rolled back): its answer is recorded on its own, as for
            // the other calls. A retry that raced in meanwhile has its own answer; keep that one.
            if (handlerRan && isFinal(error)) {
              const answer = { status: error.statusCode, body: error.toBody() };
              await claimIdempotencyKey(options.db, keyed)
                .then((claim) => (claim.kind === 'run' ? claim.finish(answer) : undefined))
                .catch(logRecordingFailure);
            }
            throw error;
          }
        };

        const key = call.method === 'POST' ? idempotencyKeyOf(request.headers) : undefined;
        // An operator's keys are their own, apart from any member's (the owner column is text).
        const owner = operatorCall
          ? ((operator ? `operator:${operator.id}` : undefined) ??
            (request.operatorSession ? `operator-session:${request.operatorSession.row.id}` : undefined))
          : (member?.id ?? request.session?.row.id);
        if (!key || !owner) return run();
        const keyed = { owner, key, callName: name, input: raw, now };
        if (call.createsResource) return runCreating(keyed);
        const claim = await claimIdempotencyKey(options.db, keyed);
        if (claim.kind === 'replay') {
          return reply.status(claim.answer.status).header(REPLAYED_HEADER, 'true').send(claim.answer.body);
        }
        try {
          const output = await run();
          await claim.finish({ status: reply.statusCode, body: output });
          return output;
        } catch (error) {
          // A refusal is the call's answer and is replayed; a failure may succeed when retried, so
          // the key is let go.
          await (isFinal(error) ? claim.finish({ status: error.statusCode, body: error.toBody() }) : claim.abandon()).catch(
            logRecordingFailure,
          );
          throw error;
        }
      },
    });
  }
}
