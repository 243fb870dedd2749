import { ComingSoonPage, NotFoundPage } from '@sukoyaka/shared';
import { Route, Routes } from 'react-router';
import { FitbitCallbackPage } from './fitbit/FitbitCallbackPage';
import { FitbitConnectionsPage } from './fitbit/FitbitConnectionsPage';
import { VITAL_KINDS } from './vitals/kinds';
import { VitalsPage } from './vitals/VitalsPage';
import { VitalTypePage } from './vitals/VitalTypePage';

export function HealthRoutes() {
  return (
    <Routes>
      <Route path="/vitals" element={<VitalsPage />} />
      {VITAL_KINDS.map((kind) => (
        <Route key={kind.key} path={`/vitals/${kind.slug}`} element={<VitalTypePage kind={kind} />} />
      ))}
      <Route path="/health_reports/*" element={<ComingSoonPage title="健康レポート" />} />
      <Route path="/medication/histories" element={<ComingSoonPage title="お薬の履歴" />} />
      <Route path="/medical_expenses/bills" element={<ComingSoonPage title="医療費" />} />
      <Route path="/health_forecasts/simulations/*" element={<ComingSoonPage title="健康予測シミュレーション" />} />
      <Route path="/resource_providers/fitbit/connections" element={<FitbitConnectionsPage />} />
      <Route path="/resource_providers/fitbit/callback" element={<FitbitCallbackPage />} />
      <Route path="/doctor_profile01" element={<ComingSoonPage title="監修医師のご紹介" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
