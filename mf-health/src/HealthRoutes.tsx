import { ComingSoonPage, LazyRoutes, lazyPage, NotFoundPage, type PageRoute } from '@sukoyaka/shared';
import { Route, Routes } from 'react-router';
import { VITAL_KINDS } from './vitals/kinds';

// Each page its own chunk, named after its route ("route:<path>"): the server preloads the chunk
// of the page it answers (webpack.shared.cjs, mf-shared's lazyPage).
const vitalTypePage = () => import(/* webpackChunkName: "route:/vitals/:kind" */ './vitals/VitalTypePage');

/** The health area's pages. */
export const healthPages: readonly PageRoute[] = [
  {
    path: '/vitals',
    page: lazyPage(() => import(/* webpackChunkName: "route:/vitals" */ './vitals/VitalsPage').then((module) => module.VitalsPage)),
  },
  ...VITAL_KINDS.map((kind) => ({
    path: `/vitals/${kind.slug}`,
    page: lazyPage(() => vitalTypePage().then(({ VitalTypePage }) => () => <VitalTypePage kind={kind} />)),
  })),
  // The My Number records: frames around mf-myna's parcels (the records are written once, there).
  {
    path: '/health_reports',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/health_reports" */ './myna-records/MynaRecordPages').then((module) => module.HealthReportsPage),
    ),
  },
  {
    path: '/medication/histories',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/medication/histories" */ './myna-records/MynaRecordPages').then(
        (module) => module.MedicationHistoriesPage,
      ),
    ),
  },
  {
    path: '/medical_expenses/bills',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/medical_expenses/bills" */ './myna-records/MynaRecordPages').then(
        (module) => module.MedicalExpenseBillsPage,
      ),
    ),
  },
  {
    path: '/resource_providers/fitbit/connections',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/resource_providers/fitbit/connections" */ './fitbit/FitbitConnectionsPage').then(
        (module) => module.FitbitConnectionsPage,
      ),
    ),
  },
  {
    path: '/resource_providers/fitbit/callback',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/resource_providers/fitbit/callback" */ './fitbit/FitbitCallbackPage').then(
        (module) => module.FitbitCallbackPage,
      ),
    ),
  },
];

function Fallback() {
  return (
    <Routes>
      <Route path="/health_forecasts/simulations/*" element={<ComingSoonPage title="健康予測シミュレーション" />} />
      <Route path="/doctor_profile01" element={<ComingSoonPage title="監修医師のご紹介" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function HealthRoutes() {
  return <LazyRoutes routes={healthPages} fallback={<Fallback />} />;
}
