import type { CallContext, Handlers } from '../../platform/handlers';
import {
  completeAuthorization,
  disconnect,
  findConnection,
  fitbitUnavailable,
  startAuthorization,
  syncNow,
  toConnection,
} from './connections';

function google({ services }: CallContext<'member'>) {
  if (!services.googleHealth) throw fitbitUnavailable();
  return services.googleHealth;
}

/** The session the authorization is bound to (a member call always has one). */
const caller = (context: CallContext<'member'>) => ({ userId: context.member.id, sessionId: context.request.session!.row.id });

export const fitbitHandlers = {
  async getFitbitAuthentication(_input, { db, member, services }) {
    return toConnection(await findConnection(db, member.id), services.googleHealth !== null);
  },

  async startFitbitAuthorization(_input, context) {
    return startAuthorization(context.db, google(context), caller(context), context.now);
  },

  async createUserFitbitConnectionSettings(input, context) {
    return completeAuthorization(
      { db: context.db, google: google(context), log: context.request.log },
      caller(context),
      input,
      context.now,
    );
  },

  async syncFitbit(_input, context) {
    return syncNow({ db: context.db, google: google(context), log: context.request.log }, context.member.id, context.now);
  },

  async disconnectFitbit(_input, { db, member, services, request, now }) {
    return disconnect({ db, google: services.googleHealth, log: request.log }, member.id, now);
  },
} satisfies Partial<Handlers>;
