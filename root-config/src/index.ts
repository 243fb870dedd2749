import { areaNames } from '@sukoyaka/contract';
import { hideAreaFailure, queryClient, sessionQueryKey, showAreaFailure, startPageViewTracking, type SessionData } from '@sukoyaka/shared';
import { addErrorHandler, registerApplication, start, type AppError as SingleSpaError, type LifeCycles } from 'single-spa';

import { activeArea } from './active-area';
import { mountingAsTransition } from './transition-mount';

declare const System: { import(specifier: string): Promise<unknown> };

export function registerAreas(): void {
  for (const name of areaNames) {
    registerApplication({
      name,
      app: () => System.import(name).then((lifecycles) => mountingAsTransition(lifecycles as LifeCycles)),
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

/** The GA4 measurement id the server put in the page, if it was configured with one. */
function measurementId(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="sukoyaka:ga-measurement-id"]')?.content || undefined;
}

/**
 * The session read the server answered into the page (bff/src/web/site.ts), when it did: the
 * areas' first call is then already answered instead of waiting for the modules to load.
 */
export function seedSessionFromPage(): void {
  const element = document.getElementById('sukoyaka-session');
  if (!element?.textContent) return;
  try {
    queryClient.setQueryData<SessionData>(sessionQueryKey, JSON.parse(element.textContent) as SessionData);
  } catch (error) {
    // Unreadable: the session query asks the bff itself, as without it.
    console.error(error);
  }
}

seedSessionFromPage();
registerAreas();
startPageViewTracking({ measurementId: measurementId() });
start({ urlRerouteOnly: true });
