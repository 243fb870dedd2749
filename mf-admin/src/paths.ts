/** The operators' pages (everything under /admin, mf-admin). */
export const adminPaths = {
  dashboard: '/admin',
  login: '/admin/login',
  twoFactor: '/admin/two_factor',
  enrolment: '/admin/two_factor/setup',
  announcements: '/admin/announcements',
  enquetes: '/admin/enquetes',
  faq: '/admin/faq',
  documents: '/admin/documents',
  competitions: '/admin/competitions',
  points: '/admin/points',
  giftOrders: '/admin/gift_orders',
  roster: '/admin/roster',
  members: '/admin/members',
  doctorProfile: '/admin/doctor_profile',
  auditLogs: '/admin/audit_logs',
} as const;
