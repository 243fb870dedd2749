import { fitbitPagePaths, mynaPagePaths } from '@sukoyaka/contract';
import type { Config } from './config';
import { DevOutbox } from './dev/outbox';
import { createGoogleHealthClient, type GoogleHealthClient } from './integrations/google-health/client';
import type { GoogleHealthConfig } from './integrations/google-health/config';
import { startFakeGoogleHealthServer, type RunningFakeGoogleHealth } from './integrations/google-health/fake-server';
import { startFakeSmtpServer } from './integrations/mail/fake-smtp-server';
import { createSmtpMailer, type Mailer } from './integrations/mail/mailer';
import { startFakeSmsServer } from './integrations/sms/fake-sms-server';
import { startFakeMynaPortalServer, type RunningFakeMynaPortal } from './integrations/myna-portal/fake-server';
import type { CityOsConfig } from './integrations/city-os/config';
import { startFakeCityOsServer, type RunningFakeCityOs } from './integrations/city-os/fake-server';
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

/**
 * Connects the clients to the configured services. Outside production, a service without a
 * configured address gets its local fake, started here on a free loopback port, so every flow
 * can be completed on one machine (the fakes deliver into the dev outbox).
 */
export async function startServices(config: Config): Promise<RunningServices> {
  const closers: Array<() => Promise<void> | void> = [];
  const outbox = config.env === 'production' ? null : new DevOutbox();

  let smtpUrl = config.smtpUrl;
  if (!smtpUrl) {
    if (!outbox) throw new Error('SMTP_URL is required in production');
    const fake = await startFakeSmtpServer(outbox);
    closers.push(fake.close);
    smtpUrl = fake.url;
  }
  const mailer = createSmtpMailer({ smtpUrl, from: config.mailFrom });
  closers.push(() => mailer.close());

  let smsApiUrl = config.smsApiUrl;
  let smsApiKey = config.smsApiKey;
  if (!smsApiUrl) {
    if (!outbox) throw new Error('SMS_API_URL is required in production');
    const fake = await startFakeSmsServer(outbox);
    closers.push(fake.close);
    smsApiUrl = fake.url;
    smsApiKey = fake.apiKey;
  }
  const sms = createSmsClient({ baseUrl: smsApiUrl, apiKey: smsApiKey ?? '', senderId: config.smsSenderId });

  let googleHealth: GoogleHealthService | null = null;
  const redirectUri = `${config.publicUrl}${fitbitPagePaths.callback}`;
  if (config.googleHealth) {
    googleHealth = { config: config.googleHealth, redirectUri, client: createGoogleHealthClient(config.googleHealth), fake: null };
  } else if (outbox) {
    const fake = await startFakeGoogleHealthServer();
    closers.push(fake.close);
    googleHealth = { config: fake.config, redirectUri, client: createGoogleHealthClient(fake.config), fake };
  }

  let mynaPortal: MynaPortalService | null = null;
  if (config.mynaPortal) {
    mynaPortal = { config: config.mynaPortal, fake: null };
  } else if (outbox) {
    const fake = await startFakeMynaPortalServer({ redirectUri: `${config.publicUrl}${mynaPagePaths.callback}` });
    closers.push(fake.close);
    mynaPortal = { config: fake.config, fake };
  }

  let cityOs: CityOsService | null = null;
  if (config.cityOs) {
    cityOs = { config: config.cityOs, fake: null };
  } else if (outbox) {
    const fake = await startFakeCityOsServer({ publicUrl: config.publicUrl });
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
