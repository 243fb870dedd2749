import { loginUrlFor, safeReturnPath } from './MemberOnly';

// Issue 8: the return path after signing in and after a step-up is a page of this site, read the
// way the browser reads it when navigating, or home.
describe('safeReturnPath', () => {
  const here = window.location.origin;

  it.each([
    ['/', '/'],
    ['/points/3', '/points/3'],
    ['/health/vitals?tab=bp#latest', '/health/vitals?tab=bp#latest'],
    ['/login?return_to=%2F%2Fevil.example', '/login?return_to=%2F%2Fevil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    [`${here}/settings`, '/settings'],
    ['settings', '/settings'],
  ])('keeps a page of this site: %j → %j', (value, expected) => {
    expect(safeReturnPath(value)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['missing', null],
    ['undefined', undefined],
    ['tab inside //', '/\t/evil.example/'],
    ['decoded issue 8 value', decodeURIComponent('%2F%09%2Fevil.example%2F')],
    ['newline inside //', '/\n/evil.example'],
    ['carriage return inside //', '/\r/evil.example'],
    ['leading newline', '\n//evil.example'],
    ['protocol-relative', '//evil.example/path'],
    ['slash backslash', '/\\evil.example'],
    ['backslash backslash', '\\\\evil.example'],
    ['backslash slash', '\\/evil.example'],
    ['dot segment to //', '/.//evil.example/x'],
    ['parent segments to //', '/a/../..//evil.example'],
    ['absolute other host', 'https://evil.example/'],
    ['same host, other scheme', window.location.href.replace(/^http:/, 'https:')],
    ['javascript:', 'javascript:alert(1)'],
    ['JavaScript: with a tab', 'java\tscript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['userinfo trick', `${here}@evil.example/`],
  ])('goes home for %s', (_name, value) => {
    expect(safeReturnPath(value)).toBe('/');
  });
});

describe('loginUrlFor', () => {
  it('carries the page to come back to', () => {
    expect(loginUrlFor({ pathname: '/points/3', search: '?tab=1' })).toBe('/login?return_to=%2Fpoints%2F3%3Ftab%3D1');
  });
});
