// @sukoyaka/shared/testing — helpers for the unit tests of every package (never bundled).
// First: what jsdom lacks and browsers have (see polyfills.ts).
import './polyfills';

export {
  FakeBff,
  bffError,
  createFakeBff,
  deferred,
  networkDown,
  reply,
  timeout,
  type FakeHandler,
  type FakeReply,
  type RecordedRequest,
} from './fake-bff';
export { freezeClock } from './clock';
export { chartSeriesValues } from './chart';
export { mockLocation, type LocationSpy } from './location';
export { TestProviders, renderWithProviders, windowAddress, type ProvidersOptions } from './render';
export { VISITOR_BROWSER_ID, resetSharedState, setupFakeBff } from './session';
