import type { accountCalls } from '@sukoyaka/contract/account';

/**
 * The account area's calls with their schemas, loaded when a form first needs one
 * (useContractForm's `loadSchema`): /login and /profile show without the contract's account
 * module and zod/mini, about 20 KiB of scripts (issue 27's budget).
 */
export function loadAccountCalls(): Promise<typeof accountCalls> {
  return import('@sukoyaka/contract/account').then((module) => module.accountCalls);
}
