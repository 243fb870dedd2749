import type { Handlers } from '../api/handlers';
import { authenticateByPassword, getUserInfo } from './members';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export const accountHandlers = {
  async getAuthenticityTokenForClient(_input, { request, reply, now: _now }) {
    const session = await request.server.sessions.ensure(request, reply);
    return { authenticityToken: session.row.authenticityToken };
  },

  async getAuthState(_input, { request }) {
    const row = request.session?.row;
    return {
      birthdayAuthExpireAt: iso(row?.birthdayAuthExpiresAt ?? null),
      passwordAuthExpireAt: iso(row?.passwordAuthExpiresAt ?? null),
      mynaSecretQuestionExpireAt: iso(row?.mynaSecretQuestionExpiresAt ?? null),
    };
  },

  async signIn(input, { request, reply, db }) {
    const member = await authenticateByPassword(db, input.email, input.password);
    await request.server.sessions.startMember(request, reply, member.id);
    return { userId: member.id };
  },

  async getUserInfo(_input, { db, member }) {
    return getUserInfo(db, member);
  },
} satisfies Partial<Handlers>;
