import type { healthCalls } from '@sukoyaka/contract/health';

/**
 * The health area's calls with their schemas, loaded when a form first needs one
 * (useContractForm's `loadSchema`): the welcome's step goal (/onboarding) shows without the
 * contract's health module (issue 27's budget).
 */
export function loadHealthCalls(): Promise<typeof healthCalls> {
  return import('@sukoyaka/contract/health').then((module) => module.healthCalls);
}
