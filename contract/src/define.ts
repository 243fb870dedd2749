import type { z } from 'zod';

/** Reads are GET with query parameters; writes are POST with a JSON body (spec §7). */
export type HttpMethod = 'GET' | 'POST';

/**
 * Who may make the call. `visitor` calls work without signing in; `account` calls need a
 * signed-in account in good standing (spec §6 conditions), even before its e-mail address is
 * verified (resending the verification mail, say); `member` calls also need the verified address.
 */
export type Access = 'visitor' | 'account' | 'member';

/** A step-up confirmation the server requires, still valid, before it answers (spec §3, §4). */
export type StepUp = 'password' | 'birthday' | 'mynaSecretQuestion';

export interface CallDefinition<
  Name extends string = string,
  Input extends z.ZodType = z.ZodType,
  Output extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  name: Name;
  method: HttpMethod;
  access: A;
  stepUp?: StepUp;
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
  summary: string;
  input: Input;
  output: Output;
}

export function defineCall<Name extends string, Input extends z.ZodType, Output extends z.ZodType, A extends Access>(
  definition: CallDefinition<Name, Input, Output, A>,
): CallDefinition<Name, Input, Output, A> {
  return definition;
}

/** Every call lives under this prefix as `/api/bff/<name>`. */
export const API_PREFIX = '/api/bff';

export function callPath(name: string): string {
  return `${API_PREFIX}/${name}`;
}
