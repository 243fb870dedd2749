import { callPath, calls, DEFAULT_MAX_BODY_BYTES, isOperatorAccess, type CallDefinition, type CallName } from '@sukoyaka/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { constants as zlib } from 'node:zlib';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Services } from '../services';
import { HttpError, unauthenticated } from './errors';
import { assertDecodableQuery, assertWellFormedText, invalidParameters } from './validation';
import {
  claimIdempotencyKey,
  findRecordedAnswer,
  idempotencyKeyOf,
  isKeyTaken,
  NeedsKeyTransaction,
  ownKeyOf,
  recordCreatedAnswer,
  recordedAnswer,
  REPLAYED_HEADER,
  type Claim,
  type KeyedRequest,
  type OwnKey,
} from './idempotency';
import { accountConditionError, emailNotVerified } from './conditions';
import { assertStepUp } from './step-up';
import { isSignedInOperatorSession } from './operator-sessions';
import { assertOperatorCan, associationsWhere, operatorForbidden, operatorUnauthenticated } from './operators';
import { writesItsOwnKey, type Handlers, type Member, type Operator } from './handlers';
import { actorOf } from './actor';
import { callOutputWriter } from './call-output';

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

/** A refusal is the call's answer and is replayed; a failure (5xx, lost connection, a throttle) may succeed when retried. */
const isFinal = (error: unknown): error is HttpError =>
  error instanceof HttpError && error.statusCode < 500 && error.statusCode !== 429 && error.statusCode !== 409;

/** Runs the call's handler on `db` (the app's database, or the transaction it must use): its answer as JSON. */
type Invoke = (db?: Database, ownKey?: OwnKey) => Promise<string>;

/** The recorded answer of a keyed call: what was sent, as a value (idempotency.ts seals it as JSON). */
const answered = (status: number, json: string) => ({ status, body: JSON.parse(json) as unknown });

/**
 * The call's input, checked: a GET's query must be UTF-8; the contract's schema accepts it; no
 * text field holds a lone surrogate or NUL (it would be stored as U+FFFD, or not at all).
 */
function parseInput(call: CallDefinition, request: FastifyRequest): { raw: unknown; data: unknown } {
  const raw = call.method === 'GET' ? (request.query ?? {}) : (request.body ?? {});
  if (call.method === 'GET') assertDecodableQuery(request.url);
  const parsed = call.input.safeParse(raw);
  if (!parsed.success) throw invalidParameters(parsed.error);
  assertWellFormedText(raw);
  return { raw, data: parsed.data };
}

/**
 * The role an operator call declares: in the association its input names, else in some
 * association (the handler then checks the association of what it touches).
 */
function assertOperatorRole(call: CallDefinition, operator: Operator | null, data: unknown): void {
  if (call.access !== 'operator' || !call.operatorRole) return;
  const associationId = (data as { associationId?: unknown }).associationId;
  if (typeof associationId === 'string') assertOperatorCan({ operator: operator! }, associationId, call.operatorRole);
  else if (associationsWhere(operator!, call.operatorRole).length === 0) throw operatorForbidden();
}

/** Whose Idempotency-Keys these are: an operator's apart from any member's (the owner column is text). */
function idempotencyOwner(call: CallDefinition, request: FastifyRequest, { member, operator }: Admission): string | undefined {
  if (!isOperatorAccess(call.access)) return member?.id ?? request.session?.row.id;
  return (
    (operator ? `operator:${operator.id}` : undefined) ??
    (request.operatorSession ? `operator-session:${request.operatorSession.row.id}` : undefined)
  );
}

const JSON_TYPE = 'application/json; charset=utf-8';

const replay = (reply: FastifyReply, answer: { status: number; body: unknown }) =>
  reply.status(answer.status).header(REPLAYED_HEADER, 'true').send(answer.body);

/** The key was current for another run when this one came to record it: roll back, replay that one. */
class KeyAlreadyRecorded extends Error {}

/**
 * A call that creates something: the handler's writes (its own transactions nest as savepoints)
 * and its key with the answer commit together, the key's row the transaction's last write, so the
 * key costs one statement. A crash before the commit leaves no key behind, so the retry runs
 * once; after it, the retry replays. A retry that arrives after (or beside) the first runs the
 * handler too, finds the key recorded (its insert waits for the first's commit) and rolls its own
 * writes back. The handler must only use `context.db`: on PGlite another query on the database
 * would wait for this transaction.
 */
async function runCreating(
  db: Database,
  keyed: KeyedRequest,
  request: FastifyRequest,
  reply: FastifyReply,
  invoke: Invoke,
  keysItself: boolean,
) {
  try {
    if (keysItself) {
      // The handler writes the key in its one statement (decision 0043); when it cannot, or the
      // key was there, nothing was written and the transaction below runs it as any other.
      try {
        return await invoke(db, ownKeyOf(keyed));
      } catch (error) {
        if (!(error instanceof NeedsKeyTransaction) && !isKeyTaken(error)) throw error;
      }
    }
    return await db.transaction(async (tx) => {
      const output = await invoke(tx as unknown as Database);
      if (!(await recordCreatedAnswer(tx, keyed, answered(reply.statusCode, output)))) throw new KeyAlreadyRecorded();
      return output;
    });
  } catch (error) {
    if (error instanceof KeyAlreadyRecorded) return replay(reply, (await recordedAnswer(db, keyed)).answer);
    // The run wrote nothing (rolled back). A retry of a call that went through runs again before
    // it meets its key, and may be refused or fail for what the first run wrote (the entry it made,
    // a unique row): the first answer is then the answer; a key used for another call, 422.
    const first = await findRecordedAnswer(db, keyed).catch((lookup: unknown) => {
      // The key used for another call or input: 422, whatever this run met.
      if (lookup instanceof HttpError) throw lookup;
      request.log.error({ err: lookup }, 'reading the idempotency key failed');
      return null;
    });
    if (first) return replay(reply, first);
    // A refusal is the call's answer, recorded on its own as for the other calls; a failure is
    // recorded nowhere: it may succeed when retried.
    if (isFinal(error)) {
      let claim: Claim;
      try {
        claim = await claimIdempotencyKey(db, keyed);
      } catch (recording) {
        if (recording instanceof HttpError) throw recording;
        logRecordingFailure(request)(recording);
        throw error;
      }
      if (claim.kind === 'replay') return replay(reply, claim.answer);
      await claim.finish({ status: error.statusCode, body: error.toBody() }).catch(logRecordingFailure(request));
    }
    throw error;
  }
}

/** Any other keyed call: the key is claimed, the handler runs, its answer (or refusal) is recorded. */
async function runClaimed(db: Database, keyed: KeyedRequest, request: FastifyRequest, reply: FastifyReply, invoke: Invoke) {
  const claim = await claimIdempotencyKey(db, keyed);
  if (claim.kind === 'replay') return replay(reply, claim.answer);
  try {
    const output = await invoke();
    await claim.finish(answered(reply.statusCode, output));
    return output;
  } catch (error) {
    // A refusal is the call's answer and is replayed; a failure may succeed when retried, so the
    // key is let go.
    await (isFinal(error) ? claim.finish({ status: error.statusCode, body: error.toBody() }) : claim.abandon()).catch(
      logRecordingFailure(request),
    );
    throw error;
  }
}

const logRecordingFailure = (request: FastifyRequest) => (failure: unknown) =>
  request.log.error({ err: failure }, 'recording the idempotency key failed');

/**
 * After the session and the authenticity token (plugins/session.ts, csrf.ts), before the body is
 * read: a caller who may not make the call costs no parsing.
 */
function admissionHook(call: CallDefinition, admitted: WeakMap<FastifyRequest, Admission>, now: () => Date) {
  return async (request: FastifyRequest) => {
    admitted.set(request, admit(call, request, now()));
  };
}

/** The call's handler: the input checked, then run once, or once per Idempotency-Key. */
function callHandler(
  name: CallName,
  call: CallDefinition,
  admitted: WeakMap<FastifyRequest, Admission>,
  options: ApiRoutesOptions,
): (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> {
  const handler = options.handlers[name] as unknown as (input: unknown, context: unknown) => Promise<unknown>;
  const operatorCall = isOperatorAccess(call.access);
  const writeOutput = callOutputWriter(name, call, options.config.checkCallOutputs);
  const keysItself = writesItsOwnKey(options.handlers[name]);
  return async (request, reply) => {
    const now = options.now();
    const admission = admitted.get(request)!;
    const { raw, data } = parseInput(call, request);
    assertOperatorRole(call, admission.operator, data);
    const key = call.method === 'POST' ? idempotencyKeyOf(request.headers) : undefined;
    const actor = actorOf(request, key ?? null);
    const invoke: Invoke = async (db = options.db, ownKey) => {
      const result = await handler(data, {
        request,
        reply,
        actor,
        db,
        config: options.config,
        services: options.services,
        now,
        member: admission.member,
        ...(operatorCall ? { operator: admission.operator } : {}),
        ...(ownKey ? { ownKey } : {}),
      });
      // Written from the contract's output schema: whatever a query returned beyond it stays here.
      return writeOutput(result);
    };
    const owner = idempotencyOwner(call, request, admission);
    const keyed = key && owner ? { owner, key, callName: name, input: raw, now } : null;
    const output = await (!keyed
      ? invoke()
      : call.createsResource
        ? runCreating(options.db, keyed, request, reply, invoke, keysItself)
        : runClaimed(options.db, keyed, request, reply, invoke));
    // A replay has sent its recorded answer; anything else is the call's JSON text.
    if (typeof output === 'string') reply.type(JSON_TYPE);
    return output;
  };
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
    app.route({
      method: call.method,
      url: callPath(name),
      compress: CALL_COMPRESSION,
      // Small unless the call carries a batch or a file (the contract's maxBodyBytes): 413 beyond.
      bodyLimit: call.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
      // Operator calls read the operator session and its token only (plugins/operator-session.ts).
      ...(isOperatorAccess(call.access) ? { config: { operatorCall: true as const } } : {}),
      onRequest: admissionHook(call, admitted, options.now),
      handler: callHandler(name, call, admitted, options),
    });
  }
}
