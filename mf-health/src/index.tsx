import { createAreaLifecycles, preloadPageAt } from '@sukoyaka/shared';
import { healthPages, HealthRoutes } from './HealthRoutes';

const lifecycles = createAreaLifecycles(HealthRoutes);
// The page's chunk first (the server preloaded it), so the first render does not suspend.
const loadPage = () => preloadPageAt(healthPages, window.location.pathname);

export const bootstrap = [loadPage, lifecycles.bootstrap];
export const mount = [loadPage, lifecycles.mount];
export const { unmount } = lifecycles;

/** The home page's widget (DESIGN.md: cross-area widgets are parcels of the owning area). */
export { VitalsTodayParcel } from './vitals/VitalsTodayParcel';
