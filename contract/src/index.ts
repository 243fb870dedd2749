import type { z } from 'zod';
import * as definitions from './calls';
import type { CallDefinition } from './define';

export * from './define';
export * from './errors';
export * from './fields';
export * from './routes';
export { bloodPressureInput, bloodPressureSchema } from './calls';
export type { BloodPressure } from './calls';

/** Every call, by name. The bff registers one route per entry; the client one function per entry. */
export const calls = {
  ping: definitions.ping,
  getAuthenticityTokenForClient: definitions.getAuthenticityTokenForClient,
  getSession: definitions.getSession,
  getAuthState: definitions.getAuthState,
  signIn: definitions.signIn,
  getUserInfo: definitions.getUserInfo,
  saveBloodPressure: definitions.saveBloodPressure,
  listBloodPressures: definitions.listBloodPressures,
} as const satisfies Record<string, CallDefinition>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** What the caller sends (before defaults and coercion). */
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What the handler receives (after validation). */
export type ParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;

/** The contract's own logout route (spec §7): form data with `authenticity_token`. */
export const LOGOUT_PATH = '/logout';
