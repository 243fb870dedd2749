import { createAreaLifecycles } from '@sukoyaka/shared';
import { AccountRoutes } from './AccountRoutes';

export const { bootstrap, mount, unmount } = createAreaLifecycles(AccountRoutes);
