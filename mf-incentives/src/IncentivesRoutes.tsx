import { LazyRoutes, lazyPage, NotFoundPage, type PageRoute, Route, Routes } from '@sukoyaka/shared';

// Each page its own chunk, named after its route ("route:<path>"): the server preloads the chunk
// of the page it answers (build/shared.cjs, mf-shared's lazyPage).
const coinPages = () => import(/* webpackChunkName: "route:/coin" */ './pages/CoinPages');
const pointPages = () => import(/* webpackChunkName: "route:/points/:pointId" */ './pages/PointPages');
const walkingPages = () => import(/* webpackChunkName: "route:/incentives/walking_events" */ './pages/WalkingEventPages');
const challengePages = () => import(/* webpackChunkName: "route:/incentives/challenges" */ './pages/ChallengesPage');
const agreementPages = () => import(/* webpackChunkName: "route:/points/:pointId/require_agreement" */ './pages/PointAgreementPage');

/** The incentives area's pages (spec §2: /incentives, /coin, /points, /promotions/app). */
export const incentivesPages: readonly PageRoute[] = [
  {
    path: '/incentives',
    page: lazyPage(() => import(/* webpackChunkName: "route:/incentives" */ './pages/IncentivesPage').then((m) => m.IncentivesPage)),
  },
  {
    path: '/incentives/competitions',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/incentives/competitions" */ './pages/CompetitionsPage').then((m) => m.CompetitionsPage),
    ),
  },
  { path: '/incentives/walking_events', page: lazyPage(() => walkingPages().then((m) => m.WalkingEventsPage)) },
  { path: '/incentives/walking_events/:eventId', page: lazyPage(() => walkingPages().then((m) => m.WalkingEventPage)) },
  { path: '/incentives/walking_events/:eventId/teams/:teamId', page: lazyPage(() => walkingPages().then((m) => m.WalkingTeamPage)) },
  { path: '/incentives/walking_invites/:code', page: lazyPage(() => walkingPages().then((m) => m.WalkingInvitePage)) },
  { path: '/incentives/challenges', page: lazyPage(() => challengePages().then((m) => m.ChallengesPage)) },
  { path: '/incentives/challenges/:challengeId', page: lazyPage(() => challengePages().then((m) => m.ChallengePage)) },
  {
    path: '/incentives/user_gifts',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/incentives/user_gifts" */ './pages/UserGiftsPage').then((m) => m.UserGiftsPage),
    ),
  },
  { path: '/coin', page: lazyPage(() => coinPages().then((m) => m.CoinPage)) },
  { path: '/coin/earning', page: lazyPage(() => coinPages().then((m) => m.CoinEarningPage)) },
  { path: '/coin/transactions', page: lazyPage(() => coinPages().then((m) => () => <m.CoinTransactionsPage />)) },
  {
    path: '/coin/redemption',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/coin/redemption" */ './pages/CoinRedemptionPage').then((m) => m.CoinRedemptionPage),
    ),
  },
  {
    path: '/points',
    page: lazyPage(() => import(/* webpackChunkName: "route:/points" */ './pages/PointsPage').then((m) => () => <m.PointsPage />)),
  },
  {
    path: '/points/campaign',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/points/campaign" */ './pages/CampaignPage').then((m) => () => <m.CampaignPage />),
    ),
  },
  { path: '/points/:pointId', page: lazyPage(() => pointPages().then((m) => m.PointPage)) },
  { path: '/points/:pointId/about', page: lazyPage(() => pointPages().then((m) => m.PointAboutPage)) },
  { path: '/points/:pointId/earning', page: lazyPage(() => pointPages().then((m) => m.PointEarningPage)) },
  { path: '/points/:pointId/transactions', page: lazyPage(() => pointPages().then((m) => () => <m.PointTransactionsPage />)) },
  {
    path: '/points/:pointId/redemption',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/points/:pointId/redemption" */ './pages/PointRedemptionPage').then((m) => m.PointRedemptionPage),
    ),
  },
  { path: '/points/:pointId/require_agreement', page: lazyPage(() => agreementPages().then((m) => m.RequireAgreementPage)) },
  { path: '/points/:pointId/agreements', page: lazyPage(() => agreementPages().then((m) => m.AgreementsPage)) },
  {
    path: '/promotions/app',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/promotions/app" */ './pages/AppPromotionPage').then((m) => () => <m.AppPromotionPage />),
    ),
  },
];

function Fallback() {
  return (
    <Routes>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function IncentivesRoutes() {
  return <LazyRoutes routes={incentivesPages} fallback={<Fallback />} />;
}
