import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { DevOutbox } from '@sukoyaka/bff/src/dev/outbox';

export interface RunningFakeSmtp {
  url: string;
  close(): Promise<void>;
}

/**
 * A local SMTP server that accepts every mail and puts it in the dev outbox, so sign-up and
 * password reset can be completed on one machine. Listens on loopback only.
 */
export async function startFakeSmtpServer(outbox: DevOutbox, port = 0): Promise<RunningFakeSmtp> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          for (const to of recipients) {
            outbox.addMail({ to, subject: parsed.subject ?? '', text: parsed.text ?? '', sentAt: new Date().toISOString() });
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
