import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Handlers } from '../platform/handlers';

export const BROWSER_ID_COOKIE = 'sukoyaka_bid';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const systemHandlers = {
  async ping(_input, { db, now }) {
    await db.execute(sql`select 1`);
    return { status: 'ok' as const, time: now.toISOString() };
  },

  async getAuthenticityTokenForClient(_input, { request, reply }) {
    const session = await request.server.sessions.ensure(request, reply);
    return { authenticityToken: session.row.authenticityToken };
  },

  async getSession(_input, { request, reply, member, config }) {
    // A stable random id per browser for analytics (spec §3), kept in its own long-lived cookie.
    let browserId = request.cookies[BROWSER_ID_COOKIE];
    if (!browserId || !/^[0-9a-f-]{36}$/.test(browserId)) {
      browserId = randomUUID();
      reply.setCookie(BROWSER_ID_COOKIE, browserId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: config.cookieSecure,
        maxAge: 400 * 24 * 60 * 60,
      });
    }
    return { userId: member?.id ?? null, browserId };
  },

  async getAuthState(_input, { request }) {
    const row = request.session?.row;
    return {
      birthdayAuthExpireAt: iso(row?.birthdayAuthExpiresAt ?? null),
      passwordAuthExpireAt: iso(row?.passwordAuthExpiresAt ?? null),
      mynaSecretQuestionExpireAt: iso(row?.mynaSecretQuestionExpiresAt ?? null),
    };
  },
} satisfies Partial<Handlers>;
