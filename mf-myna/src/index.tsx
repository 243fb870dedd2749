import { createAreaLifecycles } from '@sukoyaka/shared';
import { MynaRoutes } from './MynaRoutes';

export const { bootstrap, mount, unmount } = createAreaLifecycles(MynaRoutes);
