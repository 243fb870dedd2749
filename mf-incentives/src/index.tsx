import { createAreaLifecycles } from '@sukoyaka/shared';
import { IncentivesRoutes } from './IncentivesRoutes';

export const { bootstrap, mount, unmount } = createAreaLifecycles(IncentivesRoutes);
