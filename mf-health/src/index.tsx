import { createAreaLifecycles } from '@sukoyaka/shared';
import { HealthRoutes } from './HealthRoutes';

export const { bootstrap, mount, unmount } = createAreaLifecycles(HealthRoutes);

/** The home page's widget (DESIGN.md: cross-area widgets are parcels of the owning area). */
export { VitalsTodayParcel } from './vitals/VitalsTodayParcel';
