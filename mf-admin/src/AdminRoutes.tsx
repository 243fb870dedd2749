import { LazyRoutes, lazyPage, NotFoundPage, type PageRoute, Route, Routes } from '@sukoyaka/shared';
import type { ComponentType } from 'react';
import { AdminLayout } from './parts/AdminLayout';
import { adminPaths } from './paths';

// Each page its own chunk, named after its route ("route:<path>"), as in the other areas.
const signIn = () => import(/* webpackChunkName: "route:/admin/login" */ './pages/SignInPages');

/** Inside the layout: only for an operator signed in with both factors. */
const inLayout = (load: () => Promise<ComponentType>) =>
  lazyPage(() =>
    load().then(
      (Page) =>
        function LaidOut() {
          return (
            <AdminLayout>
              <Page />
            </AdminLayout>
          );
        },
    ),
  );

/** The operators' pages (mf-admin, /admin). */
export const adminPages: readonly PageRoute[] = [
  { path: adminPaths.login, page: lazyPage(() => signIn().then((m) => m.LoginPage)) },
  { path: adminPaths.twoFactor, page: lazyPage(() => signIn().then((m) => m.TwoFactorPage)) },
  { path: adminPaths.enrolment, page: lazyPage(() => signIn().then((m) => m.EnrolmentPage)) },
  {
    path: adminPaths.dashboard,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin" */ './pages/DashboardPage').then((m) => m.DashboardPage)),
  },
  {
    path: adminPaths.announcements,
    page: inLayout(() =>
      import(/* webpackChunkName: "route:/admin/announcements" */ './pages/AnnouncementsPage').then((m) => m.AnnouncementsPage),
    ),
  },
  {
    path: adminPaths.articles,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/articles" */ './pages/ArticlesPage').then((m) => m.ArticlesPage)),
  },
  {
    path: adminPaths.enquetes,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/enquetes" */ './pages/EnquetesPage').then((m) => m.EnquetesPage)),
  },
  {
    path: `${adminPaths.enquetes}/:enqueteId`,
    page: inLayout(() =>
      import(/* webpackChunkName: "route:/admin/enquetes/:enqueteId" */ './pages/EnqueteResultsPage').then((m) => m.EnqueteResultsPage),
    ),
  },
  {
    path: adminPaths.faq,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/faq" */ './pages/FaqPage').then((m) => m.FaqPage)),
  },
  {
    path: adminPaths.documents,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/documents" */ './pages/DocumentsPage').then((m) => m.DocumentsPage)),
  },
  {
    path: adminPaths.competitions,
    page: inLayout(() =>
      import(/* webpackChunkName: "route:/admin/competitions" */ './pages/CompetitionsPage').then((m) => m.CompetitionsPage),
    ),
  },
  {
    path: adminPaths.walkingEvents,
    page: inLayout(() =>
      import(/* webpackChunkName: "route:/admin/walking_events" */ './pages/WalkingEventsPage').then((m) => m.WalkingEventsPage),
    ),
  },
  {
    path: adminPaths.challenges,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/challenges" */ './pages/ChallengesPage').then((m) => m.ChallengesPage)),
  },
  {
    path: adminPaths.roster,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/roster" */ './pages/RosterPage').then((m) => m.RosterPage)),
  },
  {
    path: adminPaths.members,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/members" */ './pages/MembersPage').then((m) => m.MembersPage)),
  },
  {
    path: adminPaths.points,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/points" */ './pages/PointsPage').then((m) => m.PointsPage)),
  },
  {
    path: adminPaths.giftOrders,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/gift_orders" */ './pages/GiftOrdersPage').then((m) => m.GiftOrdersPage)),
  },
  {
    path: adminPaths.doctorProfile,
    page: inLayout(() =>
      import(/* webpackChunkName: "route:/admin/doctor_profile" */ './pages/DoctorProfilePage').then((m) => m.DoctorProfilePage),
    ),
  },
  {
    path: adminPaths.auditLogs,
    page: inLayout(() => import(/* webpackChunkName: "route:/admin/audit_logs" */ './pages/AuditLogPage').then((m) => m.AuditLogPage)),
  },
];

function Fallback() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function AdminRoutes() {
  return <LazyRoutes routes={adminPages} fallback={<Fallback />} />;
}
