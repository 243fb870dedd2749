import { expect } from '@playwright/test';
import { baseUrl } from './support';

/*
 * The development outbox of the running site (GET /__dev/outbox.json): what the local fake SMTP
 * server and SMS provider received, newest first. Journeys read mail links and SMS codes here,
 * as a newcomer does on http://localhost:8080/__dev/outbox.
 */

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export interface OutboxSms {
  to: string;
  text: string;
  sentAt: string;
}

export async function readOutbox(): Promise<{ mails: OutboxMail[]; sms: OutboxSms[] }> {
  const response = await fetch(new URL('/__dev/outbox.json', baseUrl()), { signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`GET /__dev/outbox.json answered ${response.status}`);
  return (await response.json()) as { mails: OutboxMail[]; sms: OutboxSms[] };
}

/**
 * Waits for the newest mail to `to` that matches, e.g. one with a /signup/verification link (a
 * failure lists the subjects of the mails to that address).
 */
export async function waitForMail(to: string, matches: (mail: OutboxMail) => boolean = () => true): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(
      async () => {
        const toThem = (await readOutbox()).mails.filter((mail) => mail.to.toLowerCase() === to.toLowerCase());
        found = toThem.find(matches);
        return toThem.map((mail) => ({ subject: mail.subject, matches: matches(mail) }));
      },
      { message: `a matching mail to ${to} in the dev outbox` },
    )
    .toContainEqual(expect.objectContaining({ matches: true }));
  return found!;
}

/**
 * The link to `path` in a mail, moved onto the site under test: the mail links to PUBLIC_URL
 * (http://localhost:<port>), the journeys run on 127.0.0.1, and cookies belong to one host name.
 */
export function linkIn(mail: OutboxMail, path: string): string {
  const match = new RegExp(`https?://\\S+?${path.replace(/[/]/g, '\\/')}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
  if (!match) throw new Error(`No ${path} link in the mail "${mail.subject}":\n${mail.text}`);
  const link = new URL(match[0]);
  return new URL(link.pathname + link.search, baseUrl()).toString();
}
