import type { incentiveCalls } from '@sukoyaka/contract/incentives';

/**
 * The incentives area's calls with their schemas, loaded when a form first needs one
 * (useContractForm's `loadSchema`): the walking events' and gifts' pages and /profile/address show
 * without the contract's incentives module and zod/mini, about 20 KiB of scripts (issue 27's
 * budget). Their words and constants are in `@sukoyaka/contract/incentive-terms`.
 */
export function loadIncentiveCalls(): Promise<typeof incentiveCalls> {
  return import('@sukoyaka/contract/incentives').then((module) => module.incentiveCalls);
}
