import type { FastifyInstance } from 'fastify';
import type { DevOutbox } from './outbox';

const escape = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const linkify = (value: string) => escape(value).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');

/**
 * Development only: the mails and SMS the local fakes received, so a newcomer can complete
 * sign-up, two-factor and password reset on one machine. Never registered in production.
 */
export async function devOutboxRoutes(app: FastifyInstance, options: { outbox: DevOutbox }): Promise<void> {
  app.get('/__dev/outbox.json', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return options.outbox.snapshot();
  });

  app.get('/__dev/outbox', async (_request, reply) => {
    const { mails, sms } = options.outbox.snapshot();
    const mailItems = mails
      .map(
        (mail) =>
          `<article><h3>${escape(mail.subject)}</h3><p class="meta">宛先: ${escape(mail.to)} ・ ${escape(mail.sentAt)}</p><pre>${linkify(mail.text)}</pre></article>`,
      )
      .join('');
    const smsItems = sms
      .map(
        (message) =>
          `<article><p class="meta">宛先: ${escape(message.to)} ・ ${escape(message.sentAt)}</p><pre>${escape(message.text)}</pre></article>`,
      )
      .join('');
    const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>開発用 送信箱 | すこやか</title>
<style>body{font-family:"Noto Sans JP","Noto Sans CJK JP",sans-serif;max-width:840px;margin:0 auto;padding:16px;line-height:1.7}article{border:1px solid #d0d7de;border-radius:8px;padding:8px 16px;margin:8px 0}pre{white-space:pre-wrap;word-break:break-all}.meta{color:#57606a;font-size:.875rem}</style>
</head><body><h1>開発用 送信箱</h1><p>ローカルの偽 SMTP サーバーと偽 SMS プロバイダが受け取ったメッセージです（新しい順）。本番環境にはこのページはありません。</p>
<h2>メール（${mails.length}件）</h2>${mailItems || '<p>まだありません。</p>'}
<h2>SMS（${sms.length}件）</h2>${smsItems || '<p>まだありません。</p>'}</body></html>`;
    return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  });
}
