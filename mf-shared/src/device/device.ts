/**
 * Device detection from the user agent (spec §9): Android → android, iPhone → iOS, else pc.
 * The native apps mark their web views by adding a token to the user agent:
 *   iOS app:     `SukoyakaApp-iOS/<app version>`      e.g. "… Mobile/15E148 SukoyakaApp-iOS/3.2.0"
 *   Android app: `SukoyakaApp-Android/<app version>`  e.g. "… Chrome/120.0 Mobile Safari/537.36 SukoyakaApp-Android/3.2.0"
 * (documented for the app teams in mf-shared/README.md).
 */
export type DeviceType = 'pc' | 'iOS' | 'android';

export const WEBVIEW_MARKERS = { iOS: 'SukoyakaApp-iOS/', android: 'SukoyakaApp-Android/' } as const;

const currentUserAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent);

export function getDeviceType(userAgent: string = currentUserAgent()): DeviceType {
  if (userAgent.includes('Android')) return 'android';
  if (userAgent.includes('iPhone')) return 'iOS';
  return 'pc';
}

export function isWebView(userAgent: string = currentUserAgent()): boolean {
  return userAgent.includes(WEBVIEW_MARKERS.iOS) || userAgent.includes(WEBVIEW_MARKERS.android);
}

export interface DeviceInfo {
  isWebView: boolean;
  deviceType: DeviceType;
}

export function getDeviceInfo(userAgent: string = currentUserAgent()): DeviceInfo {
  return { isWebView: isWebView(userAgent), deviceType: getDeviceType(userAgent) };
}

/**
 * Before any script of ours runs, root-config's index.html marks a web view's page with this
 * attribute on <html> (from the same markers), and hides what carries APP_CHROME_ATTRIBUTE: the
 * parts the app shows itself (the tab bar, log-out). So the first screen the server rendered,
 * which cannot know the user agent, does not show them for a moment either.
 */
export const WEBVIEW_ROOT_ATTRIBUTE = 'data-sukoyaka-webview';
export const APP_CHROME_ATTRIBUTE = 'data-sukoyaka-app-chrome';
