import type { Handlers } from '../platform/handlers';
import { getAssociation, listUserAssociations, verifyOrganization } from './org-verification';

export const orgVerificationHandlers = {
  async verifyOrganization(input, { request, db, member, now }) {
    return verifyOrganization(db, request, member, input, now);
  },

  async listUserAssociationsByUserID(input, { db, member }) {
    return listUserAssociations(db, member, input.userId);
  },

  async getAssociation(input, { db, member }) {
    return getAssociation(db, member, input.associationId);
  },
} satisfies Partial<Handlers>;
