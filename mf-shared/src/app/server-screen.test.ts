import { retireServerScreen } from './server-screen';

describe('retireServerScreen: the server’s first screen once an area is in or has failed (issue 9)', () => {
  beforeEach(() => {
    document.head.innerHTML = '<style data-sukoyaka-prerender>.a{color:red}</style>';
    document.body.innerHTML =
      '<div id="single-spa-application:@sukoyaka/account" inert aria-busy="true"><p>ログイン</p></div>' +
      '<div id="single-spa-application:@sukoyaka/health" inert aria-busy="true"><p>バイタル</p></div>';
  });

  const container = (area: string) => document.getElementById(`single-spa-application:${area}`)!;

  it('makes the mounted area’s container usable, and empties the one of an area that never mounted', () => {
    retireServerScreen(['@sukoyaka/account']);
    expect(container('@sukoyaka/account').hasAttribute('inert')).toBe(false);
    expect(container('@sukoyaka/account').hasAttribute('aria-busy')).toBe(false);
    expect(container('@sukoyaka/account').textContent).toBe('ログイン');
    expect(container('@sukoyaka/health').childNodes).toHaveLength(0);
    expect(container('@sukoyaka/health').hasAttribute('inert')).toBe(false);
    expect(document.querySelectorAll('style[data-sukoyaka-prerender]')).toHaveLength(0);
  });

  it('leaves nothing of it on screen when no area mounted (an area that failed)', () => {
    retireServerScreen([]);
    expect(container('@sukoyaka/account').childNodes).toHaveLength(0);
    expect(container('@sukoyaka/health').childNodes).toHaveLength(0);
  });
});
