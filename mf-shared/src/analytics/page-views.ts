import { fetchSession, type SessionData } from '../auth/session';
import { isWebView } from '../device/device';

/**
 * Page views (spec §1, §4 "Analytics"): once the session is ready, exactly one page view for the
 * first page, then exactly one on every completed route change, whichever area the change
 * crosses to. Sent as GA4 gtag calls — `config` with the user_id, and a `page_view` event with
 * browser_id, is_webview, page_path, page_location and user_id. Without a measurement id nothing
 * is loaded from outside, but the calls still reach window.dataLayer (tests and e2e count them there).
 *
 * Analytics receives the path alone (issue 24 #5): never the query, which carries mailed links'
 * one-time tokens and OAuth returns' code and state, nor the fragment. page_location is set to the
 * same cleaned address, because gtag would otherwise read document.location whole. No parameter
 * is allowed through: the path names the page, and a list to keep up is one to get wrong.
 */

type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

export interface PageViewEvent {
  browser_id: string;
  is_webview: boolean;
  page_path: string;
  page_location: string;
  user_id: string | null;
}

function installGtag(measurementId: string | undefined): Gtag {
  window.dataLayer = window.dataLayer ?? [];
  if (!window.gtag) {
    // gtag.js reads the `arguments` object itself, not an array.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      window.dataLayer!.push(arguments);
    };
    window.gtag('js', new Date());
    if (measurementId) {
      const script = document.createElement('script');
      script.async = true;
      script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
      document.head.appendChild(script);
    }
  }
  return window.gtag;
}

export function pageViewEvent(session: SessionData, pagePath: string, userAgent?: string, origin = window.location.origin): PageViewEvent {
  return {
    browser_id: session.browserId,
    is_webview: isWebView(userAgent),
    page_path: pagePath,
    page_location: origin + pagePath,
    user_id: session.userId,
  };
}

export interface PageViewTracking {
  stop(): void;
}

/**
 * Starts counting page views for the whole site; root-config calls it once. single-spa fires
 * `single-spa:routing-event` after every completed route change (and after the first load).
 */
export function startPageViewTracking(options: { measurementId?: string | undefined } = {}): PageViewTracking {
  const gtag = installGtag(options.measurementId);
  const target = options.measurementId ?? 'sukoyaka';
  let lastPath: string | null = null;
  let configuredUser: string | null | undefined;
  // Sends are chained so page views leave in the order the pages were visited.
  let queue: Promise<void> = Promise.resolve();

  const track = () => {
    // The page as analytics may see it: the path, without query or fragment.
    const pagePath = window.location.pathname;
    queue = queue
      .then(async () => {
        const session = await fetchSession();
        if (pagePath === lastPath) return;
        lastPath = pagePath;
        if (configuredUser !== session.userId) {
          configuredUser = session.userId;
          gtag('config', target, { user_id: session.userId, send_page_view: false });
        }
        const event = pageViewEvent(session, pagePath);
        // Also for whatever gtag sends of its own (enhanced measurement), which would otherwise
        // read the whole address.
        gtag('set', { page_location: event.page_location });
        gtag('event', 'page_view', { ...event, send_to: target });
      })
      .catch(() => {
        // No session read, no page view: analytics must never break a page.
      });
  };

  window.addEventListener('single-spa:routing-event', track);
  track();
  return { stop: () => window.removeEventListener('single-spa:routing-event', track) };
}
