import type { Handlers } from '../platform/handlers';
import { agreeToDocuments, listAgreements, withdrawConsent } from './agreements';

export const agreementHandlers = {
  async listAssociationAgreements(input, { db, member }) {
    return listAgreements(db, member, input.associationId);
  },

  async agreeAssociationAgreements(input, { request, db, member, now }) {
    return agreeToDocuments(db, request, member, input.documentIds, now);
  },

  async withdrawAssociationAgreement(input, { request, db, member, now }) {
    return withdrawConsent(db, request, member, input.documentId, now);
  },
} satisfies Partial<Handlers>;
