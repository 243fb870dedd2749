import type { CallInput } from '@sukoyaka/contract';
import { api } from '@sukoyaka/shared';

/** Sign-in's first step: e-mail and password (with SMS two-factor on, a code follows). */
export function signIn(input: CallInput<'signIn'>) {
  return api.signIn(input);
}
