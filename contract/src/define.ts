import type { z } from 'zod/mini';

/** Reads are GET with query parameters; writes are POST with a JSON body (spec §7). */
export type HttpMethod = 'GET' | 'POST';

/**
 * Who may make the call. `visitor` calls work without signing in; `account` calls need a
 * signed-in account in good standing (spec §6 conditions), even before its e-mail address is
 * verified (resending the verification mail, say); `member` calls also need the verified address.
 *
 * The associations' staff are never members: their calls read only the operator session (its own
 * cookie and authenticity token) and never a member's. `operatorSignIn` calls are the operator
 * sign-in steps (password, TOTP code, enrolment), made before the operator is fully signed in;
 * `operator` calls need an operator signed in with both factors.
 */
export type Access = 'visitor' | 'account' | 'member' | 'operator' | 'operatorSignIn';

/** The accesses that belong to the operators' side (mf-admin): never reached with a member session. */
export const OPERATOR_ACCESSES = ['operator', 'operatorSignIn'] as const satisfies readonly Access[];
export type OperatorAccess = (typeof OPERATOR_ACCESSES)[number];
export function isOperatorAccess(access: Access): access is OperatorAccess {
  return (OPERATOR_ACCESSES as readonly Access[]).includes(access);
}

/**
 * An operator's role in one association: an `editor` publishes and changes, a `viewer` only
 * reads. An editor may do whatever a viewer may.
 */
export const operatorRoles = ['editor', 'viewer'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

/** A step-up confirmation the server requires, still valid, before it answers (spec §3, §4). */
export type StepUp = 'password' | 'birthday' | 'mynaSecretQuestion';

export interface CallDefinition<
  Name extends string = string,
  Input extends z.ZodMiniType = z.ZodMiniType,
  Output extends z.ZodMiniType = z.ZodMiniType,
  A extends Access = Access,
> {
  name: Name;
  method: HttpMethod;
  access: A;
  stepUp?: StepUp;
  /**
   * `operator` calls: the role the call needs. When the input has an `associationId`, the route
   * layer checks the role in that association (403 `operator_forbidden`); otherwise the operator
   * must hold it in some association, and the handler checks the association of what it touches
   * (assertOperatorCan). Without it, any signed-in operator may make the call.
   */
  operatorRole?: OperatorRole;
  /**
   * A POST that changes nothing (getAuthState, "POST, no body"): the client sends it without an
   * Idempotency-Key, since there is no write to protect and each poll would leave a key behind.
   */
  readOnly?: true;
  /**
   * A POST that creates something (a reading, a redemption, an entry): with an Idempotency-Key its
   * write and the key's recorded answer commit in one transaction, so a retry after a lost answer
   * replays it and never creates a second one (issue 8 item 9).
   */
  createsResource?: true;
  /**
   * A POST that carries a batch or a file: the largest JSON body the server reads for it, in bytes.
   * Every other call's body is refused beyond DEFAULT_MAX_BODY_BYTES (413), before it is parsed.
   */
  maxBodyBytes?: number;
  summary: string;
  input: Input;
  output: Output;
}

/**
 * A call as its area writes it: the input and output are functions that build the schemas, so a
 * schema is built the first time something reads it (a form, the bff's route), never while the
 * contract module loads. A page that loads an area's contract then builds only the schemas it
 * uses, not the area's hundred others (issue 9: building them all blocked the page's main thread).
 */
export type CallSource<Name extends string, Input extends z.ZodMiniType, Output extends z.ZodMiniType, A extends Access> = Omit<
  CallDefinition<Name, Input, Output, A>,
  'input' | 'output'
> & { input: () => Input; output: () => Output };

export function defineCall<Name extends string, Input extends z.ZodMiniType, Output extends z.ZodMiniType, A extends Access>(
  source: CallSource<Name, Input, Output, A>,
): CallDefinition<Name, Input, Output, A> {
  const { input, output, ...definition } = source;
  let inputSchema: Input | undefined;
  let outputSchema: Output | undefined;
  // Getters built once: every reader of a call's input gets the same schema object.
  return Object.defineProperties(definition, {
    input: { enumerable: true, get: () => (inputSchema ??= input()) },
    output: { enumerable: true, get: () => (outputSchema ??= output()) },
  }) as CallDefinition<Name, Input, Output, A>;
}

/** The largest JSON body of a call that declares no `maxBodyBytes`: ample for any form. */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;

/** Every call lives under this prefix as `/api/bff/<name>`. */
export const API_PREFIX = '/api/bff';

export function callPath(name: string): string {
  return `${API_PREFIX}/${name}`;
}
