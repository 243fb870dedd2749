import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { CityOsConfig } from '@sukoyaka/bff/src/integrations/city-os/config';
import { verifyOptIn } from '@sukoyaka/bff/src/integrations/city-os/signing';

/*
 * A local stand-in for the City OS partner identity service, speaking the same protocol as
 * signing.ts: GET /opt_in verifies the link (client, HMAC-SHA256 signature, expiry) and shows a
 * consent page with 「連携する」 and 「キャンセル」; approving sends the browser back to
 * `return_to` with `code` and `state` (the link's nonce), cancelling with `error=access_denied`.
 * `return_to` must be one the client registered: the app's city-OS login callback deep link
 * (sukoyaka://city_os/login/callback) or the site's own address. `&auto=1` approves at once.
 */

export interface RunningFakeCityOs {
  url: string;
  config: CityOsConfig;
  close(): Promise<void>;
}

const REASONS = {
  missing: 'リンクに必要な情報が足りません。',
  client: '登録されていない連携元からのリンクです。',
  signature: 'リンクの署名が正しくありません。',
  expired: 'リンクの有効期限（10分）が切れています。すこやかからもう一度お試しください。',
} as const;

const escape = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export async function startFakeCityOsServer(options: { publicUrl: string; now?: () => number }): Promise<RunningFakeCityOs> {
  const config: CityOsConfig = { optInUrl: '', clientId: 'sukoyaka-local', secret: randomBytes(32).toString('hex') };
  const now = options.now ?? Date.now;
  const allowedReturn = (target: string) => target === 'sukoyaka://city_os/login/callback' || target.startsWith(`${options.publicUrl}/`);
  const app = Fastify({ logger: false });

  const back = (returnTo: string, query: Record<string, string>) => {
    const separator = returnTo.includes('?') ? '&' : '?';
    return `${returnTo}${separator}${new URLSearchParams(query).toString()}`;
  };

  app.get<{ Querystring: Record<string, string> }>('/opt_in', async (request, reply) => {
    const { auto, decision, ...params } = request.query;
    const check = verifyOptIn(params, { secret: config.secret, clientId: config.clientId, nowSeconds: Math.floor(now() / 1000) });
    if (!check.ok) {
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="ja"><meta charset="utf-8"><title>City OS</title><h1>連携できません</h1><p id="reason" data-reason="${check.reason}">${REASONS[check.reason]}</p></html>`,
        );
    }
    if (!allowedReturn(params.return_to!)) return reply.status(400).send({ error: 'invalid_return_to' });
    if (auto === '1' || decision === 'approve') {
      return reply.redirect(back(params.return_to!, { code: randomBytes(16).toString('base64url'), state: params.nonce! }), 302);
    }
    if (decision === 'cancel') return reply.redirect(back(params.return_to!, { error: 'access_denied', state: params.nonce! }), 302);
    const approve = `?${new URLSearchParams({ ...params, decision: 'approve' }).toString()}`;
    const cancel = `?${new URLSearchParams({ ...params, decision: 'cancel' }).toString()}`;
    return reply
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="ja"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>City OS 連携</title>` +
          `<h1>すこやかとの連携</h1><p>すこやかの会員（${escape(params.subject!.slice(0, 8))}…）として、City OS のサービスと連携します。</p>` +
          `<p><a href="${escape(approve)}">連携する</a> <a href="${escape(cancel)}">キャンセル</a></p></html>`,
      );
  });

  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  config.optInUrl = `${url}/opt_in`;
  return { url, config, close: () => app.close() };
}
