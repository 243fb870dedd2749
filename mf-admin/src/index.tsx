import { createAreaLifecycles, preloadPageAt } from '@sukoyaka/shared';
import { adminPages, AdminRoutes } from './AdminRoutes';

const lifecycles = createAreaLifecycles(AdminRoutes);
// The page's chunk first (the server preloaded it), so the first render does not suspend.
const loadPage = () => preloadPageAt(adminPages, window.location.pathname);

export const bootstrap = [loadPage, lifecycles.bootstrap];
export const mount = [loadPage, lifecycles.mount];
export const { unmount } = lifecycles;
