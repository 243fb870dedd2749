import type { Handlers, CallContext } from '../platform/handlers';
import { agree, getAgreement, withdraw } from './agreements';
import { completeAuthorization, mynaUnavailable, startAuthorization } from './connection';
import { exportFiles } from './export';
import { requestImport } from './imports';
import { createReceipt, deleteReceipt, listReceipts, updateReceipt } from './receipts';
import { getExam, listBills, listDispensings, listExams } from './records';
import { removeEverything } from './removal';
import {
  authenticateSecretQuestion,
  createSecretQuestion,
  getUserSecretQuestion,
  MYNA_SECRET_QUESTIONS,
  resetSecretQuestion,
} from './secret-question';
import { connectionState } from './state';

// The My Number Portal area's calls (contract/src/myna). Step-up (the fresh secret-question answer
// for every read of records, export and removal; the password for the reset) is enforced by the
// route layer from the contract before a handler runs.

function portal({ services }: CallContext<'member'>) {
  if (!services.mynaPortal) throw mynaUnavailable();
  return services.mynaPortal.config;
}

/** A member call always has a session. */
const session = (context: CallContext<'member'>) => context.request.session!.row;
const caller = (context: CallContext<'member'>) => ({ userId: context.member.id, session: session(context) });

export const mynaHandlers = {
  getMynaAgreement: (_input, { db, member }) => getAgreement(db, member.id),
  createMynaAgreement: (input, { db, member, actor, now }) => agree(db, actor, member.id, input.version, now),
  withdrawMynaAgreement: (_input, { db, member, actor, now }) => withdraw(db, actor, member.id, now),

  getMynaConnectionState: (_input, context) =>
    connectionState(context.db, context.member.id, session(context), context.services.mynaPortal !== null, context.now),

  getMynaAuthorizationURL: (_input, context) =>
    startAuthorization(context.db, portal(context), { userId: context.member.id, sessionId: session(context).id }, context.now),

  async verifyMynaAuthorization(input, context) {
    const { nextPath } = await completeAuthorization(
      { db: context.db, portal: portal(context), log: context.request.log, actor: context.actor },
      { userId: context.member.id, sessionId: session(context).id },
      input,
      context.now,
    );
    return { nextPath, connection: await connectionState(context.db, context.member.id, session(context), true, context.now) };
  },

  createMynaImport: async (_input, context) => {
    portal(context);
    return { import: await requestImport(context.db, context.actor, context.member.id, context.now) };
  },

  listMynaSecretQuestions: async () => ({ questions: [...MYNA_SECRET_QUESTIONS] }),
  getUserMynaSecretQuestion: (_input, context) => getUserSecretQuestion(context.db, context.member.id, session(context), context.now),
  createUserMynaSecretQuestion: (input, context) => createSecretQuestion(context.db, context.actor, caller(context), input, context.now),
  authenticateUserMynaSecretQuestion: (input, context) =>
    authenticateSecretQuestion(context.db, context.actor, caller(context), input.answer, context.now),
  resetUserMynaSecretQuestion: (_input, context) => resetSecretQuestion(context.db, context.actor, caller(context), context.now),

  listMynaMedicalExams: (input, { db, member, actor, now }) => listExams(db, actor, member.id, input, now),
  getMynaMedicalExam: (input, { db, member, actor, now }) => getExam(db, actor, member.id, input.id, now),
  listMynaMedicines: (input, { db, member, actor, now }) => listDispensings(db, actor, member.id, input, now),
  listMynaMedicalBills: (input, { db, member, actor, now }) => listBills(db, actor, member.id, input, now),

  listMynaMedicalReceipts: (input, { db, member, actor, now }) => listReceipts(db, actor, member.id, input, now),
  createMynaMedicalReceipt: (input, { db, member, actor, now }) => createReceipt(db, actor, member.id, input, now),
  updateMynaMedicalReceipt: (input, { db, member, actor, now }) => updateReceipt(db, actor, member.id, input, now),
  deleteMynaMedicalReceipt: (input, { db, member, actor, now }) => deleteReceipt(db, actor, member.id, input.id, now),

  exportMynaHealthFiles: (input, { db, member, actor, now }) => exportFiles(db, actor, member.id, input, now),
  removeMynaSensitives: (_input, { db, member, actor, now }) => removeEverything(db, actor, member.id, now),
} satisfies Partial<Handlers>;
