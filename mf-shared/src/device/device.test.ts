import { getDeviceInfo, getDeviceType, isWebView, WEBVIEW_MARKERS } from './device';
import { deepLink, outsideLink, screenLink, webPath } from './deep-links';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_8 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('spec §9: device detection from the user agent', () => {
  it('Android → android, iPhone → iOS, anything else → pc', () => {
    expect(getDeviceType(ANDROID_CHROME)).toBe('android');
    expect(getDeviceType(IPHONE_SAFARI)).toBe('iOS');
    expect(getDeviceType(DESKTOP)).toBe('pc');
    expect(getDeviceType(IPAD)).toBe('pc');
  });

  it('recognises the iOS and the Android app web views by their markers only', () => {
    expect(isWebView(`${IPHONE_SAFARI} ${WEBVIEW_MARKERS.iOS}3.2.0`)).toBe(true);
    expect(isWebView(`${ANDROID_CHROME} ${WEBVIEW_MARKERS.android}3.2.0`)).toBe(true);
    expect(isWebView(IPHONE_SAFARI)).toBe(false);
    expect(isWebView(ANDROID_CHROME)).toBe(false);
    expect(getDeviceInfo(`${ANDROID_CHROME} SukoyakaApp-Android/1.0.0`)).toEqual({ isWebView: true, deviceType: 'android' });
  });
});

describe('spec §2: native deep links', () => {
  it('defines one custom-scheme link per screen the apps open natively', () => {
    expect(deepLink('incentiveGift', { giftId: 'g 1' })).toBe('sukoyaka://incentives/gifts/g%201');
    expect(deepLink('coinUserActions', {})).toBe('sukoyaka://coin/user_actions');
    expect(deepLink('pointUserActions', { pointId: '7' })).toBe('sukoyaka://points/7/user_actions');
    expect(deepLink('menu', {})).toBe('sukoyaka://menu');
    expect(deepLink('point', { pointId: '7' })).toBe('sukoyaka://points/7');
    expect(deepLink('userOrgVerification', {})).toBe('sukoyaka://org_verification');
    expect(deepLink('cityOsLoginStart', {})).toBe('sukoyaka://city_os/login');
    expect(deepLink('cityOsLoginCallback', { code: 'a&b', state: 's' })).toBe('sukoyaka://city_os/login/callback?code=a%26b&state=s');
  });

  it('uses the deep link inside a web view and the web page in a browser', () => {
    const webView = `${IPHONE_SAFARI} SukoyakaApp-iOS/3.2.0`;
    expect(screenLink('point', { pointId: '7' }, webView)).toBe('sukoyaka://points/7');
    expect(screenLink('point', { pointId: '7' }, IPHONE_SAFARI)).toBe('/points/7');
    expect(webPath('coinUserActions', {})).toBe('/coin/earning');
    expect(screenLink('userOrgVerification', {}, DESKTOP)).toBe('/org_verification');
  });

  it('the menu deep link’s web page is the メニュー page (issue 27)', () => {
    expect(webPath('menu', {})).toBe('/menu');
    expect(screenLink('menu', {}, `${IPHONE_SAFARI} SukoyakaApp-iOS/3.2.0`)).toBe('sukoyaka://menu');
  });

  it('hands a page outside the site to the app inside a web view, and leaves it as it is in a browser (issue 27)', () => {
    const url = 'https://partner.example/campaign?a=1&b=2';
    expect(outsideLink(url, `${ANDROID_CHROME} SukoyakaApp-Android/3.2.0`)).toBe(
      'sukoyaka://open?url=https%3A%2F%2Fpartner.example%2Fcampaign%3Fa%3D1%26b%3D2',
    );
    expect(outsideLink(url, ANDROID_CHROME)).toBe(url);
    expect(outsideLink(url, DESKTOP)).toBe(url);
  });
});
