import type { accountCalls } from '@sukoyaka/contract/account';
import type { contentCalls } from '@sukoyaka/contract/content';
import type * as healthContract from '@sukoyaka/contract/health';
import type { incentiveCalls } from '@sukoyaka/contract/incentives';
import type { mynaCalls } from '@sukoyaka/contract/myna';
import type { operatorCalls } from '@sukoyaka/contract/operators';

/*
 * Each area's calls with their schemas, loaded when a form first needs one (useContractForm's
 * `loadSchema`): a page shows without the contract's area module and zod/mini, about 20 KiB of
 * scripts (issue 27's budget); its words and constants are in the area's zod-free terms module.
 * One loader per area for every front end (the console loads the members' areas' calls too).
 * Tests mock these to see when a schema is loaded.
 */

export const loadAccountCalls = (): Promise<typeof accountCalls> =>
  import('@sukoyaka/contract/account').then((module) => module.accountCalls);

export const loadContentCalls = (): Promise<typeof contentCalls> =>
  import('@sukoyaka/contract/content').then((module) => module.contentCalls);

/** The health area's whole module: the forecast's inputs have a schema that is no call's input. */
export const loadHealthContract = (): Promise<typeof healthContract> => import('@sukoyaka/contract/health');

export const loadHealthCalls = (): Promise<typeof healthContract.healthCalls> => loadHealthContract().then((module) => module.healthCalls);

export const loadIncentiveCalls = (): Promise<typeof incentiveCalls> =>
  import('@sukoyaka/contract/incentives').then((module) => module.incentiveCalls);

export const loadMynaCalls = (): Promise<typeof mynaCalls> => import('@sukoyaka/contract/myna').then((module) => module.mynaCalls);

export const loadOperatorCalls = (): Promise<typeof operatorCalls> =>
  import('@sukoyaka/contract/operators').then((module) => module.operatorCalls);
