import { createAreaLifecycles, preloadPageAt } from '@sukoyaka/shared';
import { incentivesPages, IncentivesRoutes } from './IncentivesRoutes';

const lifecycles = createAreaLifecycles(IncentivesRoutes);
// The page's chunk first (the server preloaded it), so the first render does not suspend.
const loadPage = () => preloadPageAt(incentivesPages, window.location.pathname);

export const bootstrap = [loadPage, lifecycles.bootstrap];
export const mount = [loadPage, lifecycles.mount];
export const { unmount } = lifecycles;

/** The home page's balances (DESIGN.md: cross-area widgets are parcels of the owning area). */
export { IncentivesBalanceParcel } from './IncentivesBalanceParcel';
/** /profile/address's form (mf-account): the delivery address of physical gifts. */
export { DeliveryAddressParcel } from './DeliveryAddressParcel';
/** The home page's challenges: the member's progress this month (issue 29). */
export { ChallengesProgressParcel } from './ChallengesProgressParcel';
