import type * as healthContract from '@sukoyaka/contract/health';

/**
 * The health area's schemas, loaded when a page first needs one (a form touched, an input of the
 * forecast changed): the vitals and forecast pages show without them and zod/mini, about 21 KiB
 * of scripts (issue 27's budget). Their words and computations are in the zod-free modules
 * (`@sukoyaka/contract/health-terms`, `forecast`).
 */
export function loadHealthContract(): Promise<typeof healthContract> {
  return import('@sukoyaka/contract/health');
}
