import type { Handlers } from '../platform/handlers';
import { getAssociation, listUserAssociations, verifyOrganization } from './org-verification';

export const orgVerificationHandlers = {
  async verifyOrganization(input, { actor, db, member, now }) {
    return verifyOrganization(db, actor, member, input, now);
  },

  async listUserAssociationsByUserID(input, { db, member }) {
    return listUserAssociations(db, member, input.userId);
  },

  async getAssociation(input, { db, member }) {
    return getAssociation(db, member, input.associationId);
  },
} satisfies Partial<Handlers>;
