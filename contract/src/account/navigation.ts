import { z } from 'zod/mini';
import { defineCall } from '../define';

/**
 * Where a signed-in account must go before it may use the service, in order of precedence; last,
 * the first sign-in's welcome (issue 27), until the member finishes or skips it (finishOnboarding).
 */
export type NavigationNext = '/email_not_verified' | '/unassociated' | `/associations/${string}/agreements` | '/onboarding';

/**
 * The first sign-in's welcome (issue 27): the nickname, the height and a daily step goal, and a
 * device to connect, each skippable. Finishing or skipping it is recorded once, so it is never
 * asked again; a second call answers the first time.
 */
export const finishOnboarding = defineCall({
  name: 'finishOnboarding',
  method: 'POST',
  access: 'member',
  summary:
    "Records that the member finished (or skipped) the first sign-in's welcome, so getNavigationInfo no longer sends them to /onboarding; idempotent.",
  input: () => z.object({ skipped: z.boolean({ error: 'スキップしたかどうかを指定してください' }) }),
  output: () => z.object({ onboardedAt: z.string() }),
});

export const getNavigationInfo = defineCall({
  name: 'getNavigationInfo',
  method: 'GET',
  access: 'account',
  summary:
    "What the areas need to decide what the member may see: their e-mail verification, association, terms still to agree, SMS two-factor, the association's point programs, whether it offers My Number, the unread announcements, and the page to send them to first (`next`, null when none; last of all the first sign-in's welcome).",
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
      /** '/email_not_verified', '/unassociated', '/associations/<id>/agreements', '/onboarding' or null. */
      next: z.nullable(z.string()),
    }),
});
