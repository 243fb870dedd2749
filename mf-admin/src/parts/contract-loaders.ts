import type { accountCalls } from '@sukoyaka/contract/account';
import type { contentCalls } from '@sukoyaka/contract/content';
import type { healthCalls } from '@sukoyaka/contract/health';
import type { incentiveCalls } from '@sukoyaka/contract/incentives';
import type { operatorCalls } from '@sukoyaka/contract/operators';

/*
 * The console's forms load their call's schema on first use (useContractForm's `loadSchema`),
 * each area's calls through one loader here: a page shows without the contract's area module and
 * zod/mini (about 15–20 KiB of scripts, issue 27's budget). What a page needs at load (labels,
 * choices) comes from the area's zod-free terms module. Tests mock this module to see when a
 * schema is loaded.
 */

/** The account area's calls (the member lookup). */
export function loadAccountCalls(): Promise<typeof accountCalls> {
  return import('@sukoyaka/contract/account').then((module) => module.accountCalls);
}

/** The content area's calls (announcements, articles, enquetes, FAQ, documents). */
export function loadContentCalls(): Promise<typeof contentCalls> {
  return import('@sukoyaka/contract/content').then((module) => module.contentCalls);
}

/** The health area's calls (the doctor's profile). */
export function loadHealthCalls(): Promise<typeof healthCalls> {
  return import('@sukoyaka/contract/health').then((module) => module.healthCalls);
}

/** The incentives area's calls (competitions, walking events, challenges, points, gifts, orders). */
export function loadIncentiveCalls(): Promise<typeof incentiveCalls> {
  return import('@sukoyaka/contract/incentives').then((module) => module.incentiveCalls);
}

/** The operators' own calls (sign-in and its second factor). */
export function loadOperatorCalls(): Promise<typeof operatorCalls> {
  return import('@sukoyaka/contract/operators').then((module) => module.operatorCalls);
}
