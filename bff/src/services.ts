import { fitbitPagePaths, mynaPagePaths } from '@sukoyaka/contract';
// Types only: erased from the build. The fakes themselves are loaded at run time (dev/fakes.ts).
import type { RunningFakeCityOs, RunningFakeGoogleHealth, RunningFakeMynaPortal } from '@sukoyaka/fakes';
import type { Config } from './config';
import { loadFakes } from './dev/fakes';
import { DevOutbox } from './dev/outbox';
import { createGoogleHealthClient, type GoogleHealthClient } from './integrations/google-health/client';
import type { GoogleHealthConfig } from './integrations/google-health/config';
import { createSmtpMailer, type Mailer } from './integrations/mail/mailer';
import type { CityOsConfig } from './integrations/city-os/config';
import type { MynaPortalConfig } from './integrations/myna-portal/types';
import { createSmsClient, type SmsClient } from './integrations/sms/sms-client';

/** The outside services the flows use, each a real client of its real protocol. */
export interface Services {
  mailer: Mailer;
  sms: SmsClient;
  /** What the local fakes received; only outside production. */
  outbox: DevOutbox | null;
  /** The Fitbit connection's Google OAuth and Health API; null when not configured. */
  googleHealth: GoogleHealthService | null;
  /** The My Number Portal connection (issue 12); null when not configured (production without MYNA_PORTAL_URL). */
  mynaPortal: MynaPortalService | null;
  /** The City OS partner identity service (issue 14); null when not configured. */
  cityOs: CityOsService | null;
}

export interface CityOsService {
  config: CityOsConfig;
  /** The local fake when it stands in for the partner (outside production, no CITY_OS_OPT_IN_URL). */
  fake: RunningFakeCityOs | null;
}

export interface MynaPortalService {
  config: MynaPortalConfig;
  /** The local fake when it stands in for the portal (outside production, no MYNA_PORTAL_URL). */
  fake: RunningFakeMynaPortal | null;
}

export interface GoogleHealthService {
  config: GoogleHealthConfig;
  /** PUBLIC_URL + /resource_providers/fitbit/callback, as registered with Google. */
  redirectUri: string;
  client: GoogleHealthClient;
  /** The local fake when it stands in for Google (outside production, no GOOGLE_CLIENT_ID). */
  fake: RunningFakeGoogleHealth | null;
}

export interface RunningServices extends Services {
  close(): Promise<void>;
}

/** The outside services with a local fake that has an address of its own (the fake's URLs are its config). */
export type LocalFake = 'googleHealth' | 'mynaPortal' | 'cityOs';

export const LOCAL_FAKES: readonly LocalFake[] = ['googleHealth', 'mynaPortal', 'cityOs'];

export interface ServicesOptions {
  /**
   * Outside production, which services without a configured address get their local fake; the
   * others stay unconfigured (null), as in production without their settings. Every one by
   * default (`npm start`, the demo, the e2e journeys); the API tests name the ones they use.
   */
  fakes?: readonly LocalFake[];
}

/**
 * Something started on its first use, once however many callers race for it; a failed start is
 * tried again by the next use.
 */
function onFirstUse<T>(start: () => Promise<T>): { get(): Promise<T>; started(): Promise<T | undefined> } {
  let pending: Promise<T> | undefined;
  return {
    get() {
      pending ??= start().catch((error: unknown) => {
        pending = undefined;
        throw error;
      });
      return pending;
    },
    started: async () => (pending ? pending.catch(() => undefined) : undefined),
  };
}

/**
 * Connects the clients to the configured services. Outside production, a service without a
 * configured address gets its local fake (@sukoyaka/fakes) on a free loopback port, so every flow
 * can be completed on one machine (the fakes deliver into the dev outbox): the SMTP server and
 * the SMS provider on the first message sent, the others (`options.fakes`) here.
 */
export async function startServices(config: Config, options: ServicesOptions = {}): Promise<RunningServices> {
  const closers: Array<() => Promise<void> | void> = [];
  const outbox = config.env === 'production' ? null : new DevOutbox();
  const fakes = new Set(options.fakes ?? LOCAL_FAKES);

  let mailer: Mailer;
  if (config.smtpUrl) {
    const smtp = createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
    closers.push(() => smtp.close());
    mailer = smtp;
  } else {
    if (!outbox) throw new Error('SMTP_URL is required in production');
    const local = onFirstUse(async () => {
      const fake = await (await loadFakes()).startFakeSmtpServer(outbox);
      return { fake, mailer: createSmtpMailer({ smtpUrl: fake.url, from: config.mailFrom }) };
    });
    closers.push(async () => {
      const started = await local.started();
      if (!started) return;
      started.mailer.close();
      await started.fake.close();
    });
    mailer = {
      send: async (mail) => (await local.get()).mailer.send(mail),
      close: () => undefined,
    };
  }

  let sms: SmsClient;
  if (config.smsApiUrl) {
    sms = createSmsClient({ baseUrl: config.smsApiUrl, apiKey: config.smsApiKey ?? '', senderId: config.smsSenderId });
  } else {
    if (!outbox) throw new Error('SMS_API_URL is required in production');
    const local = onFirstUse(async () => {
      const fake = await (await loadFakes()).startFakeSmsServer(outbox);
      return { fake, client: createSmsClient({ baseUrl: fake.url, apiKey: fake.apiKey, senderId: config.smsSenderId }) };
    });
    closers.push(async () => {
      await (await local.started())?.fake.close();
    });
    sms = { send: async (message) => (await local.get()).client.send(message) };
  }

  let googleHealth: GoogleHealthService | null = null;
  const redirectUri = `${config.publicUrl}${fitbitPagePaths.callback}`;
  if (config.googleHealth) {
    googleHealth = { config: config.googleHealth, redirectUri, client: createGoogleHealthClient(config.googleHealth), fake: null };
  } else if (outbox && fakes.has('googleHealth')) {
    const fake = await (await loadFakes()).startFakeGoogleHealthServer();
    closers.push(fake.close);
    googleHealth = { config: fake.config, redirectUri, client: createGoogleHealthClient(fake.config), fake };
  }

  let mynaPortal: MynaPortalService | null = null;
  if (config.mynaPortal) {
    mynaPortal = { config: config.mynaPortal, fake: null };
  } else if (outbox && fakes.has('mynaPortal')) {
    const fake = await (await loadFakes()).startFakeMynaPortalServer({ redirectUri: `${config.publicUrl}${mynaPagePaths.callback}` });
    closers.push(fake.close);
    mynaPortal = { config: fake.config, fake };
  }

  let cityOs: CityOsService | null = null;
  if (config.cityOs) {
    cityOs = { config: config.cityOs, fake: null };
  } else if (outbox && fakes.has('cityOs')) {
    const fake = await (await loadFakes()).startFakeCityOsServer({ publicUrl: config.publicUrl });
    closers.push(fake.close);
    cityOs = { config: fake.config, fake };
  }

  return {
    mailer,
    sms,
    outbox,
    googleHealth,
    mynaPortal,
    cityOs,
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
}
