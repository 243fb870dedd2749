import { renderWithProviders } from '@sukoyaka/shared/testing';
import { IncentivesRoutes } from '../IncentivesRoutes';

/** The area as the browser would show it at `path` (lazy pages included). */
export function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  return renderWithProviders(<IncentivesRoutes />, { route: path });
}
