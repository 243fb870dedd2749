import { createAreaLifecycles, preloadPageAt } from '@sukoyaka/shared';
import { accountPages, AccountRoutes } from './AccountRoutes';

const lifecycles = createAreaLifecycles(AccountRoutes);
// The page's chunk first (the server preloaded it), so the first render does not suspend.
const loadPage = () => preloadPageAt(accountPages, window.location.pathname);

export const bootstrap = [loadPage, lifecycles.bootstrap];
export const mount = [loadPage, lifecycles.mount];
export const { unmount } = lifecycles;
