import type { CallOutput, OperatorProfile } from '@sukoyaka/contract';
import { renderWithProviders, reply, setupFakeBff, type FakeBff } from '@sukoyaka/shared/testing';
import { configure } from '@testing-library/react';
import { AdminRoutes } from '../AdminRoutes';
import { operatorHttp, operatorTokens } from '../api/operator-client';

// The pages load lazily (their own chunks) and the machine is shared: findBy waits a little longer.
configure({ asyncUtilTimeout: 5000 });

export const ASSOCIATION_ID = '0b6a2f4e-5a8d-4c1e-9f3a-1d2e3f4a5b6c';
export const OTHER_ASSOCIATION_ID = '1c7b3a5f-6b9e-4d2f-8a4b-2e3f4a5b6c7d';

export const editorProfile: OperatorProfile = {
  id: 'op-1',
  email: 'operator@sukoyaka.example',
  name: '運営 花子',
  roles: [{ associationId: ASSOCIATION_ID, associationName: 'すこやか健康保険組合', role: 'editor' }],
};

export const viewerProfile: OperatorProfile = {
  ...editorProfile,
  roles: [{ associationId: ASSOCIATION_ID, associationName: 'すこやか健康保険組合', role: 'viewer' }],
};

/**
 * The fake bff behind both clients: the shared one and the operators' own (its token comes from
 * getOperatorSession), emptied around each test.
 */
export function setupAdminBff(): FakeBff {
  const bff = setupFakeBff();
  let uninstall: (() => void) | null = null;
  beforeEach(() => {
    operatorTokens.reset();
    uninstall = bff.install(operatorHttp);
  });
  afterEach(() => {
    uninstall?.();
    operatorTokens.reset();
  });
  return bff;
}

export function signedIn(bff: FakeBff, operator: OperatorProfile = editorProfile): FakeBff {
  const session: CallOutput<'getOperatorSession'> = { state: 'signedIn', operator, authenticityToken: 'operator-token' };
  return bff.onCall('getOperatorSession', reply(session));
}

/** The area as the browser would show it at `path` (lazy pages included). */
export function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(<AdminRoutes />, { route: path });
}
