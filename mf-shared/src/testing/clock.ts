/**
 * Fixes the clock (Date, Date.now) at a moment and leaves every timer real, so that
 * testing-library, React Query and user-event run as usual while "now" is known: a form's
 * default day, "not in the future" checks, and dates shown all come out the same on any day.
 * Undo with jest.useRealTimers() (e.g. in afterEach).
 */
export function freezeClock(now: Date): void {
  jest.useFakeTimers({
    now,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}
