import { ComingSoonPage, NotFoundPage } from '@sukoyaka/shared';
import { Route, Routes } from 'react-router';

/** Coins, points, campaigns and gifts come with their own issue; until then each page says so. */
export function IncentivesRoutes() {
  return (
    <Routes>
      <Route path="/incentives/*" element={<ComingSoonPage title="インセンティブ" />} />
      <Route path="/coin/*" element={<ComingSoonPage title="コイン" />} />
      <Route path="/points/*" element={<ComingSoonPage title="ポイント" />} />
      <Route path="/promotions/*" element={<ComingSoonPage title="アプリのご案内" />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
