import { areaForPath, areaNames, type AreaName } from '@sukoyaka/contract';
import { showAreaFailure, hideAreaFailure } from '@sukoyaka/shared';
import { addErrorHandler, registerApplication, start, type AppError as SingleSpaError } from 'single-spa';

declare const System: { import(specifier: string): Promise<unknown> };

/**
 * The area for a path: its owner, and mf-account for any path no area owns (it shows the 404
 * page there, DESIGN.md).
 */
export function activeArea(pathname: string): AreaName {
  return areaForPath(pathname) ?? '@sukoyaka/account';
}

export function registerAreas(): void {
  for (const name of areaNames) {
    registerApplication({
      name,
      app: () => System.import(name) as never,
      activeWhen: (location) => activeArea(location.pathname) === name,
    });
  }

  // An area that fails to load or throws outside React shows the error page for that area;
  // leaving for another area takes it away, so the rest of the site keeps working.
  addErrorHandler((error: SingleSpaError) => {
    console.error(`Area ${error.appOrParcelName} failed`, error);
    showAreaFailure(error);
  });
  window.addEventListener('single-spa:before-routing-event', () => hideAreaFailure());
  // The "loading" note of index.html stays until the first area is on screen.
  window.addEventListener('single-spa:first-mount', () => document.getElementById('sukoyaka-boot')?.remove());
}

registerAreas();
start({ urlRerouteOnly: true });
