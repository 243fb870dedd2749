import { createAreaLifecycles } from '@sukoyaka/shared';
import { HealthRoutes } from './HealthRoutes';

export const { bootstrap, mount, unmount } = createAreaLifecycles(HealthRoutes);
