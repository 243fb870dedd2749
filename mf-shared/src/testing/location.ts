/**
 * window.location.assign / reload cannot be replaced in jsdom 26 (the `location` property and its
 * methods are unforgeable, so Object.defineProperty(window, 'location', …) throws). The calls are
 * forwarded to jsdom's implementation object, which can be spied on instead; navigation then does
 * not happen (jsdom would only report "not implemented").
 */
export interface LocationSpy {
  assign: jest.Mock<void, [string | URL]>;
  replace: jest.Mock<void, [string | URL]>;
  reload: jest.Mock<void, []>;
  restore: () => void;
}

type Methods = Record<'assign' | 'replace' | 'reload', (...args: never[]) => unknown>;

function locationTarget(): { target: Methods; restore: () => void } {
  const descriptor = Object.getOwnPropertyDescriptor(window, 'location');
  if (descriptor?.configurable) {
    // Older jsdom: the whole object can be swapped, as usually recommended.
    const original = window.location;
    const fake = { ...original, assign: () => undefined, replace: () => undefined, reload: () => undefined } as unknown as Methods &
      Location;
    Object.defineProperty(window, 'location', { configurable: true, value: fake });
    return { target: fake, restore: () => Object.defineProperty(window, 'location', descriptor) };
  }
  const implSymbol = Object.getOwnPropertySymbols(window.location).find((symbol) => symbol.description === 'impl');
  const impl = implSymbol ? (window.location as unknown as Record<symbol, Methods | undefined>)[implSymbol] : undefined;
  if (!impl) throw new Error('mockLocation: cannot reach window.location of this jsdom');
  return { target: impl, restore: () => undefined };
}

/** Records window.location.assign/replace/reload instead of navigating. Call `restore()` after. */
export function mockLocation(): LocationSpy {
  const { target, restore } = locationTarget();
  const assign = jest.spyOn(target, 'assign').mockImplementation(() => undefined) as unknown as LocationSpy['assign'];
  const replace = jest.spyOn(target, 'replace').mockImplementation(() => undefined) as unknown as LocationSpy['replace'];
  const reload = jest.spyOn(target, 'reload').mockImplementation(() => undefined) as unknown as LocationSpy['reload'];
  return {
    assign,
    replace,
    reload,
    restore: () => {
      assign.mockRestore();
      replace.mockRestore();
      reload.mockRestore();
      restore();
    },
  };
}
