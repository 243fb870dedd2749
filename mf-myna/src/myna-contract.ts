import type { mynaCalls } from '@sukoyaka/contract/myna';

/**
 * The My Number area's calls with their schemas, loaded when a form first needs one
 * (useContractForm's `loadSchema`): the secret question's forms and the receipts' form. The record
 * pages show the secret question first, and show without the contract's myna module and zod/mini,
 * about 19 KiB of scripts (issue 27's budget); their words are in `@sukoyaka/contract/myna-terms`.
 */
export function loadMynaCalls(): Promise<typeof mynaCalls> {
  return import('@sukoyaka/contract/myna').then((module) => module.mynaCalls);
}
