// The local stand-ins for the outside services (development, the demo, the e2e journeys and the
// API tests): each speaks the real protocol over a loopback port. Never part of the production
// image: the bff loads this package only when a service has no configured address outside
// production (bff/src/dev/fakes.ts).
export { startFakeCityOsServer, type RunningFakeCityOs } from './city-os/server';
export {
  startFakeGoogleHealthServer,
  type FakeGoogleHealthOptions,
  type FakeGoogleUser,
  type RunningFakeGoogleHealth,
} from './google-health/server';
export { startFakeSmtpServer, type RunningFakeSmtp } from './mail/smtp-server';
export {
  buildCheckupCda,
  DEMO_MYNA_PERSON,
  FAKE_CHECKUP_DAYS,
  FAKE_DATA_AS_OF,
  fakeCheckupDocuments,
  fakeDispensings,
  fakeExtraCheckup,
  fakeMedicalBills,
  fakePerson,
  type FakeCdaDocument,
  type FakeCdaItem,
  type FakeMynaPerson,
} from './myna-portal/data';
export {
  startFakeMynaPortalServer,
  toWire,
  type FakeMynaCollection,
  type FakeMynaPortalOptions,
  type RunningFakeMynaPortal,
} from './myna-portal/server';
export { startFakeSmsServer, type RunningFakeSms } from './sms/sms-server';
