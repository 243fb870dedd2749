import { LazyRoutes, lazyPage, NotFoundPage, type PageRoute, Route, Routes } from '@sukoyaka/shared';
import { VITAL_KINDS } from './vitals/kinds';

// Each page its own chunk, named after its route ("route:<path>"): the server preloads the chunk
// of the page it answers (build/shared.cjs, mf-shared's lazyPage).
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
  {
    path: '/health_forecasts/simulations',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/health_forecasts/simulations" */ './forecast/ForecastPage').then((module) => module.ForecastPage),
    ),
  },
  {
    path: '/health_forecasts/simulations/about',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/health_forecasts/simulations/about" */ './forecast/AboutPage').then(
        (module) => module.ForecastAboutPage,
      ),
    ),
  },
  {
    path: '/doctor_profile01',
    page: lazyPage(() =>
      import(/* webpackChunkName: "route:/doctor_profile01" */ './forecast/DoctorProfilePage').then((module) => module.DoctorProfilePage),
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

export function HealthRoutes() {
  return <LazyRoutes routes={healthPages} fallback={<Fallback />} />;
}
