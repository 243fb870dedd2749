/** The operators' pages (everything under /admin, mf-admin). */
export const adminPaths = {
  dashboard: '/admin',
  login: '/admin/login',
  twoFactor: '/admin/two_factor',
  enrolment: '/admin/two_factor/setup',
  announcements: '/admin/announcements',
  articles: '/admin/articles',
  enquetes: '/admin/enquetes',
  faq: '/admin/faq',
  documents: '/admin/documents',
  competitions: '/admin/competitions',
  walkingEvents: '/admin/walking_events',
  challenges: '/admin/challenges',
  points: '/admin/points',
  giftOrders: '/admin/gift_orders',
  roster: '/admin/roster',
  members: '/admin/members',
  doctorProfile: '/admin/doctor_profile',
  auditLogs: '/admin/audit_logs',
} as const;

/**
 * Every route of the console's route table (`adminPages`, AdminRoutes.tsx; AdminRoutes.test.ts
 * holds them equal): what the console's audit, e2e/tests/admin-audit.test.ts, must visit.
 */
export const adminRoutePaths: readonly string[] = [...Object.values(adminPaths), `${adminPaths.enquetes}/:enqueteId`];
