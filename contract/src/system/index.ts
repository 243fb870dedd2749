import type { CallDefinition } from '../define';
import * as session from './session';

/** The system area's calls: liveness and the session reads every page makes. */
export const systemCalls = {
  ping: session.ping,
  getAuthenticityTokenForClient: session.getAuthenticityTokenForClient,
  getSession: session.getSession,
  getAuthState: session.getAuthState,
} as const satisfies Record<string, CallDefinition>;
