import type { Handlers } from '../platform/handlers';
import { agreeToDocuments, listAgreements, withdrawConsent } from './agreements';

export const agreementHandlers = {
  async listAssociationAgreements(input, { db, member }) {
    return listAgreements(db, member, input.associationId);
  },

  async agreeAssociationAgreements(input, { actor, db, member, now }) {
    return agreeToDocuments(db, actor, member, input.documentIds, now);
  },

  async withdrawAssociationAgreement(input, { actor, db, member, now }) {
    return withdrawConsent(db, actor, member, input.documentId, now);
  },
} satisfies Partial<Handlers>;
