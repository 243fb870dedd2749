import { z } from 'zod/mini';
import { defineCall } from '../define';

/** Where a signed-in account must go before it may use the service, in order of precedence. */
export type NavigationNext = '/email_not_verified' | '/unassociated' | `/associations/${string}/agreements`;

export const getNavigationInfo = defineCall({
  name: 'getNavigationInfo',
  method: 'GET',
  access: 'account',
  summary:
    "What the areas need to decide what the member may see: their e-mail verification, association, terms still to agree, SMS two-factor, the association's point programs, whether it offers My Number, the unread announcements, and the page to send them to first (`next`, null when none).",
  input: () => z.strictObject({}),
  output: () =>
    z.object({
      nickname: z.string(),
      emailVerified: z.boolean(),
      association: z.nullable(z.object({ id: z.string(), name: z.string() })),
      /** The association whose current terms the member has not agreed to yet. */
      pendingAgreementAssociationId: z.nullable(z.string()),
      smsMfaEnabled: z.boolean(),
      /** What the member may see (issue 14): the association's point programs, whether it offers My Number, unread announcements. */
      pointPrograms: z.array(z.object({ id: z.string(), name: z.string() })),
      mynaAvailable: z.boolean(),
      unreadAnnouncements: z.number(),
      /** '/email_not_verified', '/unassociated', '/associations/<id>/agreements' or null. */
      next: z.nullable(z.string()),
    }),
});
