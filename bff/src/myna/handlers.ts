import { MYNA_MESSAGES, MynaErrorCodes, mynaCalls } from '@sukoyaka/contract';
import type { Handler, Handlers } from '../platform/handlers';
import { HttpError } from '../platform/errors';

type MynaCallName = keyof typeof mynaCalls;

// TEMPORARY (H12a, issue 12): the contract is committed first so the pages can be built against it;
// these answer "unavailable" until the real handlers of this file replace them (same session).
const unavailable = (): Promise<never> => Promise.reject(new HttpError(503, MynaErrorCodes.unavailable, MYNA_MESSAGES.unavailable));

export const mynaHandlers: { [N in MynaCallName]: Handler<N> } = Object.fromEntries(
  Object.keys(mynaCalls).map((name) => [name, unavailable]),
) as unknown as Pick<Handlers, MynaCallName>;
