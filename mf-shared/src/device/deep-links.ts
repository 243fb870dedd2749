import { isWebView } from './device';

/**
 * Native deep links (spec §2): inside the apps' web views, these screens are opened natively
 * through the custom scheme `sukoyaka://`; in a browser the same link goes to the web page.
 * The exact forms are ours, documented in mf-shared/README.md for the app teams.
 */
export const DEEP_LINK_SCHEME = 'sukoyaka';

export interface DeepLinkTargets {
  incentiveGift: { giftId: string };
  coinUserActions: Record<string, never>;
  pointUserActions: { pointId: string };
  menu: Record<string, never>;
  point: { pointId: string };
  userOrgVerification: Record<string, never>;
  cityOsLoginStart: Record<string, never>;
  cityOsLoginCallback: { code: string; state: string };
  /** Ours: a page outside the site (a partner, an outside document), opened by the app, not in its web view. */
  outsidePage: { url: string };
}

export type DeepLinkScreen = keyof DeepLinkTargets;

const enc = encodeURIComponent;

/** `sukoyaka://…` for each screen. */
const native: { [S in DeepLinkScreen]: (params: DeepLinkTargets[S]) => string } = {
  incentiveGift: ({ giftId }) => `${DEEP_LINK_SCHEME}://incentives/gifts/${enc(giftId)}`,
  coinUserActions: () => `${DEEP_LINK_SCHEME}://coin/user_actions`,
  pointUserActions: ({ pointId }) => `${DEEP_LINK_SCHEME}://points/${enc(pointId)}/user_actions`,
  menu: () => `${DEEP_LINK_SCHEME}://menu`,
  point: ({ pointId }) => `${DEEP_LINK_SCHEME}://points/${enc(pointId)}`,
  userOrgVerification: () => `${DEEP_LINK_SCHEME}://org_verification`,
  cityOsLoginStart: () => `${DEEP_LINK_SCHEME}://city_os/login`,
  cityOsLoginCallback: ({ code, state }) => `${DEEP_LINK_SCHEME}://city_os/login/callback?code=${enc(code)}&state=${enc(state)}`,
  outsidePage: ({ url }) => `${DEEP_LINK_SCHEME}://open?url=${enc(url)}`,
};

/** The web page for the same screen, used in a browser. */
const web: { [S in DeepLinkScreen]: (params: DeepLinkTargets[S]) => string } = {
  incentiveGift: ({ giftId }) => `/incentives/user_gifts?gift=${enc(giftId)}`,
  coinUserActions: () => '/coin/earning',
  pointUserActions: ({ pointId }) => `/points/${enc(pointId)}/earning`,
  menu: () => '/menu',
  point: ({ pointId }) => `/points/${enc(pointId)}`,
  userOrgVerification: () => '/org_verification',
  // The city-OS login is an app-only flow; in a browser it starts from the login page.
  cityOsLoginStart: () => '/login',
  cityOsLoginCallback: () => '/login',
  outsidePage: ({ url }) => url,
};

export function deepLink<S extends DeepLinkScreen>(screen: S, params: DeepLinkTargets[S]): string {
  return native[screen](params);
}

export function webPath<S extends DeepLinkScreen>(screen: S, params: DeepLinkTargets[S]): string {
  return web[screen](params);
}

/** The link to a screen: the deep link inside a native web view, the web path elsewhere. */
export function screenLink<S extends DeepLinkScreen>(screen: S, params: DeepLinkTargets[S], userAgent?: string): string {
  return isWebView(userAgent) ? deepLink(screen, params) : webPath(screen, params);
}

/**
 * A link to a page outside the site: inside a native web view the app opens it (`sukoyaka://open?url=…`,
 * docs/native-apps.md), so the member never leaves the app's chrome for a partner's page; in a
 * browser the address itself.
 */
export function outsideLink(url: string, userAgent?: string): string {
  return screenLink('outsidePage', { url }, userAgent);
}

/** Goes to a page outside the site now (a partner's signed link): through the app inside a web view. */
export function openOutside(url: string): void {
  window.location.assign(outsideLink(url));
}
