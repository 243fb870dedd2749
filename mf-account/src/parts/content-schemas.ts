import type { contentCalls } from '@sukoyaka/contract/content';

/**
 * The content area's calls with their schemas, loaded when a form first needs one
 * (useContractForm's `loadSchema`): /inquiry/new shows without the contract's content module and
 * zod/mini, about 19 KiB of scripts (issue 27's budget). Its choices and limits are in
 * `@sukoyaka/contract/content-terms`.
 */
export function loadContentCalls(): Promise<typeof contentCalls> {
  return import('@sukoyaka/contract/content').then((module) => module.contentCalls);
}
