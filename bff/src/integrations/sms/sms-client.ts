/**
 * The SMS provider's HTTP API, as our client speaks it (the shape common to SMS gateways):
 *
 *   POST {baseUrl}/v1/messages
 *   Authorization: Bearer {apiKey}
 *   Content-Type: application/json
 *   { "from": "Sukoyaka", "to": "+819012345678", "body": "…" }
 *
 *   201 { "id": "msg_…", "status": "queued" }
 *   4xx/5xx { "error": { "code": "…", "message": "…" } }
 *
 * Numbers are E.164. The fake provider (@sukoyaka/fakes, fakes/src/sms/sms-server.ts) implements the same contract.
 */
export interface SmsClient {
  send(message: { to: string; body: string }): Promise<{ id: string }>;
}

export class SmsDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

export function createSmsClient(options: { baseUrl: string; apiKey: string; senderId: string; timeoutMs?: number }): SmsClient {
  const endpoint = new URL('/v1/messages', options.baseUrl).toString();
  return {
    async send({ to, body }) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization: `Bearer ${options.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ from: options.senderId, to, body }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      } catch (error) {
        throw new SmsDeliveryError(`SMS provider unreachable: ${(error as Error).message}`, undefined);
      }
      const payload = (await response.json().catch(() => ({}))) as { id?: string; error?: { message?: string } };
      if (response.status !== 201 || typeof payload.id !== 'string') {
        throw new SmsDeliveryError(`SMS provider refused the message: ${payload.error?.message ?? response.status}`, response.status);
      }
      return { id: payload.id };
    },
  };
}
