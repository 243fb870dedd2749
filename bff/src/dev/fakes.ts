/**
 * The local fakes (@sukoyaka/fakes), loaded only when a service has no configured address outside
 * production: a development dependency, never in the production image, so never imported
 * statically (eslint.config.mjs keeps it so; bff/test/ops/container.test.ts checks the bundle).
 */
// The module's shape only (a type import is erased from the build); its code is loaded below.
import type * as Fakes from '@sukoyaka/fakes';

export type LocalFakes = typeof Fakes;

let loading: Promise<LocalFakes> | undefined;

export function loadFakes(): Promise<LocalFakes> {
  loading ??= import('@sukoyaka/fakes').catch((error: unknown) => {
    loading = undefined;
    const code = (error as { code?: unknown }).code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new Error(
      'The local fakes (@sukoyaka/fakes) stand in for the outside services without a configured address ' +
        '(SMTP_URL, SMS_API_URL, GOOGLE_CLIENT_ID, MYNA_PORTAL_URL, CITY_OS_OPT_IN_URL), but they cannot be loaded: ' +
        'install the development dependencies and build them (npm ci && npm run build), or configure every service ' +
        `(docs/configuration.md). ${(error as Error).message}`,
      { cause: error },
    );
  });
  return loading;
}
