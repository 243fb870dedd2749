import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { DevOutbox } from '@sukoyaka/bff/src/dev/outbox';

export interface RunningFakeSms {
  url: string;
  apiKey: string;
  close(): Promise<void>;
}

/** The local SMS provider: the same HTTP contract as sms-client.ts, delivering into the dev outbox. */
export async function startFakeSmsServer(outbox: DevOutbox, options: { apiKey?: string; port?: number } = {}): Promise<RunningFakeSms> {
  const apiKey = options.apiKey ?? 'fake-sms-api-key';
  const app = Fastify({ logger: false });
  app.post('/v1/messages', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${apiKey}`) {
      return reply.status(401).send({ error: { code: 'unauthorized', message: 'invalid API key' } });
    }
    const body = request.body as { from?: unknown; to?: unknown; body?: unknown } | undefined;
    if (!body || typeof body.to !== 'string' || !/^\+[1-9]\d{6,14}$/.test(body.to) || typeof body.body !== 'string' || !body.body) {
      return reply.status(422).send({ error: { code: 'invalid_message', message: 'to must be E.164 and body non-empty' } });
    }
    outbox.addSms({ to: body.to, text: body.body, sentAt: new Date().toISOString() });
    return reply.status(201).send({ id: `msg_${randomUUID()}`, status: 'queued' });
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  const address = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, apiKey, close: () => app.close() };
}
