import { areaNames, PRERENDERED_QUERIES_ELEMENT_ID, SESSION_ELEMENT_ID, type PrerenderedQuery } from '@sukoyaka/contract';
import {
  hideAreaFailure,
  queryClient,
  retireServerScreen,
  sessionQueryKey,
  showAreaFailure,
  startPageViewTracking,
  type SessionData,
} from '@sukoyaka/shared';
import { addErrorHandler, getMountedApps, registerApplication, start, type AppError as SingleSpaError, type LifeCycles } from 'single-spa';

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
  // The "loading" note of index.html stays until the first area is on screen; so does the first
  // screen the server rendered, which the area has now replaced.
  window.addEventListener('single-spa:first-mount', () => {
    document.getElementById('sukoyaka-boot')?.remove();
    retireServerScreen(getMountedApps());
  });
}

/** The GA4 measurement id the server put in the page, if it was configured with one. */
function measurementId(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="sukoyaka:ga-measurement-id"]')?.content || undefined;
}

/** The JSON the server put into the page's element `id` (bff/src/web/site.ts), if it is there and readable. */
function jsonInPage<T>(id: string): T | undefined {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    // Unreadable: the queries it would have answered ask the bff themselves, as without it.
    console.error(error);
    return undefined;
  }
}

/**
 * What the server answered into the page: the session read, so the areas' first call does not
 * wait for the modules to load, and the queries it rendered the first screen with, so the area's
 * first render draws the same screen over the server's.
 */
export function seedQueriesFromPage(): void {
  const session = jsonInPage<SessionData>(SESSION_ELEMENT_ID);
  if (session) queryClient.setQueryData<SessionData>(sessionQueryKey, session);
  for (const { queryKey, data } of jsonInPage<PrerenderedQuery[]>(PRERENDERED_QUERIES_ELEMENT_ID) ?? []) {
    queryClient.setQueryData(queryKey, data);
  }
}

seedQueriesFromPage();
registerAreas();
startPageViewTracking({ measurementId: measurementId() });
start({ urlRerouteOnly: true });
