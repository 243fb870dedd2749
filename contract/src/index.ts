// First: zod's messages are Japanese wherever the contract is loaded.
import './zod-locale';
import type { z } from 'zod/mini';
import { accountCalls } from './account';
import { contentCalls } from './content';
import type { CallDefinition } from './define';
import { healthCalls } from './health';
import { incentiveCalls } from './incentives';
import { operatorCalls } from './operators';
import { mynaCalls } from './myna';
import { systemCalls } from './system';

export * from './define';
export * from './documented';
export * from './errors';
export * from './date-bounds';
export * from './fields';
export * from './images';
export * from './kana';
export * from './paths';
export * from './routes';
export * from './system';
export * from './account';
export * from './health';
export * from './incentives';
export * from './expiry';
export * from './health-terms';
export * from './forecast';
export * from './account-terms';
export * from './content-terms';
export * from './myna-terms';
export * from './incentive-terms';
export * from './operator-terms';
export * from './operators';
export * from './myna';
export * from './content';
export * from './announcement-categories';

/**
 * Every call, by name: each area's record combined. The bff registers one route per entry; the
 * client one function per entry. A new call goes into its area's index, never here.
 */
export const calls = {
  ...systemCalls,
  ...accountCalls,
  ...healthCalls,
  ...incentiveCalls,
  ...operatorCalls,
  ...mynaCalls,
  ...contentCalls,
} as const satisfies Record<string, CallDefinition>;

export type Calls = typeof calls;
export type CallName = keyof Calls;
/** What the caller sends (before defaults and coercion). */
export type CallInput<N extends CallName> = z.input<Calls[N]['input']>;
/** What the handler receives (after validation). */
export type ParsedInput<N extends CallName> = z.output<Calls[N]['input']>;
export type CallOutput<N extends CallName> = z.output<Calls[N]['output']>;
